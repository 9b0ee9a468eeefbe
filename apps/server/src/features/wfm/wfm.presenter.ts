import { shiftMinutes, type TAdherence, type TShift, type TStaffingList, type TWfmDayRow } from '@portal/contracts';
import type { RosterRow } from '../interpreters/index.js';
import type { ShiftRow, StaffingRow } from './wfm.repository.js';
import { iso, presentSpans, type DayFigures } from './wfm-rules.js';

/** A shift row's brief as the day board and history carry it. */
export function shiftBrief(s: Pick<ShiftRow, 'start_time' | 'end_time' | 'starts_at' | 'ends_at'> & { id: number }) {
  return {
    id: s.id,
    start: s.start_time,
    end: s.end_time,
    starts_at: new Date(s.starts_at).toISOString(),
    ends_at: new Date(s.ends_at).toISOString(),
    crosses_midnight: s.end_time <= s.start_time,
    minutes: shiftMinutes(s.start_time, s.end_time),
  };
}

export function presentShift(s: ShiftRow): TShift {
  return {
    ...shiftBrief(s),
    username: s.username,
    first_name: s.first_name,
    last_name: s.last_name,
    date: s.date,
    note: s.note,
    updated_at: new Date(s.updated_at).toISOString(),
  };
}

/** The figures of one day as the wire carries them (the internal due minutes stay here). */
export function presentFigures(f: DayFigures): TAdherence & Pick<TWfmDayRow, 'spans' | 'first_in' | 'last_out'> {
  return {
    online_minutes: f.online_minutes,
    scheduled_minutes: f.scheduled_minutes,
    in_shift_minutes: f.in_shift_minutes,
    adherence: f.adherence,
    late: f.late,
    late_minutes: f.late_minutes,
    left_early: f.left_early,
    early_minutes: f.early_minutes,
    spans: presentSpans(f.spans),
    first_in: f.first_in === null ? null : iso(f.first_in),
    last_out: f.last_out === null ? null : iso(f.last_out),
  };
}

/** A row of the day board: an active interpreter (profile, online now) and their shifts that day, in time order. */
export type BoardRow = RosterRow & { shifts: ShiftRow[] };

/** A day's shifts as the wire carries them: all of them, and the first alone for older clients. */
export function dayShifts(shifts: readonly ShiftRow[]) {
  const briefs = shifts.map(shiftBrief);
  return { shift: briefs[0] ?? null, shifts: briefs };
}

export function presentDayRow(r: BoardRow, f: DayFigures, outOfAdherence: boolean): TWfmDayRow {
  return {
    username: r.username,
    first_name: r.first_name,
    last_name: r.last_name,
    languages: r.languages,
    team: r.team,
    team_ar: r.team_ar,
    online: r.online ? 1 : 0,
    ...dayShifts(r.shifts),
    out_of_adherence: outOfAdherence,
    ...presentFigures(f),
  };
}

export function presentStaffing(rows: readonly StaffingRow[]): TStaffingList {
  return rows.map((r) => ({ language: r.language, hours: r.hours, updated_at: new Date(r.updated_at).toISOString() }));
}
