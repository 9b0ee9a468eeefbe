import {
  canUseWfm,
  languagePairKey,
  MAX_WFM_RANGE_DAYS,
  type TShift,
  type TShiftsQuery,
  type TWfmDay,
  type TWfmDayQuery,
  type TWfmHistory,
  type TWfmHistoryQuery,
  type TWfmLanguageTotal,
  type TWfmMonthTotal,
} from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import type { AppContext } from '../../lib/context.js';
import { csvRow } from '../../lib/csv.js';
import { fieldError, forbidden, notFound } from '../../lib/errors.js';
import type { Database } from '../../db/database.js';
import { interpreterRoster, interpreterSessionsBetween, onlineSecondsWithin } from '../interpreters/index.js';
import { dayShifts, presentDayRow, presentFigures, presentShift, type BoardRow } from './wfm.presenter.js';
import * as repo from './wfm.repository.js';
import {
  addDays,
  adherenceOf,
  dayFigures,
  daysInRange,
  outOfAdherence,
  type DayFigures,
  type Session,
} from './wfm-rules.js';

export const NO_INTERPRETER = 'interpreterNotFound';
const TO_BEFORE_FROM = 'lastDayNotBeforeFirst';
/** Sessions are read this far past a day's end: a shift starting that day ends within it. */
const NEXT_DAY_MS = 24 * 60 * 60_000;

/** Permission first: the WFM pages are for canUseWfm (others 403). */
export function mustUseWfm(user: UserRow): void {
  if (!canUseWfm(user)) throw forbidden();
}

/** A range's refusal on its last day: before the first, or longer than MAX_WFM_RANGE_DAYS. */
function checkRange(from: string, to: string): void {
  if (to < from) throw fieldError('to', TO_BEFORE_FROM);
  if (daysInRange(from, to) > MAX_WFM_RANGE_DAYS) {
    throw fieldError('to', 'wfmRangeTooLong', { count: MAX_WFM_RANGE_DAYS });
  }
}

const toSession = (s: { started_at: Date; ended_at: Date | null }): Session => ({
  from: new Date(s.started_at).getTime(),
  to: s.ended_at === null ? null : new Date(s.ended_at).getTime(),
});

function sessionsByUser(rows: Awaited<ReturnType<typeof interpreterSessionsBetween>>): Map<number, Session[]> {
  const by = new Map<number, Session[]>();
  for (const r of rows) {
    const list = by.get(r.user_id) ?? [];
    list.push(toSession(r));
    by.set(r.user_id, list);
  }
  return by;
}

/** Rows grouped by a key, each group in the rows' order (shifts come by day, then start). */
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const by = new Map<K, T[]>();
  for (const r of rows) {
    const list = by.get(key(r));
    if (list) list.push(r);
    else by.set(key(r), [r]);
  }
  return by;
}

const interval = (s: { starts_at: Date; ends_at: Date }) => ({
  from: new Date(s.starts_at).getTime(),
  to: new Date(s.ends_at).getTime(),
});

/** An interpreter the caller may plan for: an active INTERPRETER, by username (404 otherwise). */
async function interpreterOr404(ctx: AppContext, username: string) {
  const [target] = await interpreterRoster(ctx.db, username);
  if (!target) throw notFound(NO_INTERPRETER);
  return target;
}

// ---------------------------------------------------------------- shifts

/** `GET /api/wfm/shifts/`: shifts starting in [from, to], optionally one interpreter's. */
export async function listShifts(ctx: AppContext, user: UserRow, q: TShiftsQuery): Promise<TShift[]> {
  mustUseWfm(user);
  checkRange(q.from, q.to);
  const username = q.username?.trim();
  const target = username ? await interpreterOr404(ctx, username) : undefined;
  return (await repo.listShifts(ctx.db, q.from, q.to, target?.id)).map(presentShift);
}

// ---------------------------------------------------------------- the day board

