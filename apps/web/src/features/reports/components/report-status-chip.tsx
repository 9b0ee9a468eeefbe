import Chip from '@mui/material/Chip';
import type { TReportStatus } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { CHIP_TONES, tonedChip, type ChipTone } from '../../../components/chip-tones';

/** The ticket chips' AA-contrast tones: a draft amber, submitted green, superseded grey. */
const STATUS_TONE: Record<TReportStatus, ChipTone> = {
  draft: CHIP_TONES.amber,
  submitted: CHIP_TONES.green,
  superseded: CHIP_TONES.grey,
};

/** A report's status as colour and words (never colour alone). */
export function ReportStatusChip({ status }: { status: TReportStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" label={t(`reports.statuses.${status}`)} sx={tonedChip(STATUS_TONE[status])} />;
}
