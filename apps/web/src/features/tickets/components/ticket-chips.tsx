import LockRounded from '@mui/icons-material/LockRounded';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { Theme } from '@mui/material/styles';
import type { TTicketPriority, TTicketStatus } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/**
 * Tone-on-tint chips with text colours chosen for WCAG AA contrast in both colour
 * schemes (MUI's stock info/warning chips fail it at small sizes).
 */
export type Tone = { light: [text: string, bg: string]; dark: [text: string, bg: string] };

export const TONES = {
  blue: { light: ['#0b4f96', '#e3efff'], dark: ['#a9cdff', 'rgba(90, 150, 240, 0.18)'] },
  amber: { light: ['#7a4100', '#fff0d4'], dark: ['#ffd08a', 'rgba(255, 176, 60, 0.16)'] },
  green: { light: ['#17612b', '#def4e4'], dark: ['#98e3ad', 'rgba(80, 200, 120, 0.16)'] },
  grey: { light: ['#434e5e', '#eceff4'], dark: ['#c6cfdb', 'rgba(200, 210, 225, 0.12)'] },
  red: { light: ['#ffffff', '#b3261e'], dark: ['#ffb8b0', 'rgba(255, 90, 80, 0.2)'] },
} satisfies Record<string, Tone>;

export const toned = (tone: Tone) => (theme: Theme) => ({
  color: tone.light[0],
  bgcolor: tone.light[1],
  fontWeight: 600,
  ...theme.applyStyles('dark', { color: tone.dark[0], bgcolor: tone.dark[1] }),
});

const STATUS_TONE: Record<TTicketStatus, Tone> = {
  open: TONES.blue,
  in_progress: TONES.amber,
  answered: TONES.green,
  closed: TONES.grey,
};

const PRIORITY_TONE: Partial<Record<TTicketPriority, Tone>> = { high: TONES.amber, urgent: TONES.red };

export function TicketStatusChip({ status, size = 'small' }: { status: TTicketStatus; size?: ChipProps['size'] }) {
  const { t } = useTranslation();
  return <Chip size={size} label={t(`tickets.statuses.${status}`)} sx={toned(STATUS_TONE[status])} />;
}

export function TicketPriorityChip({
  priority,
  size = 'small',
}: {
  priority: TTicketPriority;
  size?: ChipProps['size'];
}) {
  const { t } = useTranslation();
  const tone = PRIORITY_TONE[priority];
  const label = t(`tickets.priorities.${priority}`);
  return tone ? (
    <Chip size={size} label={label} sx={toned(tone)} />
  ) : (
    <Chip size={size} variant="outlined" label={label} />
  );
}

/**
 * Internal notes (and the reply box in note mode): a warm tint and border, unlike any
 * reply the requester can see, in both colour schemes.
 */
export const noteSx = (theme: Theme) => ({
  bgcolor: '#fff6dc',
  border: '1px dashed #c98a00',
  ...theme.applyStyles('dark', { bgcolor: 'rgba(255, 190, 70, 0.10)', borderColor: 'rgba(255, 190, 70, 0.55)' }),
});

export function InternalNoteChip() {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      icon={<LockRounded sx={{ color: 'inherit !important' }} />}
      label={t('tickets.notes.label')}
      sx={toned(TONES.amber)}
    />
  );
}
