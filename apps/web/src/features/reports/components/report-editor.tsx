import FormatBoldRounded from '@mui/icons-material/FormatBoldRounded';
import FormatItalicRounded from '@mui/icons-material/FormatItalicRounded';
import FormatListBulletedRounded from '@mui/icons-material/FormatListBulletedRounded';
import FormatListNumberedRounded from '@mui/icons-material/FormatListNumberedRounded';
import FormatQuoteRounded from '@mui/icons-material/FormatQuoteRounded';
import FormatUnderlinedRounded from '@mui/icons-material/FormatUnderlinedRounded';
import LinkRounded from '@mui/icons-material/LinkRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_BODY_SX } from './report-body-style';

type Mark = 'bold' | 'italic' | 'underline' | 'bulletList' | 'orderedList' | 'blockquote' | 'link';

function ToolButton({
  label,
  pressed,
  onClick,
  disabled,
  children,
}: {
  label: string;
  pressed: boolean;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={pressed}
          disabled={disabled}
          onClick={onClick}
          color={pressed ? 'primary' : 'default'}
          sx={pressed ? { bgcolor: 'action.selected' } : undefined}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

function LinkDialog({ editor, open, onClose }: { editor: Editor; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [href, setHref] = useState('');
  const titleId = useId();
  useEffect(() => {
    if (open) setHref((editor.getAttributes('link').href as string | undefined) ?? 'https://');
  }, [open, editor]);
  const apply = () => {
    const chain = editor.chain().focus().extendMarkRange('link');
    const url = href.trim();
    if (url && url !== 'https://') chain.setLink({ href: url }).run();
    else chain.unsetLink().run();
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('reports.editor.linkTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          type="url"
          label={t('reports.editor.linkAddress')}
          value={href}
          onChange={(e) => setHref(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          {t('reports.editor.cancel')}
        </Button>
        <Button variant="contained" onClick={apply}>
          {t('reports.editor.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The report body: Tiptap with the toolbar of the tags the server keeps (`REPORT_ALLOWED_TAGS`).
 * The editor area is a labelled multi-line text box; every button says what it does and
 * whether it is on.
 */
export function ReportEditor({
  label,
  value,
  onChange,
  error,
  disabled = false,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** The body's error, in the reader's language. */
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const errorId = useId();
  const [linkOpen, setLinkOpen] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
        dir: 'auto',
      },
    },
    // An empty editor gives '<p></p>': send an empty body instead.
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // A draft loaded after the editor started (edit page) fills it once.
  useEffect(() => {
    if (editor && value && editor.isEmpty && value !== editor.getHTML()) editor.commands.setContent(value);
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const on = (name: Mark | 'heading', attrs?: object) => e?.isActive(name, attrs) ?? false;
      return {
        bold: on('bold'),
        italic: on('italic'),
        underline: on('underline'),
        h2: on('heading', { level: 2 }),
        h3: on('heading', { level: 3 }),
        bulletList: on('bulletList'),
        orderedList: on('orderedList'),
        blockquote: on('blockquote'),
        link: on('link'),
      };
    },
  });

  const run = (command: (e: Editor) => void) => () => {
    if (editor) command(editor);
  };
  const pressed = (key: keyof NonNullable<typeof state>) => state?.[key] ?? false;

  return (
    <Box>
      <Typography id={labelId} component="span" variant="body2" sx={{ display: 'block', mb: 0.5, fontWeight: 500 }}>
        {label}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: 1 },
        }}
      >
        <Box
          role="toolbar"
          aria-label={t('reports.editor.toolbar')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25, p: 0.5, borderBottom: 1, borderColor: 'divider' }}
        >
          <ToolButton
            label={t('reports.editor.bold')}
            pressed={pressed('bold')}
            disabled={disabled}
            onClick={run((e) => e.chain().focus().toggleBold().run())}
          >
            <FormatBoldRounded fontSize="small" />
          </ToolButton>
          <ToolButton
            label={t('reports.editor.italic')}
            pressed={pressed('italic')}
            disabled={disabled}
            onClick={run((e) => e.chain().focus().toggleItalic().run())}
          >
            <FormatItalicRounded fontSize="small" />
          </ToolButton>
          <ToolButton
            label={t('reports.editor.underline')}
            pressed={pressed('underline')}
            disabled={disabled}
            onClick={run((e) => e.chain().focus().toggleUnderline().run())}
          >
            <FormatUnderlinedRounded fontSize="small" />
          </ToolButton>
          <ToolButton
            label={t('reports.editor.heading2')}
            pressed={pressed('h2')}
            disabled={disabled}
            onClick={run((e) => e.chain().focus().toggleHeading({ level: 2 }).run())}
          >
            <Box component="span" sx={{ fontSize: '0.8rem', fontWeight: 700, width: 20 }} aria-hidden>
              H2
            </Box>
          </ToolButton>
          <ToolButton
            label={t('reports.editor.heading3')}
            pressed={pressed('h3')}
            disabled={disabled}
            onClick={run((e) => e.chain().focus().toggleHeading({ level: 3 }).run())}
          >
            <Box component="span" sx={{ fontSize: '0.8rem', fontWeight: 700, width: 20 }} aria-hidden>
              H3
            </Box>
          </ToolButton>
          <ToolButton
            label={t('reports.editor.bulletList')}
            pressed={pressed('bulletList')}
            disabled={disabled}
            onClick={run((e) => e.chain().focus().toggleBulletList().run())}
          >
            <FormatListBulletedRounded fontSize="small" />
          </ToolButton>
          <ToolButton
            label={t('reports.editor.orderedList')}
            pressed={pressed('orderedList')}
            disabled={disabled}
            onClick={run((e) => e.chain().focus().toggleOrderedList().run())}
          >
            <FormatListNumberedRounded fontSize="small" />
          </ToolButton>
          <ToolButton
            label={t('reports.editor.blockquote')}
            pressed={pressed('blockquote')}
            disabled={disabled}
            onClick={run((e) => e.chain().focus().toggleBlockquote().run())}
          >
            <FormatQuoteRounded fontSize="small" />
          </ToolButton>
          <ToolButton
            label={t('reports.editor.link')}
            pressed={pressed('link')}
            disabled={disabled}
            onClick={() => setLinkOpen(true)}
          >
            <LinkRounded fontSize="small" />
          </ToolButton>
        </Box>
        <Box
          sx={{
            ...REPORT_BODY_SX,
            px: 1.5,
            '& .ProseMirror': { minHeight: 220, outline: 'none', py: 1 },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      {error ? (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      ) : null}
      {editor ? <LinkDialog editor={editor} open={linkOpen} onClose={() => setLinkOpen(false)} /> : null}
    </Box>
  );
}
