import Chip from '@mui/material/Chip';
import type { TShareCallStatus } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { CHIP_TONES, tonedChip, type ChipTone } from '../../../components/chip-tones';

const STATUS_TONE: Record<TShareCallStatus, ChipTone> = {
  requested: CHIP_TONES.amber,
  active: CHIP_TONES.blue,
  declined: CHIP_TONES.red,
  ended: CHIP_TONES.green,
  missed: CHIP_TONES.grey,
};

/** A call's status in words on the tickets' AA-contrast tones (never colour alone). */
export function ShareStatusChip({ status }: { status: TShareCallStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" label={t(`share.statuses.${status}`)} sx={tonedChip(STATUS_TONE[status])} />;
}

/** Online or offline, in words. */
export function OnlineChip({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(online ? 'share.people.online' : 'share.people.offline')}
      sx={tonedChip(online ? CHIP_TONES.green : CHIP_TONES.grey)}
    />
  );
}
