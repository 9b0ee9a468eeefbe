import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Collapse from '@mui/material/Collapse';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import { BarChart } from '@mui/x-charts/BarChart';
import { ACTIVE_TICKET_STATUSES, type TTicketStats } from '@portal/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Bidi } from '../../../components/bidi';
import { ChartFigure, chartFormat, useChartDirection } from '../../../components/charts';
import { formatMinutes, formatNumber } from '../../../lib/format';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import { deskTicketPath, ownerName } from '../ticket-format';
import { DESK_PERIODS, type DeskPeriod } from './use-desk-filters';
import { departmentName } from '../../../components/department-name';

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
      <CardContent sx={{ px: 1.5, py: 1, '&:last-child': { pb: 1 } }}>
        <Typography variant="body2" color="text.secondary" component="h3" sx={{ lineHeight: 1.25 }}>
          {label}
        </Typography>
        <Typography sx={{ fontSize: '1.3rem', fontWeight: 700, lineHeight: 1.3 }}>{value}</Typography>
        {hint ? (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

/**
 * Active tickets per department, stacked by status: the departments along one axis (from the
 * right in Arabic), whole-number counts in the reader's digits along the other, and the same
 * counts as a table for screen readers.
 */
function DepartmentChart({ departments }: { departments: TTicketStats['open_by_department'] }) {
  const { t } = useTranslation();
  const dir = useChartDirection();
  const total = (d: TTicketStats['open_by_department'][number]) =>
    ACTIVE_TICKET_STATUSES.reduce((sum, s) => sum + d[s], 0);
  const busiest = departments.reduce((a, b) => (total(b) > total(a) ? b : a));
  return (
    <ChartFigure
      title={t('desk.byDepartment')}
      summary={t('desk.chartSummary', { department: departmentName(t, busiest.department), count: total(busiest) })}
      table={{
        category: t('desk.chartDepartments'),
        series: ACTIVE_TICKET_STATUSES.map((s) => t(`tickets.statuses.${s}`)),
        rows: departments.map((d) => ({
          label: departmentName(t, d.department),
          values: ACTIVE_TICKET_STATUSES.map((s) => chartFormat.count(d[s])),
        })),
      }}
    >
      <BarChart
        height={220}
        margin={dir.margin()}
        xAxis={[
          {
            scaleType: 'band',
            data: departments.map((d) => departmentName(t, d.department)),
            label: t('desk.chartDepartments'),
            ...dir.xAxis,
          },
        ]}
        // Counts of tickets: whole-number ticks only.
        yAxis={[{ label: t('desk.chartTickets'), tickMinStep: 1, valueFormatter: chartFormat.count, ...dir.yAxis }]}
        series={ACTIVE_TICKET_STATUSES.map((s) => ({
          data: departments.map((d) => d[s]),
          label: t(`tickets.statuses.${s}`),
          stack: 'active',
          color: STATUS_COLORS[s],
          valueFormatter: (v: number | null) => (v === null ? '—' : chartFormat.count(v)),
        }))}
      />
    </ChartFigure>
  );
}

/**
 * The desk's figures (spec: open by status and department, medians, overdue tickets) and a
 * chart, as compact tiles in a section the agent may fold away (remembered on this device);
 * folded, the active counts stay in its header line.
 */
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
  const [open, setOpen] = useState(() => readStorage(STORAGE_KEYS.deskFigures) !== 'collapsed');
  const toggle = () => {
    writeStorage(STORAGE_KEYS.deskFigures, open ? 'collapsed' : null);
    setOpen(!open);
  };
  return (
    <Box component="section" aria-labelledby="desk-stats-title" sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: open ? 1.5 : 0 }}>
        <Typography id="desk-stats-title" variant="h2" sx={{ fontSize: '1.1rem', m: 0 }}>
          <Button
            color="inherit"
            onClick={toggle}
            aria-expanded={open}
            aria-controls="desk-figures-body"
            startIcon={
              <ExpandMoreRounded
                sx={{
                  transition: 'transform 150ms',
                  transform: open ? 'none' : 'rotate(-90deg)',
                  '[dir=rtl] &': { transform: open ? 'none' : 'rotate(90deg)' },
                }}
              />
            }
            sx={{ fontSize: 'inherit', fontWeight: 600, textTransform: 'none', px: 1, marginInlineStart: -1 }}
          >
            {t('desk.statsTitle')}
          </Button>
        </Typography>
        {!open && stats ? (
          <Box
            component="dl"
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 0.5,
              columnGap: 2,
              m: 0,
              typography: 'body2',
              color: 'text.secondary',
            }}
          >
            {ACTIVE_TICKET_STATUSES.map((s) => (
              <Box key={s} sx={{ display: 'flex', gap: 0.5 }}>
                <dt>{t(`tickets.statuses.${s}`)}</dt>
                <Box component="dd" sx={{ m: 0, fontWeight: 700, color: 'text.primary' }}>
                  {formatNumber(stats.open_by_status[s])}
                </Box>
              </Box>
            ))}
            <Box sx={{ display: 'flex', gap: 0.5 }}>
              <dt>{t('desk.waitingLong', { hours })}</dt>
              <Box
                component="dd"
                sx={(theme) => ({
                  m: 0,
                  fontWeight: 700,
                  color: stats.waiting_count > 0 ? '#b3261e' : 'text.primary',
                  ...(stats.waiting_count > 0 && theme.applyStyles('dark', { color: '#ffb4ab' })),
                })}
              >
                {formatNumber(stats.waiting_count)}
              </Box>
            </Box>
          </Box>
        ) : null}
        {open ? (
          <ToggleButtonGroup
            sx={{ marginInlineStart: 'auto' }}
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
        ) : null}
      </Box>
      <Collapse in={open} id="desk-figures-body">
        {!stats ? (
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} variant="rounded" height={64} />
            ))}
          </Box>
        ) : (
          // Wide screens: tiles, chart and the longest waiting side by side (one short band).
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: {
                xs: 'minmax(0, 1fr)',
                md: 'minmax(0, 3fr) minmax(0, 2fr)',
                lg: 'minmax(0, 5fr) minmax(0, 4fr) minmax(0, 3fr)',
              },
            }}
          >
            <Box
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
                gridColumn: { md: '1 / -1', lg: 'auto' },
                alignContent: 'start',
              }}
            >
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
            <Card>
              <CardContent sx={{ py: 1, '&:last-child': { pb: 1 } }}>
                <Typography component="h3" sx={{ fontWeight: 600 }}>
                  {t('desk.byDepartment')}
                </Typography>
                {stats.open_by_department.length === 0 ? (
                  <Typography color="text.secondary">{t('desk.chartEmpty')}</Typography>
                ) : (
                  <DepartmentChart departments={stats.open_by_department} />
                )}
              </CardContent>
            </Card>
            <Card>
              <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                <Typography component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                  {t('desk.longestWaiting')}
                </Typography>
                {stats.waiting.length === 0 ? (
                  <Typography color="text.secondary">{t('desk.noneWaiting', { hours })}</Typography>
                ) : (
                  <Box component="ol" sx={{ m: 0, paddingInlineStart: 2.5, display: 'grid', gap: 1 }}>
                    {stats.waiting.slice(0, 4).map((w) => (
                      <li key={w.id}>
                        <Link component={RouterLink} to={deskTicketPath(w.id)} sx={{ fontWeight: 600 }}>
                          #{w.id} <Bidi>{w.subject}</Bidi>
                        </Link>
                        <Typography variant="body2" color="text.secondary">
                          <Bidi>{ownerName(w.user)}</Bidi> · {departmentName(t, w.department)} ·{' '}
                          {t('desk.waitingFor', { time: formatMinutes(w.waiting_minutes) })}
                        </Typography>
                      </li>
                    ))}
                  </Box>
                )}
              </CardContent>
            </Card>
          </Box>
        )}
      </Collapse>
    </Box>
  );
}
