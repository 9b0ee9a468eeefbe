import LockRounded from '@mui/icons-material/LockRounded';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { Theme } from '@mui/material/styles';
import type { TTicketPriority, TTicketStatus } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { CHIP_TONES, tonedChip, type ChipTone } from '../../../components/chip-tones';

const STATUS_TONE: Record<TTicketStatus, ChipTone> = {
  open: CHIP_TONES.blue,
  in_progress: CHIP_TONES.amber,
  answered: CHIP_TONES.green,
  closed: CHIP_TONES.grey,
};

const PRIORITY_TONE: Partial<Record<TTicketPriority, ChipTone>> = { high: CHIP_TONES.amber, urgent: CHIP_TONES.red };

export function TicketStatusChip({ status, size = 'small' }: { status: TTicketStatus; size?: ChipProps['size'] }) {
  const { t } = useTranslation();
  return <Chip size={size} label={t(`tickets.statuses.${status}`)} sx={tonedChip(STATUS_TONE[status])} />;
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
    <Chip size={size} label={label} sx={tonedChip(tone)} />
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
      sx={tonedChip(CHIP_TONES.amber)}
    />
  );
}
