import type { SxProps, Theme } from '@mui/material/styles';

/**
 * How a report body reads, in the editor and on the print page: each paragraph takes its own
 * direction from its first strong letter (an Arabic paragraph right-to-left among English).
 * A module of its own, so the print page's chunk carries no Tiptap.
 */
export const REPORT_BODY_SX: SxProps<Theme> = {
  lineHeight: 1.6,
  overflowWrap: 'anywhere',
  '& :is(p, li, h2, h3, blockquote, td, th)': { unicodeBidi: 'plaintext', textAlign: 'start' },
  '& h2': { fontSize: '1.3rem', fontWeight: 700, mt: 2, mb: 1 },
  '& h3': { fontSize: '1.1rem', fontWeight: 700, mt: 1.5, mb: 0.75 },
  '& p': { my: 0.75 },
  '& blockquote': { borderInlineStart: 4, borderColor: 'divider', m: 0, my: 1, px: 2, color: 'text.secondary' },
  '& a': { color: 'primary.main' },
  '& table': { borderCollapse: 'collapse' },
  '& :is(td, th)': { border: 1, borderColor: 'divider', px: 1 },
};
