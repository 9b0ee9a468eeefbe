import Chip, { type ChipProps } from '@mui/material/Chip';
import type { TOcrJobStatus } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { CHIP_TONES, tonedChip, type ChipTone } from '../../../components/chip-tones';

const STATUS_TONE: Record<TOcrJobStatus, ChipTone> = {
  queued: CHIP_TONES.grey,
  running: CHIP_TONES.blue,
  done: CHIP_TONES.green,
  failed: CHIP_TONES.red,
  cancelled: CHIP_TONES.amber,
};

/** A job's status in words on the tickets' AA-contrast tones (never colour alone). */
export function OcrStatusChip({ status, size = 'small' }: { status: TOcrJobStatus; size?: ChipProps['size'] }) {
  const { t } = useTranslation();
  return <Chip size={size} label={t(`ocr.statuses.${status}`)} sx={tonedChip(STATUS_TONE[status])} />;
}
