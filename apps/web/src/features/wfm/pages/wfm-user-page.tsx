import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import EditRounded from '@mui/icons-material/EditRounded';
import { canEditInterpreterProfiles, type TWfmHistory, type TWfmHistoryDay } from '@portal/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink, useParams } from 'react-router';
import { z } from 'zod';
import { Bidi } from '../../../components/bidi';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DatesProvider } from '../../../components/date-fields';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api/api-error';
import {
  formatCalendarDate,
  formatList,
  formatMinutes,
  formatNumber,
  monthsBetween,
  roundToQuarter,
} from '../../../lib/format';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { selectCurrentUser } from '../../auth';
import { InterpreterProfileDialog } from '../../interpreters';
import { useWfmHistoryQuery, wfmApi } from '../api/wfm-api';
import { AdherenceTrend } from '../components/adherence-trend';
import { CardGrid } from '../components/card-grid';
import { TimelineBar } from '../components/timeline-bar';
import { AdherenceFigure, AdherenceFlags, DayShifts, PresenceNow, shiftsCsv } from '../components/wfm-chips';
import { WfmDateRange } from '../components/wfm-date-fields';
import { WideScrollBox } from '../components/wide-scroll-box';
import { clockOf, formatAdherence, isIsoDate } from '../wfm-time';
import { languagePairName, teamName } from '../../../lib/i18n/local-name';

/** Hours online rounded to the quarter (spec §5), "7.25 h". */
const quarterHours = (minutes: number) => formatNumber(roundToQuarter(minutes / 60), { maximumFractionDigits: 2 });

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * Who they are: languages, team, extension, status now and tenure in 30-day months; those
 * who keep interpreter profiles (WFM, RTM, ADMIN) edit the team and extension from here.
 */
function Profile({ history, name, onSaved }: { history: TWfmHistory; name: string; onSaved: () => void }) {
  const { t } = useTranslation();
  const canEdit = canEditInterpreterProfiles(useSelector(selectCurrentUser));
  const [editing, setEditing] = useState(false);
  const months = monthsBetween(history.date_joined);
  return (
    <Box sx={{ mb: 3 }}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 160px), 1fr))',
        }}
      >
        <Fact label={t('wfm.columns.status')}>
          <PresenceNow online={history.online} />
        </Fact>
        <Fact label={t('wfm.columns.languages')}>
          <Bidi>{formatList(history.languages.map((l) => languagePairName(l))) || '—'}</Bidi>
        </Fact>
        <Fact label={t('wfm.history.team')}>
          <Bidi>{teamName(history) || '—'}</Bidi>
        </Fact>
        <Fact label={t('wfm.history.extension')}>
          <Bidi>{history.extension || '—'}</Bidi>
        </Fact>
        <Fact label={t('wfm.history.tenure')}>
          <span data-testid="tenure">
            {Number.isNaN(months) ? '—' : t('wfm.history.months', { count: months, n: formatNumber(months) })}
          </span>
        </Fact>
      </Box>
      {canEdit ? (
        <>
          <Button startIcon={<EditRounded />} onClick={() => setEditing(true)} sx={{ mt: 1 }}>
            {t('interpreters.profile.edit')}
          </Button>
          <InterpreterProfileDialog
            open={editing}
            profile={history}
            name={name}
            onClose={() => setEditing(false)}
            onSaved={onSaved}
          />
        </>
      ) : null}
    </Box>
  );
}

