import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { ACTIVE_TICKET_STATUSES, type TTicketStats } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMinutes } from '../../../lib/format';
import { deskTicketPath, ownerName } from '../ticket-format';
import { DESK_PERIODS, type DeskPeriod } from './use-desk-filters';

/** Same hues as the status chips. */
const STATUS_COLORS = { open: '#3b82d6', in_progress: '#e0a030', answered: '#3aa55d' } as const;

function StatCard({
  label,
  value,
  hint,
  alert = false,
}: {
  label: string;
  value: ReactNode;
  hint?: string;
  alert?: boolean;
}) {
  return (
    <Card
      sx={(theme) => ({
        ...(alert && {
          borderColor: '#c62828',
          bgcolor: '#fdeceb',
          ...theme.applyStyles('dark', { borderColor: '#ff8a80', bgcolor: 'rgba(255, 90, 80, 0.12)' }),
        }),
      })}
    >
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
        <Typography variant="body2" color="text.secondary" component="h3">
          {label}
        </Typography>
        <Typography sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.3 }}>{value}</Typography>
        {hint ? (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The desk's figures (spec: open by status and department, medians, overdue tickets) and a chart. */
export function DeskStats({
  stats,
  period,
  onPeriod,
}: {
  stats: TTicketStats | undefined;
  period: DeskPeriod;
  onPeriod: (period: DeskPeriod) => void;
}) {
  const { t } = useTranslation();
  const hours = stats ? Math.round((stats.waiting_minutes / 60) * 10) / 10 : 4;
  // Medians may be under a minute (formatMinutes would say "no data" for those).
  const minutes = (m: number | null) => (m === null ? '—' : m < 1 ? t('desk.underAMinute') : formatMinutes(m));
  return (
    <Box component="section" aria-labelledby="desk-stats-title" sx={{ mb: 4 }}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}
      >
        <Typography id="desk-stats-title" variant="h2" sx={{ fontSize: '1.1rem' }}>
          {t('desk.statsTitle')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={period}
          onChange={(_e, value: DeskPeriod | null) => value && onPeriod(value)}
          aria-label={t('desk.period')}
        >
          {DESK_PERIODS.map((days) => (
            <ToggleButton key={days} value={days}>
              {t('desk.lastDays', { count: days })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {!stats ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={100} />
          ))}
        </Box>
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, mb: 2 }}>
            {ACTIVE_TICKET_STATUSES.map((s) => (
              <StatCard key={s} label={t(`tickets.statuses.${s}`)} value={stats.open_by_status[s]} />
            ))}
            <StatCard
              label={t('desk.waitingLong', { hours })}
              value={stats.waiting_count}
              alert={stats.waiting_count > 0}
            />
            <StatCard
              label={t('desk.medianFirstResponse')}
              value={minutes(stats.median_first_response_minutes)}
              hint={t('desk.inPeriod', { count: period })}
            />
            <StatCard
              label={t('desk.medianResolution')}
              value={minutes(stats.median_resolution_minutes)}
              hint={t('desk.inPeriod', { count: period })}
            />
            <StatCard
              label={t('desk.created')}
              value={stats.created_in_period}
              hint={t('desk.inPeriod', { count: period })}
            />
            <StatCard
              label={t('desk.closed')}
              value={stats.closed_in_period}
              hint={t('desk.inPeriod', { count: period })}
            />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
            <Card>
              <CardContent>
                <Typography component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                  {t('desk.byDepartment')}
                </Typography>
                {stats.open_by_department.length === 0 ? (
                  <Typography color="text.secondary">{t('desk.chartEmpty')}</Typography>
                ) : (
                  <BarChart
                    height={240}
                    xAxis={[
                      {
                        scaleType: 'band',
                        data: stats.open_by_department.map((d) => d.department),
                        label: t('desk.chartDepartments'),
                      },
                    ]}
                    // Counts of tickets: whole-number ticks only.
                    yAxis={[
                      {
                        label: t('desk.chartTickets'),
                        tickMinStep: 1,
                        valueFormatter: (v: number) => String(Math.round(v)),
                      },
                    ]}
                    series={ACTIVE_TICKET_STATUSES.map((s) => ({
                      data: stats.open_by_department.map((d) => d[s]),
                      label: t(`tickets.statuses.${s}`),
                      stack: 'active',
                      color: STATUS_COLORS[s],
                    }))}
                  />
                )}
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                <Typography component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                  {t('desk.longestWaiting')}
                </Typography>
                {stats.waiting.length === 0 ? (
                  <Typography color="text.secondary">{t('desk.noneWaiting', { hours })}</Typography>
                ) : (
                  <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
                    {stats.waiting.slice(0, 6).map((w) => (
                      <li key={w.id}>
                        <Link component={RouterLink} to={deskTicketPath(w.id)} sx={{ fontWeight: 600 }}>
                          #{w.id} {w.subject}
                        </Link>
                        <Typography variant="body2" color="text.secondary">
                          {ownerName(w.user)} · {w.department} ·{' '}
                          {t('desk.waitingFor', { time: formatMinutes(w.waiting_minutes) })}
                        </Typography>
                      </li>
                    ))}
                  </Box>
                )}
              </CardContent>
            </Card>
          </Box>
        </>
      )}
    </Box>
  );
}
