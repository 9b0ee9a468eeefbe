import { periodStart, type TKpiPeriod, type TKpiUnit } from '@portal/contracts';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { formatCalendarDate, formatNumber } from '../../lib/format';

/** Today as `YYYY-MM-DD` on the browser's calendar. */
export const todayIso = (): string => dayjs().format('YYYY-MM-DD');

/** The first day of the period that is running today. */
export const currentPeriodStart = (period: TKpiPeriod): string => periodStart(period, todayIso());

export const isIsoDate = (value: string | null): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** "November 2026" or "Week of 22 November". */
export function periodLabel(t: TFunction, period: TKpiPeriod, start: string): string {
  return period === 'monthly'
    ? formatCalendarDate(start, 'monthYear')
    : t('kpi.period.weekOf', { date: formatCalendarDate(start, 'dayMonth') });
}

/** A value in its unit: "92.5%", "14", "35 s", "4.2 / 5". */
export function formatKpiValue(t: TFunction, unit: TKpiUnit, value: number): string {
  return t(`kpi.valueIn.${unit}`, { value: formatNumber(value, { maximumFractionDigits: 2 }) });
}

/** A weighted score (0–1.2) as a whole percentage. */
export function formatScore(score: number | null): string {
  return score === null ? '—' : formatNumber(score, { style: 'percent', maximumFractionDigits: 0 });
}

export { personName } from '../../lib/format';

/** Where a person's scorecard is: a view of the `kpi` page (the spec has no route of its own). */
export const scorecardPath = (username: string): string => `/kpi?user=${encodeURIComponent(username)}`;
export const addValuePath = (username: string, kpiId: number): string =>
  `/kpi/${encodeURIComponent(username)}/add/${kpiId}`;
export const editValuePath = (recordId: number): string => `/kpi/edit/${recordId}`;