function MonthTotals({ history }: { history: TWfmHistory }) {
  const { t } = useTranslation();
  return (
    <CardGrid label={t('wfm.history.monthTotals')}>
      {history.months.map((m) => (
        <Card component="li" key={m.month} variant="outlined">
          <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
            <Typography component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
              {formatCalendarDate(`${m.month}-01`, 'monthYear')}
            </Typography>
            <Typography variant="body2">
              {t('wfm.history.monthOnline', {
                time: formatMinutes(m.online_minutes),
                hours: quarterHours(m.online_minutes),
              })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('wfm.history.monthScheduled', { time: formatMinutes(m.scheduled_minutes) })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('wfm.history.monthAdherence', { value: m.adherence === null ? '—' : formatAdherence(m.adherence) })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('wfm.history.daysLate', { count: m.days_late, n: formatNumber(m.days_late) })}
              {' · '}
              {t('wfm.history.daysEarly', { count: m.days_left_early, n: formatNumber(m.days_left_early) })}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </CardGrid>
  );
}

/** The shown days, `?from=&to=` (the server's default range without them). */
const ZRange = z.object({
  from: z.string().refine(isIsoDate).optional().catch(undefined),
  to: z.string().refine(isIsoDate).optional().catch(undefined),
});

/** /wfm/{userName}: one interpreter's days against their shifts, month totals and the adherence trend. */
export function WfmUserPage() {
  const { t } = useTranslation();
  const { userName = '' } = useParams();
  const [{ from, to }, patch] = useUrlFilters(ZRange);
  const range = from && to && from <= to ? { from, to } : {};
  const dispatch = useDispatch();
  const { data, error, isFetching } = useWfmHistoryQuery({ username: userName, ...range });

  if (error && 'status' in error && error.status === 404) return <NotFoundPage />;

  const name = data ? `${data.first_name} ${data.last_name}`.trim() || data.username : userName;
  const tz = data?.time_zone ?? 'UTC';
  const columns: DataTableColumn<TWfmHistoryDay>[] = [
    {
      key: 'date',
      label: 'wfm.columns.day',
      placement: 'primary',
      sortValue: (d) => d.date,
      sortFirst: 'desc',
      cellSx: { whiteSpace: 'nowrap' },
      cell: (d) => (
        <time dateTime={d.date}>
          {formatCalendarDate(d.date, 'weekday')} {formatCalendarDate(d.date, 'date')}
        </time>
      ),
    },
    {
      key: 'flags',
      label: 'wfm.columns.flags',
      placement: 'secondary',
      cell: (d) => <AdherenceFlags row={d} />,
    },
    {
      key: 'shift',
      label: 'wfm.columns.shift',
      csv: (d) => shiftsCsv(d.shifts),
      cell: (d) => <DayShifts shifts={d.shifts} />,
    },
    {
      key: 'actual',
      label: 'wfm.columns.actual',
      csv: (d) => `${clockOf(d.first_in, tz)}-${clockOf(d.last_out, tz)}`,
      cell: (d) =>
        d.first_in ? (
          <Box component="span" dir="ltr" sx={{ unicodeBidi: 'isolate', whiteSpace: 'nowrap' }}>
            {clockOf(d.first_in, tz)}–{d.last_out ? clockOf(d.last_out, tz) : '…'}
          </Box>
        ) : (
          '—'
        ),
    },
    {
      key: 'timeline',
      label: 'wfm.columns.timeline',
      cellSx: { minWidth: 180, width: '30%' },
      cell: (d) => (
        <TimelineBar day={d.date} timeZone={tz} now={new Date().toISOString()} shifts={d.shifts} spans={d.spans} />
      ),
    },
    {
      key: 'online',
      label: 'wfm.columns.online',
      sortValue: (d) => d.online_minutes,
      csv: (d) => formatMinutes(d.online_minutes),
      cell: (d) => <span data-testid="online-time">{formatMinutes(d.online_minutes)}</span>,
    },
    {
      key: 'hours',
      label: 'wfm.columns.hours',
      sortValue: (d) => d.online_minutes,
      csv: (d) => roundToQuarter(d.online_minutes / 60),
      cell: (d) => quarterHours(d.online_minutes),
    },
    {
      key: 'adherence',
      label: 'wfm.columns.adherence',
      sortValue: (d) => d.adherence,
      csv: (d) => (d.adherence === null ? '' : Math.round(d.adherence * 100)),
      cell: (d) => <AdherenceFigure adherence={d.adherence} />,
    },
  ];

  return (
    <PageContainer maxWidth="xl">
      <PageHeader
        title={t('wfm.history.title', { name })}
        subtitle={
          <Link component={RouterLink} to="/wfm">
            {t('wfm.history.back')}
          </Link>
        }
      />
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(error)}
        </Alert>
      ) : null}
      {data ? (
        <Profile
          history={data}
          name={name}
          onSaved={() => dispatch(wfmApi.util.invalidateTags(['WfmHistory', 'WfmDay']))}
        />
      ) : null}
      <DatesProvider>
        <Box sx={{ mb: 3 }}>
          <WfmDateRange from={data?.from ?? range.from ?? ''} to={data?.to ?? range.to ?? ''} onChange={patch} />
        </Box>
      </DatesProvider>
      {isFetching ? <LinearProgress aria-label={t('loader.loading')} sx={{ mb: 2 }} /> : null}
      {data ? (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <SectionCard title={t('wfm.history.monthTotals')}>
            <MonthTotals history={data} />
          </SectionCard>
          <SectionCard title={t('wfm.history.trend')}>
            <AdherenceTrend days={data.days} />
          </SectionCard>
          <SectionCard title={t('wfm.history.days')} hint={t('wfm.history.daysHint', { zone: data.time_zone })}>
            <WideScrollBox label={t('wfm.history.days')}>
              <DataTable
                rows={data.days}
                columns={columns}
                rowKey={(d) => d.date}
                label={t('wfm.history.days')}
                defaultSort={{ key: 'date', direction: 'desc' }}
                emptyText={t('wfm.history.empty')}
                csvFilename={`wfm-${data.username}-${data.from}-${data.to}.csv`}
                stickyTop={0}
              />
            </WideScrollBox>
          </SectionCard>
        </Box>
      ) : null}
    </PageContainer>
  );
}

export default WfmUserPage;
