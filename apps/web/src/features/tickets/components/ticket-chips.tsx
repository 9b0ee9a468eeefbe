import Chip, { type ChipProps } from '@mui/material/Chip';
import type { TTicketPriority, TTicketStatus } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<TTicketStatus, ChipProps['color']> = {
  open: 'info',
  in_progress: 'warning',
  answered: 'success',
  closed: 'default',
};

const PRIORITY_COLOR: Record<TTicketPriority, ChipProps['color']> = {
  low: 'default',
  normal: 'default',
  high: 'warning',
  urgent: 'error',
};

export function TicketStatusChip({ status, size = 'small' }: { status: TTicketStatus; size?: ChipProps['size'] }) {
  const { t } = useTranslation();
  return <Chip size={size} color={STATUS_COLOR[status]} label={t(`tickets.statuses.${status}`)} />;
}

export function TicketPriorityChip({
  priority,
  size = 'small',
}: {
  priority: TTicketPriority;
  size?: ChipProps['size'];
}) {
  const { t } = useTranslation();
  return (
    <Chip
      size={size}
      variant={priority === 'urgent' ? 'filled' : 'outlined'}
      color={PRIORITY_COLOR[priority]}
      label={t(`tickets.priorities.${priority}`)}
    />
  );
}
