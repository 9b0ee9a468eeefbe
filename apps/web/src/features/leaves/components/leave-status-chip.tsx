import Chip, { type ChipProps } from '@mui/material/Chip';
import type { TLeaveStatus } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { CHIP_TONES, tonedChip, type ChipTone } from '../../../components/chip-tones';

/** The same AA-contrast tones as the ticket chips: waiting amber, approved green, refused red, withdrawn grey. */
const STATUS_TONE: Record<TLeaveStatus, ChipTone> = {
  pending: CHIP_TONES.amber,
  awaiting_hr: CHIP_TONES.blue,
  approved: CHIP_TONES.green,
  rejected: CHIP_TONES.red,
  cancelled: CHIP_TONES.grey,
  revoked: CHIP_TONES.grey,
};

/** A request's status as colour and words (never colour alone). */
export function LeaveStatusChip({ status, size = 'small' }: { status: TLeaveStatus; size?: ChipProps['size'] }) {
  const { t } = useTranslation();
  return (
    <Chip size={size} label={t(`leaves.statuses.${status}`)} sx={tonedChip(STATUS_TONE[status])} data-status={status} />
  );
}
