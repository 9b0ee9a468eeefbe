import { languagePairKey } from '@portal/contracts';
import type { Database } from '../../db/database.js';
import { presenceSessionsOf } from '../interpreters/index.js';
import { findUserByUsername } from '../users/index.js';
import * as wfm from './wfm.repository.js';

/** Required online interpreters at the busiest hour, per demo pair. */
const DEMO_PEAKS: Record<string, number> = {
  'Arabic↔English': 5,
  'Arabic↔French': 3,
  'Arabic↔Turkish': 2,
  'Arabic↔Urdu': 2,
  'English↔Spanish': 2,
};
/** The day's shape of demand (share of the peak per hour): quiet nights, a full working day, a lighter evening. */
const DEMAND_CURVE = [
  0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.5, 1, 1, 1, 1, 1, 1, 1, 1, 0.6, 0.6, 0.6, 0.6, 0.3, 0.3, 0.3, 0.3,
];

/**
 * Shifts for the 20 interpreters with presence, 14 days back and 14 ahead, and required
 * staffing for the five pairs. Past days follow the presence feed: 08:00–16:00 on the days
 * they worked (its jitter and breaks give adherence around 85–95 % with a few late starts
 * and early leaves), and today a shift around each one's first sign of life. Ahead, a day
 * off a week; three work split shifts (07:00–11:00 and 15:00–19:00), three evenings
 * (16:00–00:00) and one nights (22:00–06:00).
 */
export async function seedWfmDemo(db: Database, timeZone: string): Promise<void> {
  const planner = await findUserByUsername(db, 'manager.wfm');
  if (!planner) return;
  const wall = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  /** An instant as the portal's wall clock: its date and minutes since midnight. */
  const local = (at: Date) => {
    const p = Object.fromEntries(wall.formatToParts(at).map((x) => [x.type, x.value]));
    return { date: `${p.year}-${p.month}-${p.day}`, minutes: Number(p.hour) * 60 + Number(p.minute) };
  };
  const hhmm = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const today = local(new Date()).date;
  const dayAt = (d: number) => new Date(Date.parse(`${today}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
  const rows: wfm.ImportRow[] = [];
  for (let i = 0; i < 20; i++) {
    const user = await findUserByUsername(db, `interpreter${String(i + 1).padStart(2, '0')}`);
    if (!user) continue;
    const firstIn = new Map<string, number>();
    for (const s of await presenceSessionsOf(db, user.id)) {
      const at = local(s.started_at);
      if (!firstIn.has(at.date)) firstIn.set(at.date, at.minutes);
    }
    const shift = (date: string, start: string, end: string) =>
      rows.push({ user_id: user.id, date, start, end, note: '' });
    for (let d = -14; d < 0; d++) if (firstIn.has(dayAt(d))) shift(dayAt(d), '08:00', '16:00');
    // Today: planned around when they came (to the quarter hour), eight hours.
    const cameToday = firstIn.get(today);
    if (cameToday !== undefined && Math.round(cameToday / 15) * 15 < 1440) {
      const start = Math.round(cameToday / 15) * 15;
      shift(today, hhmm(start), hhmm(start + 480));
    }
    for (let d = 1; d <= 14; d++) {
      if ((d + i) % 7 === 0) continue;
      if (i >= 12 && i < 15) {
        // A split shift: the morning and the evening peaks, a break between.
        shift(dayAt(d), '07:00', '11:00');
        shift(dayAt(d), '15:00', '19:00');
      } else if (i < 16) shift(dayAt(d), '08:00', '16:00');
      else if (i < 19) shift(dayAt(d), '16:00', '00:00');
      else shift(dayAt(d), '22:00', '06:00');
    }
  }
  await wfm.replaceShiftDays(db, rows, timeZone, planner.id);
  for (const [language, peak] of Object.entries(DEMO_PEAKS)) {
    const hours = DEMAND_CURVE.map((share) => Math.round(peak * share));
    await wfm.upsertStaffing(db, languagePairKey(language), language, hours, planner.id);
  }
}
