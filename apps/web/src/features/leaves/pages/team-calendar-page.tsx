import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { calendarDepartments, ZMonth, ZStaffDepartment, type TUserType } from '@portal/contracts';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { z } from 'zod';
import { Bidi } from '../../../components/bidi';
import { downloadCsv } from '../../../components/data-table';
import { errorText } from '../../../lib/api/api-error';
import { formatCalendarDate, formatNumber } from '../../../lib/format';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { selectCurrentUser } from '../../auth';
import { useLeaveCalendarQuery } from '../api/leaves-api';
import { OffMark, offDayTint, warningTone } from '../components/calendar-cells';
import { CalendarDayList } from '../components/calendar-day-list';
import { CalendarGrid } from '../components/calendar-grid';
import { calendarCsv, calendarPeople, monthOf, shiftMonth, type CalendarDay } from '../components/calendar-model';
import { CalendarToolbar } from '../components/calendar-toolbar';
import { LeavePageLayout } from '../components/leaves-nav';

/** Month and department live in the URL, so reload, back and shared links keep them. */
const ZCalendarView = z.object({
  month: ZMonth.optional().catch(undefined),
  department: ZStaffDepartment.optional().catch(undefined),
});

function useCalendarView(allowed: readonly TUserType[]) {
  const [view, update] = useUrlFilters(ZCalendarView);
  // Without a month in the URL, this month (a bookmark with one keeps its month).
  const month = view.month ?? monthOf(new Date());
  const department = view.department && allowed.includes(view.department) ? view.department : undefined;
  return { month, department, update };
}

/** The team calendar: who is off each day of a month, for managers, directors, HR and ADMIN. */
export function TeamCalendarPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const user = useSelector(selectCurrentUser);
  const departments = useMemo(() => (user ? calendarDepartments(user) : []), [user]);
  const { month, department, update } = useCalendarView(departments);
  const { data, error, isFetching, isLoading } = useLeaveCalendarQuery({
    month,
    ...(department ? { department } : {}),
  });
  const days = useMemo(() => data?.days ?? [], [data]);
  const people = useMemo(() => calendarPeople(days), [days]);
  const warningDays = days.filter((d) => d.warning).length;

  const exportCsv = () =>
    downloadCsv(`team-calendar-${month}${department ? `-${department}` : ''}.csv`, calendarCsv(days, t));

  return (
    <LeavePageLayout title={t('leaveCalendar.title')} subtitle={t('leaveCalendar.subtitle')}>
      <CalendarToolbar
        month={month}
        department={department}
        departments={departments}
        onMonth={(delta) => update({ month: shiftMonth(month, delta) })}
        onToday={() => update({ month: monthOf(new Date()) })}
        onDepartment={(d) => update({ department: ZStaffDepartment.safeParse(d).data })}
        onExport={exportCsv}
        canExport={!!data && !isFetching && people.length > 0}
      />
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(error)}
        </Alert>
      ) : null}
      {data ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
          <Legend />
          {warningDays > 0 ? (
            <Typography variant="body2" sx={(th) => ({ fontWeight: 600, ...warningTone(th) })}>
              {t('leaveCalendar.warningDays', {
                count: warningDays,
                percent: formatNumber(data.warning_share, { style: 'percent', maximumFractionDigits: 0 }),
              })}
            </Typography>
          ) : null}
        </Box>
      ) : null}
      {isLoading ? (
        <Skeleton variant="rounded" height={240} />
      ) : data ? (
        <Box aria-busy={isFetching} sx={{ opacity: isFetching ? 0.6 : 1 }}>
          {wide ? (
            people.length > 0 || days.some((d) => d.holiday) ? (
              <>
                <CalendarGrid days={days} people={people} label={t('leaveCalendar.gridLabel')} />
                <MonthHolidays days={days} />
              </>
            ) : (
              <Typography color="text.secondary">{t('leaveCalendar.nobodyOff')}</Typography>
            )
          ) : (
            <CalendarDayList days={days} label={t('leaveCalendar.listLabel')} />
          )}
        </Box>
      ) : null}
    </LeavePageLayout>
  );
}

/** What the marks mean, in words as well as looks. */
function Legend() {
  const { t } = useTranslation();
  const sample = (status: 'approved' | 'pending', half_day: 'first' | null = null) => ({
    leave: 0,
    user: { id: 0, username: '', first_name: '', last_name: '', user_type: 'HR' as const },
    leave_type: { id: 0, code: null, name: '', name_ar: null },
    status,
    half_day,
  });
  const item = (mark: ReactNode, text: string) => (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
      <Box sx={{ width: 28, display: 'flex' }}>{mark}</Box>
      <Typography variant="body2">{text}</Typography>
    </Box>
  );
  return (
    <Box
      component="ul"
      aria-label={t('leaveCalendar.legend')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }}
    >
      {item(<OffMark off={sample('approved')} />, t('leaveCalendar.legendApproved'))}
      {item(<OffMark off={sample('pending')} />, t('leaveCalendar.legendPending'))}
      {item(<OffMark off={sample('approved', 'first')} />, t('leaveCalendar.legendHalf'))}
      {item(
        <Box sx={(th) => ({ width: 28, height: 22, borderRadius: 0.75, ...offDayTint(th) })} />,
        t('leaveCalendar.legendOffDay'),
      )}
    </Box>
  );
}

/** The month's public holidays by name (the grid only marks their columns). */
function MonthHolidays({ days }: { days: readonly CalendarDay[] }) {
  const { t } = useTranslation();
  const holidays = days.filter((d) => d.holiday);
  if (holidays.length === 0) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
      {t('leaveCalendar.holidays')}:{' '}
      {holidays.map((d, i) => (
        <span key={d.date}>
          {i > 0 ? ' · ' : ''}
          {formatCalendarDate(d.date, 'dayMonth')} <Bidi>{d.holiday}</Bidi>
        </span>
      ))}
    </Typography>
  );
}
