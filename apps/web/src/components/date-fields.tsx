import Box from '@mui/material/Box';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/ar';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// Shared by every feature's date fields (leaves, WFM, reports, KPI). Pages import this
// module lazily with themselves, so the pickers never weigh on the sign-in page.

const ISO = 'YYYY-MM-DD';
const toDay = (iso: string): Dayjs | null => (iso ? dayjs(iso, ISO) : null);
const toIso = (day: Dayjs | null): string => (day?.isValid() ? day.format(ISO) : '');

/**
 * MUI X pickers in the page's language: dayjs's own Arabic (month names, Saturday first),
 * and the pickers' words from our bundle (MUI ships no Arabic text for them).
 */
export function DatesProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const arabic = i18n.language === 'ar';
  const localeText = useMemo<Partial<PickersLocaleText>>(
    () => ({
      previousMonth: t('leaves.picker.previousMonth'),
      nextMonth: t('leaves.picker.nextMonth'),
      openPreviousView: t('leaves.picker.previousView'),
      openNextView: t('leaves.picker.nextView'),
      calendarViewSwitchingButtonAriaLabel: (view) =>
        view === 'year' ? t('leaves.picker.yearViewOpen') : t('leaves.picker.dayViewOpen'),
      cancelButtonLabel: t('leaves.picker.cancel'),
      clearButtonLabel: t('leaves.picker.clear'),
      okButtonLabel: t('leaves.picker.ok'),
      todayButtonLabel: t('leaves.picker.today'),
      datePickerToolbarTitle: t('leaves.picker.title'),
      openDatePickerDialogue: (formatted) =>
        formatted ? t('leaves.picker.openWithDate', { date: formatted }) : t('leaves.picker.open'),
      fieldClearLabel: t('leaves.picker.clear'),
      dateTableLabel: t('leaves.picker.table'),
      fieldYearPlaceholder: (params) => t('leaves.picker.yearLetter').repeat(params.digitAmount),
      fieldMonthPlaceholder: () => t('leaves.picker.monthPlaceholder'),
      fieldDayPlaceholder: () => t('leaves.picker.dayPlaceholder'),
      year: t('leaves.picker.year'),
      month: t('leaves.picker.month'),
      day: t('leaves.picker.day'),
      empty: t('leaves.picker.empty'),
    }),
    [t],
  );
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={arabic ? 'ar' : 'en'} localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}

export interface DateFieldProps {
  name: string;
  label: string;
  /** `YYYY-MM-DD`, or '' for none. */
  value: string;
  onChange: (iso: string) => void;
  onBlur?: () => void;
  /** A contract or server message in the reader's language, shown under the field. */
  error?: string;
  helperText?: string;
  minDate?: string;
  disabled?: boolean;
  required?: boolean;
  /** Small and fixed-width, for toolbars (filters) rather than forms. */
  compact?: boolean;
}

/** One calendar date `YYYY-MM-DD` through a picker (inside a `DatesProvider`). */
export function DateField({
  name,
  label,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  minDate,
  disabled,
  required,
  compact,
}: DateFieldProps) {
  return (
    <DatePicker
      label={label}
      value={toDay(value)}
      onChange={(day) => {
        // In a toolbar a half-typed date is not a day yet: wait until it is one.
        if (compact && !day?.isValid()) return;
        onChange(toIso(day));
      }}
      minDate={minDate ? (toDay(minDate) ?? undefined) : undefined}
      disabled={disabled}
      format="DD/MM/YYYY"
      slotProps={{
        textField: {
          name,
          required,
          onBlur,
          error: !!error,
          helperText: error ?? helperText,
          ...(compact ? { size: 'small', sx: { width: { xs: '100%', sm: 190 } } } : { fullWidth: true }),
        },
      }}
    />
  );
}

interface RangeEnd {
  name: string;
  label: string;
  value: string;
  error?: string;
}

/**
 * A first and a last day. Picking a first day after the last moves the last day with it
 * (most ranges are one day or a few); the last day cannot be picked before the first.
 */
export function DateRangeFields({
  label,
  from,
  to,
  onChange,
  minDate,
  disabled,
  required,
  compact,
  children,
}: {
  /** The group's accessible name. */
  label: string;
  from: RangeEnd;
  to: RangeEnd;
  /** Both ends at once, so a moved last day lands in the same update. */
  onChange: (range: { from: string; to: string }) => void;
  minDate?: string;
  disabled?: boolean;
  required?: boolean;
  compact?: boolean;
  children?: ReactNode;
}) {
  return (
    <Box
      role="group"
      aria-label={label}
      sx={
        compact
          ? { display: 'flex', flexWrap: 'wrap', gap: 1.5, width: { xs: '100%', sm: 'auto' } }
          : { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }
      }
    >
      <DateField
        {...from}
        minDate={minDate}
        disabled={disabled}
        required={required}
        compact={compact}
        onChange={(iso) => onChange({ from: iso, to: iso && (!to.value || to.value < iso) ? iso : to.value })}
      />
      <DateField
        {...to}
        minDate={from.value || minDate}
        disabled={disabled}
        required={required}
        compact={compact}
        onChange={(iso) => onChange({ from: from.value, to: iso })}
      />
      {children}
    </Box>
  );
}
