import { z } from 'zod';
import { ZLeaveDate } from '../leaves/leaves.js';
import { INT4_MAX, textOr, ZText } from '../common/text.js';
import { ZArabicNameValue } from '../common/localized-name.js';
import { ZLanguagePair } from '../interpreters/interpreters.js';
import { schemaMessage } from '../common/messages.js';

/**
 * Workforce management (spec §2 `wfm` and `wfm/{userName}`): interpreters'
 * shifts, the day board (presence against the schedule: adherence, late and early-leave
 * flags), each interpreter's history and the required staffing per language pair and hour.
 *
 * Times of day are the portal's wall clock (`TIME_ZONE`, default UTC): a shift is a date
 * and a start/end `HH:MM` there, ending on the next day when its end is not after its
 * start. The server answers instants as ISO strings and says which zone it planned in, so
 * the web shows the same clock the CSV was written in.
 */

/** `HH:MM`, 00:00–23:59. */
export const ZClockTime = (message = schemaMessage('timeMissing')) =>
  textOr(message)
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, schemaMessage('timeFormat'));

/** A shift may be at most this long (a double shift), and not zero. */
export const MAX_SHIFT_MINUTES = 16 * 60;
/** Minutes after the shift's start before an interpreter is late; before its end before leaving is early. */
export const ADHERENCE_GRACE_MINUTES = 5;
/** Longest range of one history or shift list (a quarter). */
export const MAX_WFM_RANGE_DAYS = 93;
/** Rows of one CSV import (a month of a large team). */
export const MAX_SHIFT_IMPORT_ROWS = 5000;

/** Minutes of a shift from its start and end `HH:MM` (an end not after the start is on the next day). */
export function shiftMinutes(start: string, end: string): number {
  const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const d = toMin(end) - toMin(start);
  return d > 0 ? d : d + 24 * 60;
}

const shiftTimes = {
  start: ZClockTime(schemaMessage('startTimeMissing')),
  end: ZClockTime(schemaMessage('endTimeMissing')),
  note: ZText.trim()
    .max(200, schemaMessage('maxChars', { count: 200 }))
    .default(''),
};

const ZShiftUsername = () =>
  textOr(schemaMessage('chooseInterpreter')).trim().min(1, schemaMessage('chooseInterpreter')).max(150);

/** A shift's end: not equal to its start, and at most MAX_SHIFT_MINUTES long. */
function refineShift(s: { start: string; end: string }, ctx: z.RefinementCtx): void {
  if (s.start === s.end) {
    ctx.addIssue({ code: 'custom', path: ['end'], message: schemaMessage('shiftZeroLength') });
  } else if (shiftMinutes(s.start, s.end) > MAX_SHIFT_MINUTES) {
    ctx.addIssue({ code: 'custom', path: ['end'], message: schemaMessage('shiftTooLong') });
  }
}

/**
 * `POST /api/wfm/shifts/` (WFM, ADMIN): one interpreter's shift on one day. Several a day
 * are fine (a split shift) as long as none of that person's shifts overlap, the day
 * before's night shift included (400 `shiftOverlaps` on `start`).
 */
export const ZShiftRequest = z
  .object({
    username: ZShiftUsername(),
    date: ZLeaveDate(schemaMessage('chooseShiftDay')),
    ...shiftTimes,
  })
  .strict()
  .superRefine(refineShift);
export type TShiftRequest = z.input<typeof ZShiftRequest>;

/**
 * `PUT /api/wfm/shifts/{id}/`: new times and note; with `date` and/or `username` the shift
 * moves to that day or interpreter (the roster's drag and its "Move" action). Left out,
 * the day and person stay.
 */
export const ZShiftUpdateRequest = z
  .object({
    ...shiftTimes,
    username: ZShiftUsername().optional(),
    date: ZLeaveDate(schemaMessage('chooseShiftDay')).optional(),
  })
  .strict()
  .superRefine(refineShift);
export type TShiftUpdateRequest = z.input<typeof ZShiftUpdateRequest>;

export const ZShift = z
  .object({
    id: z.number().int().max(INT4_MAX),
    username: ZText,
    first_name: ZText,
    last_name: ZText,
    /** The day it starts (portal time zone). */
    date: ZText,
    start: ZText,
    end: ZText,
    /** True when it ends on the next day. */
    crosses_midnight: z.boolean(),
    starts_at: ZText,
    ends_at: ZText,
    minutes: z.number().int(),
    note: ZText,
    updated_at: ZText,
  })
  .meta({ id: 'Shift' });
export type TShift = z.infer<typeof ZShift>;
export const ZShiftList = z.array(ZShift);