/** `GET /api/wfm/day/`: every active interpreter's day against their shift, and totals per pair. */
export async function dayBoard(ctx: AppContext, user: UserRow, q: TWfmDayQuery): Promise<TWfmDay> {
  mustUseWfm(user);
  const tz = ctx.config.TIME_ZONE;
  const clock = await repo.clock(ctx.db, tz);
  const date = q.date ?? clock.today;
  const isToday = date === clock.today;
  const [bounds] = await repo.daysBetween(ctx.db, date, date, tz);
  const day = interval(bounds!);
  const now = new Date(clock.now).getTime();
  const shifts = groupBy(await repo.listShifts(ctx.db, date, date), (s) => s.user_id);
  const people: BoardRow[] = (await interpreterRoster(ctx.db)).map((p) => ({ ...p, shifts: shifts.get(p.id) ?? [] }));
  const sessions = sessionsByUser(
    await interpreterSessionsBetween(ctx.db, new Date(day.from), new Date(day.to + NEXT_DAY_MS)),
  );
  const staffing = isToday ? await repo.listStaffing(ctx.db) : [];

  const rows = people.map((p) => {
    const planned = p.shifts.map(interval);
    const figures = dayFigures({ day, shifts: planned, sessions: sessions.get(p.id) ?? [], now });
    return { person: p, figures, row: presentDayRow(p, figures, outOfAdherence(planned, !!p.online, now)) };
  });
  return {
    date,
    is_today: isToday,
    time_zone: tz,
    now: new Date(now).toISOString(),
    rows: rows.map((r) => r.row),
    languages: languageTotals(rows, staffing, clock.hour),
  };
}

/** Per language pair (either order is one pair): coverage, who is online and scheduled, the gap to staffing. */
function languageTotals(
  rows: { person: BoardRow; figures: DayFigures }[],
  staffing: readonly repo.StaffingRow[],
  hour: number,
): TWfmLanguageTotal[] {
  const totals = new Map<string, TWfmLanguageTotal & { spellings: Map<string, number> }>();
  const totalFor = (language: string) => {
    const key = languagePairKey(language);
    let t = totals.get(key);
    if (!t) {
      t = {
        language: '',
        spellings: new Map(),
        interpreters: 0,
        online_now: 0,
        scheduled: 0,
        online_minutes: 0,
        scheduled_minutes: 0,
        required_now: null,
        gap: 0,
      };
      totals.set(key, t);
    }
    const spelling = language.trim();
    t.spellings.set(spelling, (t.spellings.get(spelling) ?? 0) + 1);
    return t;
  };
  for (const { person, figures } of rows) {
    // One interpreter counts once per pair even if a profile lists it twice.
    const pairs = new Map(person.languages.map((l) => [languagePairKey(l), l]));
    for (const language of pairs.values()) {
      const t = totalFor(language);
      t.interpreters += 1;
      t.online_now += person.online ? 1 : 0;
      t.scheduled += person.shifts.length === 0 ? 0 : 1;
      t.online_minutes += figures.online_minutes;
      t.scheduled_minutes += figures.scheduled_minutes;
    }
  }
  for (const s of staffing) {
    const t = totalFor(s.language);
    t.required_now = s.hours[hour] ?? null;
    t.gap = Math.max(0, (t.required_now ?? 0) - t.online_now);
  }
  // Named as most profiles write it (the first such on a tie).
  return [...totals.values()]
    .map(({ spellings, ...t }) => ({
      ...t,
      language: [...spellings].reduce((best, cur) => (cur[1] > best[1] ? cur : best))[0],
    }))
    .sort((a, b) => a.language.localeCompare(b.language));
}

const CSV_HEADER = [
  'name',
  'username',
  'languages',
  'team',
  'status',
  'first in',
  'last out',
  'online minutes',
  'shift',
  'adherence %',
  'late',
  'left early',
];

