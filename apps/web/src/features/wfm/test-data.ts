import type { TShift, TWfmDay, TWfmDayRow, TWfmHistory, TWfmHistoryDay } from '@portal/contracts';

/** Data as the WFM API answers it, for the web's tests. */
export const DAY = '2026-11-23';

const MORNING = {
  id: 1,
  start: '08:00',
  end: '16:00',
  starts_at: `${DAY}T08:00:00.000Z`,
  ends_at: `${DAY}T16:00:00.000Z`,
  crosses_midnight: false,
  minutes: 480,
};

export function makeDayRow(over: Partial<TWfmDayRow> = {}): TWfmDayRow {
  return {
    username: 'interpreter01',
    first_name: 'Amira',
    last_name: 'Saleh',
    languages: ['Arabic↔English'],
    team: 'Cairo A',
    team_ar: null,
    online: 1,
    first_in: `${DAY}T08:12:00.000Z`,
    last_out: null,
    shift: MORNING,
    shifts: [MORNING],
    spans: [{ from: `${DAY}T08:12:00.000Z`, to: null }],
    out_of_adherence: false,
    online_minutes: 108,
    scheduled_minutes: 480,
    in_shift_minutes: 108,
    adherence: 0.9,
    late: true,
    late_minutes: 12,
    left_early: false,
    early_minutes: 0,
    ...over,
  };
}

export function makeDay(over: Partial<TWfmDay> = {}): TWfmDay {
  return {
    date: DAY,
    is_today: true,
    time_zone: 'UTC',
    now: `${DAY}T10:00:00.000Z`,
    rows: [makeDayRow()],
    languages: [
      {
        language: 'Arabic↔English',
        interpreters: 2,
        online_now: 1,
        scheduled: 2,
        online_minutes: 108,
        scheduled_minutes: 960,
        required_now: 3,
        gap: 2,
      },
    ],
    ...over,
  };
}

export function makeShift(over: Partial<TShift> = {}): TShift {
  return {
    id: 5,
    username: 'interpreter01',
    first_name: 'Amira',
    last_name: 'Saleh',
    date: DAY,
    start: '08:00',
    end: '16:00',
    crosses_midnight: false,
    starts_at: `${DAY}T08:00:00.000Z`,
    ends_at: `${DAY}T16:00:00.000Z`,
    minutes: 480,
    note: '',
    updated_at: `${DAY}T07:00:00.000Z`,
    ...over,
  };
}

export function makeHistoryDay(over: Partial<TWfmHistoryDay> = {}): TWfmHistoryDay {
  const row = makeDayRow({ online: 0, last_out: `${DAY}T15:44:00.000Z` });
  return {
    date: DAY,
    shift: row.shift,
    shifts: row.shifts,
    spans: [{ from: `${DAY}T08:12:00.000Z`, to: `${DAY}T15:44:00.000Z` }],
    first_in: row.first_in,
    last_out: row.last_out,
    online_minutes: 452,
    scheduled_minutes: 480,
    in_shift_minutes: 452,
    adherence: 0.94,
    late: true,
    late_minutes: 12,
    left_early: true,
    early_minutes: 16,
    ...over,
  };
}

export function makeHistory(over: Partial<TWfmHistory> = {}): TWfmHistory {
  return {
    username: 'interpreter01',
    first_name: 'Amira',
    last_name: 'Saleh',
    languages: ['Arabic↔English'],
    team: 'Cairo A',
    team_ar: null,
    extension: '2101',
    date_joined: '2026-01-01T00:00:00.000Z',
    online: 0,
    from: '2026-11-22',
    to: DAY,
    time_zone: 'UTC',
    days: [
      makeHistoryDay({
        date: '2026-11-22',
        shift: null,
        shifts: [],
        spans: [],
        first_in: null,
        last_out: null,
        online_minutes: 0,
        scheduled_minutes: 0,
        in_shift_minutes: 0,
        adherence: null,
        late: false,
        late_minutes: 0,
        left_early: false,
        early_minutes: 0,
      }),
      makeHistoryDay(),
    ],
    months: [
      {
        month: '2026-11',
        online_minutes: 452,
        scheduled_minutes: 480,
        in_shift_minutes: 452,
        adherence: 0.94,
        days_late: 1,
        days_left_early: 1,
      },
    ],
    ...over,
  };
}
