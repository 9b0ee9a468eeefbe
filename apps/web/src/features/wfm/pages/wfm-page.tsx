import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DateField, DatesProvider } from '../../../components/date-fields';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/api/api-error';
import { formatCalendarDate } from '../../../lib/format';
import { urlField, useUrlFilters, useUrlTab } from '../../../lib/use-url-filters';
import { useWfmDayQuery } from '../api/wfm-api';
import { DayBoard, type DayFilters } from '../components/day-board';
import { ScheduleTab } from '../components/schedule-tab';
import { StaffingTab } from '../components/staffing-tab';
import { useLiveDay } from '../components/use-live-day';
import { isIsoDate, todayIso } from '../wfm-time';

const TABS = ['today', 'schedule', 'staffing'] as const;
type WfmTab = (typeof TABS)[number];

const day = () => z.string().refine(isIsoDate).optional().catch(undefined);
/** The Today tab's day and filters and the schedule's week, in the URL (the tab has its own `?tab=`). */
const ZWfmUrl = z.object({
  date: day(),
  lang: z.string().catch(''),
  team: z.string().catch(''),
  q: z.string().catch(''),
  flags: urlField.flag(),
  /** A day of the schedule's week (default: the portal's today). */
  week: day(),
}) satisfies z.ZodType<DayFilters & { date?: string; week?: string }>;

/** The Today tab: the chosen day's board (today unless a date is in the URL), live while it is today. */
function TodayTab({
  date,
  onDate,
  filters,
  onFilters,
}: {
  date: string | undefined;
  onDate: (date: string | undefined) => void;
  filters: DayFilters;
  onFilters: (patch: Partial<DayFilters>) => void;
}) {
  const { t } = useTranslation();
  const { data, error, isFetching, refetch } = useWfmDayQuery(date ? { date } : {});
  useLiveDay(!!data?.is_today, refetch);
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <DateField
          compact
          name="date"
          label={t('wfm.day.date')}
          value={date ?? data?.date ?? todayIso()}
          onChange={(iso) => onDate(iso)}
        />
        {data && !data.is_today ? <Button onClick={() => onDate(undefined)}>{t('wfm.day.backToToday')}</Button> : null}
        {data ? (
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {data.is_today
              ? t('wfm.day.live', { zone: data.time_zone })
              : t('wfm.day.pastDay', { date: formatCalendarDate(data.date, 'weekdayDayMonth'), zone: data.time_zone })}
          </Typography>
        ) : null}
      </Box>
      {isFetching && data ? <LinearProgress aria-label={t('loader.loading')} sx={{ mb: 1 }} /> : null}
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(error)}
        </Alert>
      ) : null}
      {data ? <DayBoard day={data} filters={filters} onFilters={onFilters} loading={false} /> : null}
      {!data && !error ? <LinearProgress aria-label={t('loader.loading')} /> : null}
    </>
  );
}

/** /wfm: the day board, the schedule and the required staffing, the tab kept in the URL. */
export function WfmPage() {
  const { t } = useTranslation();
  const [{ date, week, ...filters }, patch] = useUrlFilters(ZWfmUrl);
  const [tab, setTab] = useUrlTab(TABS);

  return (
    <PageContainer maxWidth="xl">
      <PageHeader title={t('wfm.title')} subtitle={t('wfm.subtitle')} />
      <DatesProvider>
        <Tabs
          value={tab}
          onChange={(_, value: WfmTab) => setTab(value)}
          aria-label={t('wfm.tabs.label')}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
        >
          {TABS.map((value) => (
            <Tab
              key={value}
              value={value}
              label={t(`wfm.tabs.${value}`)}
              id={`wfm-tab-${value}`}
              aria-controls="wfm-tab-panel"
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id="wfm-tab-panel" aria-labelledby={`wfm-tab-${tab}`}>
          {tab === 'today' ? (
            <TodayTab date={date} onDate={(next) => patch({ date: next })} filters={filters} onFilters={patch} />
          ) : null}
          {tab === 'schedule' ? <ScheduleTab week={week} onWeek={(next) => patch({ week: next })} /> : null}
          {tab === 'staffing' ? <StaffingTab /> : null}
        </Box>
      </DatesProvider>
    </PageContainer>
  );
}

export default WfmPage;
