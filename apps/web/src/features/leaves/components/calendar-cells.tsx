import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatCalendarDate, formatNumber } from '../../../lib/format';
import { leaveTypeName, personName } from '../leave-format';
import { isSettled, type CalendarDay, type CalendarOff } from './calendar-model';

/** Weekends and holidays: a quiet tint in both colour schemes. */
export const offDayTint = (theme: Theme) => ({
  bgcolor: 'rgba(100, 116, 139, 0.14)',
  ...theme.applyStyles('dark', { bgcolor: 'rgba(200, 210, 225, 0.10)' }),
});

/** Warning text with AA contrast in both schemes (MUI's warning.main is too light on white). */
export const warningTone = (theme: Theme) => ({
  color: '#7a4100',
  ...theme.applyStyles('dark', { color: '#ffd08a' }),
});

/** "Hala Rashed, 12 November: annual leave, pending (first half)". */
export function useOffLabel() {
  const { t } = useTranslation();
  return (date: string, off: CalendarOff) => {
    const values = {
      name: personName(off.user),
      date: formatCalendarDate(date, 'dayMonth'),
      type: leaveTypeName(t, off.leave_type),
      status: t(`leaves.statuses.${off.status}`),
    };
    return off.half_day
      ? t('leaveCalendar.cellLabelHalf', { ...values, half: t(`leaveCalendar.half.${off.half_day}`) })
      : t('leaveCalendar.cellLabel', values);
  };
}

/**
 * The mark of one person-day: solid when approved, hatched and outlined with a "?" when
 * still waiting (so it reads without colour); half a cell for a half day, on the side of
 * the half (start = first half; flips with the page in Arabic).
 */
export function OffMark({ off, size = 'cell' }: { off: CalendarOff; size?: 'cell' | 'chip' }) {
  const { t } = useTranslation();
  const settled = isSettled(off);
  const half = off.half_day !== null;
  return (
    <Box
      aria-hidden="true"
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        height: size === 'cell' ? 22 : 16,
        width: size === 'cell' ? (half ? '50%' : '100%') : half ? 8 : 16,
        flex: 'none',
        marginInlineStart: off.half_day === 'second' ? 'auto' : 0,
        borderRadius: 0.75,
        fontSize: '0.75rem',
        fontWeight: 700,
        lineHeight: 1,
        ...(settled
          ? { bgcolor: 'primary.main', color: 'primary.contrastText' }
          : {
              color: 'text.primary',
              border: '2px solid',
              borderColor: 'primary.main',
              backgroundImage: `repeating-linear-gradient(45deg, transparent 0 3px, rgba(29, 95, 176, 0.35) 3px 5px)`,
              ...theme.applyStyles('dark', {
                backgroundImage: `repeating-linear-gradient(45deg, transparent 0 3px, rgba(130, 177, 240, 0.35) 3px 5px)`,
              }),
            }),
      })}
    >
      {settled || size === 'chip' ? null : t('leaveCalendar.pendingMark')}
    </Box>
  );
}

/** A day's share off, with the warning (colour, icon and words) past the department's limit. */
export function CoverageFigure({ day, compact = false }: { day: CalendarDay; compact?: boolean }) {
  const { t } = useTranslation();
  const percent = formatNumber(day.share, { style: 'percent', maximumFractionDigits: 0 });
  if (!day.warning) {
    return compact ? (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {day.off.length > 0 ? percent : ''}
      </Box>
    ) : (
      <>{t('leaveCalendar.coverage', { percent })}</>
    );
  }
  return (
    <Box
      component="span"
      sx={(theme) => ({
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        fontWeight: 700,
        ...warningTone(theme),
      })}
    >
      <WarningAmberRounded sx={{ fontSize: compact ? 14 : 18 }} aria-hidden="true" />
      {compact ? (
        <>
          <span>{percent}</span>
          <Box component="span" sx={visuallyHidden}>
            {t('leaveCalendar.warningShort')}
          </Box>
        </>
      ) : (
        <span>{t('leaveCalendar.coverageWarning', { percent })}</span>
      )}
    </Box>
  );
}
