import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TItDay } from '@portal/contracts';
import { Bidi } from '../../../../components/bidi';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../../components/section-card';
import { CategoryTotals } from './category-totals';
import { DailyLogs } from './daily-logs';
import { formatSeconds } from './day-format';
import { Fact, Facts } from './day-facts';
import { DayTimeline, TimelineTable, timelineRows } from './day-timeline';
import { DeviceCharts, NetworkCharts } from './sample-charts';
import { TopList } from './top-list';

/**
 * One user's day, every block a titled section: totals, the timeline (bar and table),
 * top apps and sites, categories, device and network charts, the agent's daily logs.
 * One column on phones, two where they fit.
 */
/** The period table's rows and whether they name their machine. */
const tableOf = (day: TItDay) => {
  const { rows, byMachine } = timelineRows(day);
  return { segments: rows, byMachine };
};

export function DayView({ day }: { day: TItDay }) {
  const { t } = useTranslation();
  const two = {
    display: 'grid',
    gap: 3,
    gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
  };
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <SectionCard title={t('it.day.totals')}>
        <Facts>
          <Fact label={t('it.day.active')} testId="total-active">
            {formatSeconds(day.active_seconds)}
          </Fact>
          <Fact label={t('it.day.idle')} testId="total-idle">
            {formatSeconds(day.idle_seconds)}
          </Fact>
          <Fact label={t('it.day.locked')} testId="total-locked">
            {formatSeconds(day.locked_seconds)}
          </Fact>
        </Facts>
      </SectionCard>
      <SectionCard title={t('it.day.timeline')} hint={t('it.day.timelineHint')}>
        {/* Each machine its own bar: one machine's lock or heartbeats never hide another's switches. */}
        {day.machines.length > 1 ? (
          <Box sx={{ display: 'grid', gap: 3 }}>
            {day.machines.map((m) => (
              <Box key={m.agent_id} data-testid="machine-timeline">
                <Typography component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                  {t('it.day.machine')} <Bidi dir="ltr">{m.hostname}</Bidi>
                </Typography>
                <DayTimeline segments={m.timeline} />
              </Box>
            ))}
          </Box>
        ) : (
          <DayTimeline segments={day.machines[0]?.timeline ?? day.timeline} />
        )}
      </SectionCard>
      <Box sx={two}>
        <SectionCard title={t('it.day.topApps')}>
          <TopList items={day.top_apps} label={t('it.day.topApps')} empty={t('it.day.noApps')} limit={10} />
        </SectionCard>
        <SectionCard title={t('it.day.topSites')}>
          <TopList items={day.top_sites} label={t('it.day.topSites')} empty={t('it.day.noSites')} limit={10} />
        </SectionCard>
      </Box>
      <SectionCard title={t('it.day.categoryTotals')} hint={t('it.day.categoryHint')}>
        <CategoryTotals categories={day.categories} />
      </SectionCard>
      <Box sx={two}>
        <SectionCard title={t('it.day.device')}>
          <DeviceCharts samples={day.device_monitors} />
        </SectionCard>
        <SectionCard title={t('it.day.dailyLogs')}>
          <DailyLogs logs={day.daily_logs} />
        </SectionCard>
      </Box>
      <SectionCard title={t('it.day.network')}>
        <NetworkCharts samples={day.network_monitors} />
      </SectionCard>
      <SectionCard title={t('it.day.timelineTable')} hint={t('it.day.timelineTableHint')}>
        <TimelineTable {...tableOf(day)} csvFilename={`it-${day.username}-${day.date}.csv`} />
      </SectionCard>
    </Box>
  );
}
