import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TItStatus } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../../components/bidi';
import { formatMinutes } from '../../../../lib/format';

const COLORS = { active: 'success', idle: 'warning', locked: 'info', offline: 'default' } as const;

/** "for 12m" from `since` to `now` (spec §5 'Xh Ym'); under a minute said in words. */
export function forDuration(t: TFunction, since: string, now: number): string {
  const minutes = (now - Date.parse(since)) / 60_000;
  return minutes < 1 ? t('it.board.underMinute') : t('it.board.forDuration', { duration: formatMinutes(minutes) });
}

/** The machine's state in words, and for how long it has held (when known). */
export function ItStatusChip({ status, since, now }: { status: TItStatus; since: string | null; now: number }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Chip
        size="small"
        color={COLORS[status]}
        variant={status === 'offline' ? 'outlined' : 'filled'}
        label={t(`it.status.${status}`)}
      />
      {since ? (
        <Typography variant="body2" color="text.secondary" component="span" sx={{ whiteSpace: 'nowrap' }}>
          <Bidi>{forDuration(t, since, now)}</Bidi>
        </Typography>
      ) : null}
    </Box>
  );
}