/** `GET /api/wfm/shifts/?from&to&username`: shifts starting in the range (inclusive), at most MAX_WFM_RANGE_DAYS. */
export const ZShiftsQuery = z
  .object({
    from: ZLeaveDate(schemaMessage('chooseFirstDay')),
    to: ZLeaveDate(schemaMessage('chooseLastDay')),
    username: ZText.trim().max(150).optional(),
  })
  .strict();
export type TShiftsQuery = z.input<typeof ZShiftsQuery>;

/**
 * `POST /api/wfm/shifts/import/`: a week or month of shifts as CSV text with a header row
 * `username,date,start,end[,note]` (comma or semicolon separated). Every row is checked;
 * if any fails nothing is imported and the answer is 400 with one message per bad line
 * under `csv` ("Line 4: …"). The file is the plan of each interpreter-day it names: that
 * day's shifts are replaced by the file's rows for it (several rows make a split shift;
 * rows that overlap each other or a shift the file keeps are refused). `dry_run` checks and
 * counts without saving (the preview).
 */
export const ZShiftImportRequest = z
  .object({
    csv: textOr(schemaMessage('chooseCsv'))
      .min(1, schemaMessage('csvEmpty'))
      .max(2_000_000, schemaMessage('csvTooLarge')),
    dry_run: z.boolean().default(false),
  })
  .strict();
export type TShiftImportRequest = z.input<typeof ZShiftImportRequest>;
export const ZShiftImportResult = z
  .object({
    /** Rows read (without the header). */
    rows: z.number().int(),
    /** Rows for an interpreter-day that had no shift. */
    created: z.number().int(),
    /** Rows for an interpreter-day that had shifts (those days are replaced). */
    replaced: z.number().int(),
    /** Shifts already planned on those days that the file replaces. */
    removed: z.number().int(),
    dry_run: z.boolean(),
  })
  .meta({ id: 'ShiftImportResult' });
export type TShiftImportResult = z.infer<typeof ZShiftImportResult>;
/** The columns an import reads, in this order in the template the web offers. */
export const SHIFT_CSV_COLUMNS = ['username', 'date', 'start', 'end', 'note'] as const;

// ---------------------------------------------------------------- the day board

/** `GET /api/wfm/day/?date=` (default today) and `GET /api/wfm/day/export.csv?date=`. */
export const ZWfmDayQuery = z.object({ date: ZLeaveDate(schemaMessage('chooseDay')).optional() }).strict();
export type TWfmDayQuery = z.input<typeof ZWfmDayQuery>;

/** A period of presence, clipped to the day (or range) asked about; `to` null while it is open. */
export const ZPresenceSpan = z.object({ from: ZText, to: ZText.nullable() });
export type TPresenceSpan = z.infer<typeof ZPresenceSpan>;

/** A shift as the day board and history carry it. */
export const ZShiftBrief = ZShift.pick({
  id: true,
  start: true,
  end: true,
  starts_at: true,
  ends_at: true,
  crosses_midnight: true,
  minutes: true,
});
export type TShiftBrief = z.infer<typeof ZShiftBrief>;

/**
 * How one interpreter's day went against their shifts (the server computes every figure).
 * With a split shift the minutes add up over the shifts; late and early are judged per
 * shift and their minutes add up.
 */
export const ZAdherence = z.object({
  /** Minutes online within the day. */
  online_minutes: z.number().int(),
  /** Minutes of the shift (0 without one). */
  scheduled_minutes: z.number().int(),
  /** Minutes online inside the shift. */
  in_shift_minutes: z.number().int(),
  /** in_shift ÷ scheduled, 0–1; null without a shift. For a shift still running, of the part already passed. */
  adherence: z.number().nullable(),
  /** First came online after the shift's start + grace (or not yet, past it). */
  late: z.boolean(),
  late_minutes: z.number().int(),
  /** The shift is over and they went offline before its end − grace. */
  left_early: z.boolean(),
  early_minutes: z.number().int(),
});
export type TAdherence = z.infer<typeof ZAdherence>;

export const ZWfmDayRow = z
  .object({
    username: ZText,
    first_name: ZText,
    last_name: ZText,
    languages: z.array(ZText),
    team: ZText,
    /** The team's Arabic name (null: none given). */
    team_ar: ZArabicNameValue,
    /** Spec §3: 0 or 1, now. */
    online: z.union([z.literal(0), z.literal(1)]),
    first_in: ZText.nullable(),
    last_out: ZText.nullable(),
    /** The day's first shift (older clients); `shifts` has them all. */
    shift: ZShiftBrief.nullable(),
    /** Every shift starting that day, in time order (a split shift has several). */
    shifts: z.array(ZShiftBrief),
    spans: z.array(ZPresenceSpan),
    /** Now within the shift and offline (real-time adherence). */
    out_of_adherence: z.boolean(),
  })
  .extend(ZAdherence.shape)
  .meta({ id: 'WfmDayRow' });
