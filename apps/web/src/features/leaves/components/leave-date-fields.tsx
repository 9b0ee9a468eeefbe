import Box from '@mui/material/Box';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/ar';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateServerText } from '../../../lib/i18n/i18n';

const ISO = 'YYYY-MM-DD';
const toDay = (iso: string): Dayjs | null => (iso ? dayjs(iso, ISO) : null);
const toIso = (day: Dayjs | null): string => (day?.isValid() ? day.format(ISO) : '');

/**
 * MUI X pickers in the page's language: dayjs's own Arabic (month names, Saturday first),
 * and the pickers' words from our bundle (MUI ships no Arabic text for them).
 */
export function LeaveDatesProvider({ children }: { children: ReactNode }) {
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

interface DateFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (iso: string) => void;
  onBlur?: () => void;
  error?: string;
  helperText?: string;
  minDate?: string;
  disabled?: boolean;
}

/** One calendar date `YYYY-MM-DD` through a picker; the message (contract or server) shown translated. */
function LeaveDateField({
  name,
  label,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  minDate,
  disabled,
}: DateFieldProps) {
  return (
    <DatePicker
      label={label}
      value={toDay(value)}
      onChange={(day) => onChange(toIso(day))}
      minDate={minDate ? (toDay(minDate) ?? undefined) : undefined}
      disabled={disabled}
      format="DD/MM/YYYY"
      slotProps={{
        textField: {
          name,
          required: true,
          fullWidth: true,
          onBlur,
          error: !!error,
          helperText: error ? translateServerText(error) : helperText,
        },
      }}
    />
  );
}

/**
 * The first and last day of a leave. Picking a first day after the last moves the last
 * day with it (most leaves are one day or a few).
 */
export function LeaveDateRange({
  start,
  end,
  onStart,
  onEnd,
  errors,
  minDate,
  disabled,
  children,
}: {
  start: string;
  end: string;
  onStart: (iso: string) => void;
  onEnd: (iso: string) => void;
  errors: { start?: string; end?: string };
  minDate?: string;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box
      role="group"
      aria-label={t('leaves.create.dates')}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      <LeaveDateField
        name="start_date"
        label={t('leaves.fields.start')}
        value={start}
        minDate={minDate}
        disabled={disabled}
        error={errors.start}
        onChange={(iso) => {
          onStart(iso);
          if (iso && (!end || end < iso)) onEnd(iso);
        }}
      />
      <LeaveDateField
        name="end_date"
        label={t('leaves.fields.end')}
        value={end}
        minDate={start || minDate}
        disabled={disabled}
        error={errors.end}
        onChange={onEnd}
      />
      {children}
    </Box>
  );
}
