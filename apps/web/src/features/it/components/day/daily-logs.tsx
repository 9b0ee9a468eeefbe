import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TDailyLog } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../../components/bidi';
import { formatMinutes, formatNumber } from '../../../../lib/format';
import { clockOf } from './day-format';
import { Fact, Facts } from './day-facts';

const clockSpan = (from: string, to: string | null, now: string) => (
  <Box component="span" dir="ltr" sx={{ unicodeBidi: 'isolate', whiteSpace: 'nowrap' }}>
    {clockOf(from)}–{to ? clockOf(to) : now}
  </Box>
);

/** The agent's own account of the day, one per machine: first and last activity, minutes, lock periods. */
export function DailyLogs({ logs }: { logs: readonly TDailyLog[] }) {
  const { t } = useTranslation();
  if (logs.length === 0) return <Typography color="text.secondary">{t('it.day.noLogs')}</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {logs.map((log) => (
        <Box key={log.hostname} data-testid="daily-log">
          <Typography component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            {t('it.day.machine')} <Bidi>{log.hostname}</Bidi>
          </Typography>
          <Facts>
            <Fact label={t('it.day.firstActivity')}>{log.first_activity ? clockOf(log.first_activity) : '—'}</Fact>
            <Fact label={t('it.day.lastActivity')}>{log.last_activity ? clockOf(log.last_activity) : '—'}</Fact>
            <Fact label={t('it.day.active')}>{formatMinutes(log.active_minutes)}</Fact>
            <Fact label={t('it.day.idle')}>{formatMinutes(log.idle_minutes)}</Fact>
            <Fact label={t('it.day.locked')}>{formatMinutes(log.locked_minutes)}</Fact>
          </Facts>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {t('it.day.lockPeriods', { count: log.lock_periods.length, n: formatNumber(log.lock_periods.length) })}
          </Typography>
          {log.lock_periods.length ? (
            <Box component="ul" sx={{ m: 0, mt: 0.5, ps: 2.5, columns: '8rem' }}>
              {log.lock_periods.map((p) => (
                <li key={p.from}>{clockSpan(p.from, p.to, t('it.day.now'))}</li>
              ))}
            </Box>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