export type TWfmDayRow = z.infer<typeof ZWfmDayRow>;

/** Per language pair for the day: who covers it, who is online now, scheduled and online minutes. */
export const ZWfmLanguageTotal = z.object({
  language: ZText,
  interpreters: z.number().int(),
  online_now: z.number().int(),
  scheduled: z.number().int(),
  online_minutes: z.number().int(),
  scheduled_minutes: z.number().int(),
  /** Required online now (staffing for the current hour; null when none is set or the day is not today). */
  required_now: z.number().int().nullable(),
  /** required_now − online_now when positive (a gap to fill), else 0. */
  gap: z.number().int(),
});
export type TWfmLanguageTotal = z.infer<typeof ZWfmLanguageTotal>;

export const ZWfmDay = z
  .object({
    date: ZText,
    is_today: z.boolean(),
    time_zone: ZText,
    /** When the figures were computed (the clock the web draws "now" with). */
    now: ZText,
    rows: z.array(ZWfmDayRow),
    languages: z.array(ZWfmLanguageTotal),
  })
  .meta({ id: 'WfmDay' });
export type TWfmDay = z.infer<typeof ZWfmDay>;

// ---------------------------------------------------------------- one interpreter's history

/** `GET /api/wfm/users/{username}/history/?from&to` (default: the last 30 days). */
export const ZWfmHistoryQuery = z
  .object({
    from: ZLeaveDate(schemaMessage('chooseFirstDay')).optional(),
    to: ZLeaveDate(schemaMessage('chooseLastDay')).optional(),
  })
  .strict();
export type TWfmHistoryQuery = z.input<typeof ZWfmHistoryQuery>;

export const ZWfmHistoryDay = z
  .object({
    date: ZText,
    shift: ZWfmDayRow.shape.shift,
    shifts: ZWfmDayRow.shape.shifts,
    spans: z.array(ZPresenceSpan),
    first_in: ZText.nullable(),
    last_out: ZText.nullable(),
  })
  .extend(ZAdherence.shape);
export type TWfmHistoryDay = z.infer<typeof ZWfmHistoryDay>;

export const ZWfmMonthTotal = z.object({
  /** YYYY-MM */
  month: ZText,
  online_minutes: z.number().int(),
  scheduled_minutes: z.number().int(),
  in_shift_minutes: z.number().int(),
  adherence: z.number().nullable(),
  days_late: z.number().int(),
  days_left_early: z.number().int(),
});
export type TWfmMonthTotal = z.infer<typeof ZWfmMonthTotal>;

export const ZWfmHistory = z
  .object({
    username: ZText,
    first_name: ZText,
    last_name: ZText,
    languages: z.array(ZText),
    team: ZText,
    team_ar: ZArabicNameValue,
    extension: ZText,
    /** When they joined (tenure in 30-day months is computed by the web, spec §5). */
    date_joined: ZText,
    online: z.union([z.literal(0), z.literal(1)]),
    from: ZText,
    to: ZText,
    time_zone: ZText,
    days: z.array(ZWfmHistoryDay),
    months: z.array(ZWfmMonthTotal),
  })
  .meta({ id: 'WfmHistory' });
export type TWfmHistory = z.infer<typeof ZWfmHistory>;

// ---------------------------------------------------------------- required staffing

/** Required online interpreters for one language pair, one number per hour of the day (0–23, portal time zone). */
export const ZStaffingRequirement = z
  .object({
    language: ZLanguagePair,
    hours: z
      .array(
        z
          .number({ error: schemaMessage('number') })
          .int(schemaMessage('wholePeople'))
          .min(0, schemaMessage('minNumber', { limit: 0 }))
          .max(500, schemaMessage('maxNumber', { limit: 500 })),
      )
      .length(24, schemaMessage('staffingHours')),
  })
  .strict();
export type TStaffingRequirement = z.infer<typeof ZStaffingRequirement>;
export const ZStaffingList = z.array(ZStaffingRequirement.extend({ updated_at: ZText }));
export type TStaffingList = z.infer<typeof ZStaffingList>;
/** `PUT /api/wfm/staffing/`: one pair's 24 hours (RTM, WFM, ADMIN); `DELETE /api/wfm/staffing/?language=` removes a pair. */
export const ZStaffingDeleteQuery = z.object({ language: ZLanguagePair }).strict();