/** `GET /api/wfm/day/export.csv`: the board's rows as CSV (times as the portal's wall clock). */
export async function dayBoardCsv(
  ctx: AppContext,
  user: UserRow,
  q: TWfmDayQuery,
): Promise<{ date: string; csv: string }> {
  const board = await dayBoard(ctx, user, q);
  const clockTime = new Intl.DateTimeFormat('en-GB', {
    timeZone: board.time_zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const time = (at: string | null) => (at ? clockTime.format(new Date(at)) : '');
  const lines = board.rows.map((r) =>
    csvRow([
      `${r.first_name} ${r.last_name}`.trim(),
      r.username,
      r.languages.join('; '),
      r.team,
      r.online ? 'online' : 'offline',
      time(r.first_in),
      time(r.last_out),
      r.online_minutes,
      r.shifts.map((x) => `${x.start}-${x.end}`).join('; '),
      r.adherence === null ? '' : Math.round(r.adherence * 100),
      r.late ? 'yes' : 'no',
      r.left_early ? 'yes' : 'no',
    ]),
  );
  return { date: board.date, csv: csvRow(CSV_HEADER) + lines.join('') };
}

// ---------------------------------------------------------------- one interpreter's history

/** `GET /api/wfm/users/{username}/history/`: every day of the range (default the last 30) and month totals. */
export async function history(
  ctx: AppContext,
  user: UserRow,
  username: string,
  q: TWfmHistoryQuery,
): Promise<TWfmHistory> {
  mustUseWfm(user);
  const target = await interpreterOr404(ctx, username);
  const tz = ctx.config.TIME_ZONE;
  const clock = await repo.clock(ctx.db, tz);
  const to = q.to ?? clock.today;
  const from = q.from ?? addDays(to, -29);
  checkRange(from, to);
  const now = new Date(clock.now).getTime();
  const days = await repo.daysBetween(ctx.db, from, to, tz);
  const shifts = groupBy(await repo.listShifts(ctx.db, from, to, target.id), (s) => s.date);
  const sessions = (
    await interpreterSessionsBetween(
      ctx.db,
      new Date(days[0]!.starts_at),
      new Date(new Date(days.at(-1)!.ends_at).getTime() + NEXT_DAY_MS),
      target.id,
    )
  ).map(toSession);

  const perDay = days.map((d) => {
    const planned = shifts.get(d.date) ?? [];
    const figures = dayFigures({ day: interval(d), shifts: planned.map(interval), sessions, now });
    return { date: d.date, figures, planned };
  });
  return {
    username: target.username,
    first_name: target.first_name,
    last_name: target.last_name,
    languages: target.languages,
    team: target.team,
    team_ar: target.team_ar,
    extension: target.extension,
    date_joined: new Date(target.date_joined).toISOString(),
    online: target.online ? 1 : 0,
    from,
    to,
    time_zone: tz,
    days: perDay.map((d) => ({ date: d.date, ...dayShifts(d.planned), ...presentFigures(d.figures) })),
    months: monthTotals(perDay),
  };
}

function monthTotals(days: readonly { date: string; figures: DayFigures }[]): TWfmMonthTotal[] {
  const months = new Map<string, DayFigures[]>();
  for (const d of days) {
    const key = d.date.slice(0, 7);
    months.set(key, [...(months.get(key) ?? []), d.figures]);
  }
  const sum = (list: DayFigures[], k: 'online_minutes' | 'scheduled_minutes' | 'in_shift_minutes') =>
    list.reduce((a, f) => a + f[k], 0);
  return [...months].map(([month, list]) => ({
    month,
    online_minutes: sum(list, 'online_minutes'),
    scheduled_minutes: sum(list, 'scheduled_minutes'),
    in_shift_minutes: sum(list, 'in_shift_minutes'),
    adherence: adherenceOf(list),
    days_late: list.filter((f) => f.late).length,
    days_left_early: list.filter((f) => f.left_early).length,
  }));
}

// ---------------------------------------------------------------- adherence over a period

/**
 * Interpreters' adherence to their schedule over the shifts starting on days in [from, to]
 * (the reports' summaries): seconds online inside the shifts ÷ the shifts' seconds already
 * passed, summed over everyone (WFM's rule). Null when no shift has started.
 */
export async function interpretersAdherence(db: Database, from: string, to: string): Promise<number | null> {
  const shifts = await repo.startedInterpreterShifts(db, from, to);
  const due = shifts.reduce((sum, s) => sum + Number(s.due_seconds), 0);
  if (!(due > 0)) return null;
  // Open sessions count up to now, so a shift still running is measured up to now, as `due` is.
  const online = await onlineSecondsWithin(
    db,
    shifts.map((s) => ({ userId: s.user_id, from: new Date(s.starts_at), to: new Date(s.ends_at) })),
  );
  return online.reduce((sum, seconds) => sum + seconds, 0) / due;
}
