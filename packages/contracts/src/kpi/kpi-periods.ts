/**
 * KPI periods: a record belongs to one week or one month, named by its first
 * day (`YYYY-MM-DD`). Weeks run Sunday to Saturday: the company's weekend is Friday and
 * Saturday, so a week's figures close with it. Pure date arithmetic on calendar dates
 * (UTC noon, so no zone or daylight-saving shift moves a day); server and web share it.
 */
export const KPI_PERIODS = ['weekly', 'monthly'] as const;
export type TKpiPeriod = (typeof KPI_PERIODS)[number];

/** JavaScript's weekday of a week's first day (0 = Sunday). */
export const KPI_WEEK_STARTS_ON = 0;

const DAY_MS = 86_400_000;
const toDate = (iso: string) => new Date(`${iso}T12:00:00Z`);
const toIso = (d: Date) => d.toISOString().slice(0, 10);

/** The first day of the period that contains `isoDate`. */
export function periodStart(period: TKpiPeriod, isoDate: string): string {
  const d = toDate(isoDate);
  if (period === 'monthly') return `${isoDate.slice(0, 7)}-01`;
  const back = (d.getUTCDay() - KPI_WEEK_STARTS_ON + 7) % 7;
  return toIso(new Date(d.getTime() - back * DAY_MS));
}

/** The last day of the period starting on `start`. */
export function periodEnd(period: TKpiPeriod, start: string): string {
  if (period === 'weekly') return toIso(new Date(toDate(start).getTime() + 6 * DAY_MS));
  const d = toDate(start);
  return toIso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0, 12)));
}

/** The first day of the period `offset` periods after (negative: before) the one starting on `start`. */
export function shiftPeriod(period: TKpiPeriod, start: string, offset: number): string {
  const d = toDate(start);
  if (period === 'weekly') return toIso(new Date(d.getTime() + offset * 7 * DAY_MS));
  return toIso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1, 12)));
}
