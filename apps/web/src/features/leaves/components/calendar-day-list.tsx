import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../components/bidi';
import { formatCalendarDate } from '../../../lib/format';
import { CoverageFigure, OffMark, offDayTint } from './calendar-cells';
import { dayHolidayName, leaveTypeName, personName } from '../leave-format';
import type { CalendarDay } from './calendar-model';

/** Phones: one card per day that has someone off or is a holiday, with who and the coverage. */
export function CalendarDayList({ days, label }: { days: readonly CalendarDay[]; label: string }) {
  const { t } = useTranslation();
  const shown = days.filter((d) => d.off.length > 0 || d.holiday);
  if (shown.length === 0) return <Typography color="text.secondary">{t('leaveCalendar.nobodyOff')}</Typography>;
  return (
    <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {shown.map((day) => (
        <Paper
          component="li"
          key={day.date}
          variant="outlined"
          sx={[{ p: 1.5 }, (theme) => (day.working ? {} : offDayTint(theme))]}
        >
          <Box
            sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}
          >
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {formatCalendarDate(day.date, 'weekdayDayMonth')}
            </Typography>
            {day.off.length > 0 ? (
              <Typography variant="body2" component="span">
                <CoverageFigure day={day} />
              </Typography>
            ) : null}
          </Box>
          {day.holiday ? (
            <Typography variant="body2" color="text.secondary">
              {t('leaveCalendar.holiday')}: <Bidi>{dayHolidayName(day)}</Bidi>
            </Typography>
          ) : !day.working ? (
            <Typography variant="body2" color="text.secondary">
              {t('leaveCalendar.weekend')}
            </Typography>
          ) : null}
          {day.off.length > 0 ? (
            <Stack component="ul" spacing={0.75} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
              {day.off.map((off) => (
                <Box component="li" key={off.leave} sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 0 }}>
                  <OffMark off={off} size="chip" />
                  <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Bidi>{personName(off.user)}</Bidi> · <Bidi>{leaveTypeName(t, off.leave_type)}</Bidi> ·{' '}
                    <Box component="span" sx={{ fontWeight: off.status === 'approved' ? 400 : 700 }}>
                      {t(`leaves.statuses.${off.status}`)}
                    </Box>
                    {off.half_day ? ` · ${t(`leaveCalendar.half.${off.half_day}`)}` : ''}
                  </Typography>
                </Box>
              ))}
            </Stack>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}
