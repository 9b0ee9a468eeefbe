import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { TLeavePerson } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../components/bidi';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatCalendarDate, formatNumber } from '../../../lib/format';
import { CoverageFigure, OffMark, offDayTint, useOffLabel } from './calendar-cells';
import { dayHolidayName, localToday, personName } from '../leave-format';
import type { CalendarDay } from './calendar-model';

const DAY_WIDTH = 34;
const NAME_WIDTH = 180;

/** The names stay in view while the days scroll sideways inside the table. */
const stickyName = {
  position: 'sticky',
  insetInlineStart: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  minWidth: NAME_WIDTH,
  maxWidth: NAME_WIDTH,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

const dayCellBase = {
  p: 0.25,
  width: DAY_WIDTH,
  minWidth: DAY_WIDTH,
  textAlign: 'center',
  borderInlineStart: '1px solid',
  borderColor: 'divider',
} as const;
const dayCell = (day: CalendarDay) => [dayCellBase, day.working ? {} : offDayTint];

/** Wide screens: people (rows) × days (columns), weekends and holidays shaded, a coverage row. */
export function CalendarGrid({
  days,
  people,
  label,
}: {
  days: readonly CalendarDay[];
  people: readonly TLeavePerson[];
  label: string;
}) {
  const { t } = useTranslation();
  const offLabel = useOffLabel();
  const today = localToday();
  return (
    <TableContainer
      role="region"
      tabIndex={0}
      aria-label={label}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Table size="small" aria-label={label} sx={{ tableLayout: 'fixed', width: 'max-content', minWidth: '100%' }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={stickyName}>
              {t('leaveCalendar.person')}
            </TableCell>
            {days.map((day) => (
              <TableCell
                key={day.date}
                component="th"
                scope="col"
                aria-current={day.date === today ? 'date' : undefined}
                sx={[
                  ...dayCell(day),
                  { lineHeight: 1.2, fontWeight: 600 },
                  day.date === today && { color: 'primary.main', boxShadow: 'inset 0 -3px 0 currentColor' },
                ]}
                title={dayHolidayName(day) ?? undefined}
              >
                <Box
                  component="span"
                  sx={{ display: 'block', fontSize: '0.7rem', fontWeight: 400, color: 'text.secondary' }}
                  aria-hidden="true"
                >
                  {formatCalendarDate(day.date, 'weekday')}
                </Box>
                <span aria-hidden="true">{formatCalendarDate(day.date, 'day')}</span>
                {day.holiday ? (
                  <Box
                    component="span"
                    aria-hidden="true"
                    sx={{ display: 'block', fontSize: '0.7rem', color: 'text.secondary' }}
                  >
                    {t('leaveCalendar.holidayMark')}
                  </Box>
                ) : null}
                <Box component="span" sx={visuallyHidden}>
                  {formatCalendarDate(day.date, 'weekdayDayMonth')}
                  {day.holiday
                    ? `, ${t('leaveCalendar.holidayNamed', { name: dayHolidayName(day) ?? '' })}`
                    : day.working
                      ? ''
                      : `, ${t('leaveCalendar.weekend')}`}
                </Box>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {people.map((person) => (
            <TableRow key={person.id}>
              <TableCell component="th" scope="row" sx={stickyName}>
                <Bidi>{personName(person)}</Bidi>
              </TableCell>
              {days.map((day) => {
                const off = day.off.find((o) => o.user.id === person.id);
                return (
                  <TableCell key={day.date} sx={dayCell(day)}>
                    {off ? (
                      <>
                        <Box sx={{ display: 'flex' }}>
                          <OffMark off={off} />
                        </Box>
                        <Box component="span" sx={visuallyHidden}>
                          {offLabel(day.date, off)}
                        </Box>
                      </>
                    ) : null}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
          <TableRow>
            <TableCell component="th" scope="row" sx={{ ...stickyName, fontWeight: 600 }}>
              {t('leaveCalendar.coverageRow')}
            </TableCell>
            {days.map((day) => (
              <TableCell
                key={day.date}
                sx={[...dayCell(day), { fontSize: '0.7rem', px: 0 }]}
                title={t('leaveCalendar.coverageTitle', {
                  off: formatNumber(day.off.length),
                  headcount: formatNumber(day.headcount),
                })}
              >
                <CoverageFigure day={day} compact />
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
