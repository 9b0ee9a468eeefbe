import { z } from 'zod';
import { ZUserRef } from '../users/users.js';
import { INT4_MAX, textOr, ZBodyId, ZId, ZText } from '../common/text.js';
import { ZApiError, ZCodedMessage } from '../common/errors.js';
import { ZStaffDepartment, ZUserType } from '../users/user-types.js';
import { schemaMessage } from '../common/messages.js';
import { ZArabicName, ZArabicNameValue } from '../common/localized-name.js';

/**
 * Leave requests (spec §2 `user/leaves/*`, `leaves/{id}`, §3 "leaves, user
 * leave requests, completed leaves"). Every payload of `/api/leaves/…`.
 */

// ---------------------------------------------------------------- dates

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date `YYYY-MM-DD` that exists (no 2026-02-30), years 2000–2100. */
export const ZLeaveDate = (message = schemaMessage('chooseDate')) =>
  textOr(message)
    .regex(ISO_DATE, schemaMessage('dateFormat'))
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, schemaMessage('dateInvalid'))
    .refine((s) => s >= '2000-01-01' && s <= '2100-12-31', schemaMessage('dateOutOfRange'));

/** `YYYY-MM` of the team calendar, in the years leave dates may have (there is no year 0 to query). */
export const ZMonth = textOr(schemaMessage('chooseMonth'))
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, schemaMessage('monthFormat'))
  .refine((s) => s >= '2000-01' && s <= '2100-12', schemaMessage('monthOutOfRange'));

/** Days of the week as JavaScript numbers them (0 = Sunday … 6 = Saturday). */
export const ZWeekday = z.number().int().min(0).max(6);
/** The call centre's default weekend: Friday and Saturday. */
export const DEFAULT_WEEKEND_DAYS = [5, 6] as const;
/** Approvers are warned past this share of a department off on one day. */
export const DEFAULT_COVERAGE_WARNING_SHARE = 0.3;
/** The requester may not start a leave more than this many days ago (HR may record past leave for others). */
export const MAX_PAST_START_DAYS = 3;
/**
 * One leave spans at most this many calendar days, so its working days always fit the
 * `numeric(5, 1)` columns (a leave to 2100 once overflowed them: a 500).
 */
export const MAX_LEAVE_SPAN_DAYS = 366;
/** A leave's dates lie within this many years of today, either way. */
export const LEAVE_DATE_WINDOW_YEARS = 5;

/** `day` shifted by whole years (29 February falls back to the 28th). */
function shiftYears(day: string, years: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  const shifted = new Date(Date.UTC(d.getUTCFullYear() + years, d.getUTCMonth(), d.getUTCDate()));
  if (shifted.getUTCMonth() !== d.getUTCMonth()) shifted.setUTCDate(0);
  return shifted.toISOString().slice(0, 10);
}

/** Whether `day` lies within LEAVE_DATE_WINDOW_YEARS of `today`. */
export function withinLeaveWindow(day: string, today: string = new Date().toISOString().slice(0, 10)): boolean {
  return day >= shiftYears(today, -LEAVE_DATE_WINDOW_YEARS) && day <= shiftYears(today, LEAVE_DATE_WINDOW_YEARS);
}

/** Calendar days from `start` to `end`, both included. */
export const spanDays = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

// ---------------------------------------------------------------- leave types

export const LEAVE_TYPE_NAME_MAX = 60;

/** Days of an allowance: 0–366 in whole or half days (the column keeps one decimal; leave is counted in halves). */
const ZAllowanceDays = z
  .number({ error: schemaMessage('daysMissing') })
  .min(0, schemaMessage('minNumber', { limit: 0 }))
  .max(366, schemaMessage('maxNumber', { limit: 366 }))
  .multipleOf(0.5, schemaMessage('wholeOrHalfDays'));

const leaveTypeFields = {
  name: textOr(schemaMessage('leaveTypeNameMissing'))
    .trim()
    .min(1, schemaMessage('leaveTypeNameMissing'))
    .max(LEAVE_TYPE_NAME_MAX, schemaMessage('maxChars', { count: LEAVE_TYPE_NAME_MAX })),
  /** Shown on Arabic pages (the English name when there is none). */
  name_ar: ZArabicName(LEAVE_TYPE_NAME_MAX),
  /** Days a year (0 for types that do not count against a balance); whole or half days, as stored. */
  yearly_days: ZAllowanceDays,
  /** Unused days carried into the next year, at most (0: none). */
  carry_over_max_days: ZAllowanceDays,
  half_days_allowed: z.boolean(),
  /** A supporting document is required for requests longer than this many working days (null: never). */
  attachment_required_after_days: z.number().int().min(0).max(366).nullable(),
  /** Whether the days come out of a yearly balance (unpaid leave does not). */
  counts_against_balance: z.boolean(),
  /** After the approver, HR confirms (maternity, unpaid). */
  requires_hr_confirmation: z.boolean(),
  is_active: z.boolean(),
};

/** `POST /api/leaves/types/`, `PUT /api/leaves/types/{id}/` (HR and ADMIN). */
export const ZLeaveTypeRequest = z.object(leaveTypeFields).strict();
export type TLeaveTypeRequest = z.input<typeof ZLeaveTypeRequest>;

export const ZLeaveType = z
  .object({
    id: z.number().int(),
    /** Seeded types have a code the web translates (`annual`, `sick`, …); HR's own have null. */
    code: ZText.nullable(),
    ...leaveTypeFields,
    name: ZText,
    name_ar: ZArabicNameValue,
  })
  .meta({ id: 'LeaveType' });
export type TLeaveType = z.infer<typeof ZLeaveType>;
export const ZLeaveTypeList = z.array(ZLeaveType);

// ---------------------------------------------------------------- calendar settings

export const HOLIDAY_NAME_MAX = 80;

/** `POST /api/leaves/holidays/` (HR and ADMIN). */
export const ZHolidayRequest = z
  .object({
    date: ZLeaveDate(),
    name: textOr(schemaMessage('holidayNameMissing'))
      .trim()
      .min(1, schemaMessage('holidayNameMissing'))
      .max(HOLIDAY_NAME_MAX, schemaMessage('maxChars', { count: HOLIDAY_NAME_MAX })),
    name_ar: ZArabicName(HOLIDAY_NAME_MAX),
  })
  .strict();
export type THolidayRequest = z.input<typeof ZHolidayRequest>;

export const ZHoliday = z
  .object({ id: z.number().int(), date: ZText, name: ZText, name_ar: ZArabicNameValue })
  .meta({ id: 'Holiday' });
export type THoliday = z.infer<typeof ZHoliday>;
export const ZHolidayList = z.array(ZHoliday);
export const ZHolidaysQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });

/** `GET`/`PUT /api/leaves/settings/`: the working week and the coverage warning (HR and ADMIN change them). */
export const ZLeaveSettings = z
  .object({
    weekend_days: z
      .array(ZWeekday)
      .max(6, schemaMessage('workingDayNeeded'))
      .refine((d) => new Set(d).size === d.length, schemaMessage('dayListedTwice')),
    /** 0–1: warn approvers past this share of a department off on one day. */
    coverage_warning_share: z
      .number()
      .min(0.01, schemaMessage('coverageShareMin'))
      .max(1, schemaMessage('coverageShareMax')),
  })
  .strict()
  .meta({ id: 'LeaveSettings' });
export type TLeaveSettings = z.infer<typeof ZLeaveSettings>;

// ---------------------------------------------------------------- requests

export const LEAVE_STATUSES = ['pending', 'awaiting_hr', 'approved', 'rejected', 'cancelled', 'revoked'] as const;
export const ZLeaveStatus = z.enum(LEAVE_STATUSES);
export type TLeaveStatus = z.infer<typeof ZLeaveStatus>;
/** Statuses that hold days of a balance (pending ones hold them until decided). */
export const LEAVE_HOLDING_STATUSES = ['pending', 'awaiting_hr', 'approved'] as const satisfies readonly TLeaveStatus[];
/** Waiting for someone's decision. */
export const LEAVE_OPEN_STATUSES = ['pending', 'awaiting_hr'] as const satisfies readonly TLeaveStatus[];

export const ZHalfDay = z.enum(['first', 'second'], { error: schemaMessage('chooseHalf') });
export type THalfDay = z.infer<typeof ZHalfDay>;

export const LEAVE_REASON_MAX = 2000;

/**
 * `POST /api/leaves/`: JSON, or multipart with the same fields as text parts plus files
 * (`attachments`). `user`: HR recording leave for someone else (defaults to the caller).
 * A half day is one day: `start_date` = `end_date`.
 */
export const ZCreateLeaveRequest = z
  .object({
    leave_type: z.coerce
      .number({ error: schemaMessage('chooseLeaveType') })
      .int()
      .positive()
      .max(INT4_MAX),
    start_date: ZLeaveDate(schemaMessage('chooseFirstDay')),
    end_date: ZLeaveDate(schemaMessage('chooseLastDay')),
    half_day: z.union([ZHalfDay, z.literal('').transform(() => undefined)]).optional(),
    reason: textOr(schemaMessage('reasonMissing'))
      .trim()
      .max(LEAVE_REASON_MAX, schemaMessage('maxChars', { count: LEAVE_REASON_MAX }))
      .default(''),
    // A JSON number, as the document says: coercion belongs to query strings, and here it let
    // "+53" through as user 53.
    user: z.number().int().positive().max(INT4_MAX).optional(),
  })
  .strict()
  .refine((b) => b.end_date >= b.start_date, {
    message: schemaMessage('lastDayBeforeFirst'),
    path: ['end_date'],
  })
  .refine((b) => !b.half_day || b.start_date === b.end_date, {
    message: schemaMessage('halfDaySingleDay'),
    path: ['half_day'],
  })
  .refine((b) => withinLeaveWindow(b.start_date), {
    message: schemaMessage('dateWithinFiveYears'),
    path: ['start_date'],
  })
  .refine((b) => withinLeaveWindow(b.end_date), {
    message: schemaMessage('dateWithinFiveYears'),
    path: ['end_date'],
  })
  .refine((b) => b.end_date < b.start_date || spanDays(b.start_date, b.end_date) <= MAX_LEAVE_SPAN_DAYS, {
    message: schemaMessage('leaveTooLong'),
    path: ['end_date'],
  });
export type TCreateLeaveRequest = z.input<typeof ZCreateLeaveRequest>;

/** `POST /api/leaves/quote/`: the same fields, answered with the working days and the balance after it (nothing stored). */
export const ZLeaveQuoteRequest = ZCreateLeaveRequest;

export const LEAVE_DECISIONS = ['approve', 'reject'] as const;

/** An approver's or requester's comment on a step (a decision, a cancellation, a revocation). */
const ZLeaveComment = ZText.trim()
  .max(1000, schemaMessage('maxChars', { count: 1000 }))
  .default('');

/** A decision and its comment: one request's, or several's at once. */
const decisionFields = {
  decision: z.enum(LEAVE_DECISIONS, { error: schemaMessage('chooseDecision') }),
  comment: ZLeaveComment,
};

/** `schema` refusing a rejection without a comment (one request's decision, or several's). */
const sayingWhyRejected = <T extends z.ZodType<{ decision: (typeof LEAVE_DECISIONS)[number]; comment: string }>>(
  schema: T,
) =>
  schema.refine((b) => b.decision === 'approve' || b.comment.length > 0, {
    message: schemaMessage('rejectionReasonMissing'),
    path: ['comment'],
  });

/** `POST /api/leaves/{id}/decision/`: a comment is required to reject. */
export const ZLeaveDecisionRequest = sayingWhyRejected(z.object(decisionFields).strict());
export type TLeaveDecisionRequest = z.input<typeof ZLeaveDecisionRequest>;

/** `POST /api/leaves/{id}/cancel/` (the requester) and `/revoke/` (HR). */
export const ZLeaveCancelRequest = z.object({ comment: ZLeaveComment }).strict();
export type TLeaveCancelRequest = z.input<typeof ZLeaveCancelRequest>;

export const ZLeaveIdParams = z.object({ id: ZId });

/** Which of my requests: submitted (waiting), history (all), completed (approved and ended). */
export const ZMyLeavesQuery = z.object({
  status: z.enum(['submitted', 'history', 'completed']).default('history'),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export type TMyLeavesQuery = z.input<typeof ZMyLeavesQuery>;

export const ZBalancesQuery = z.object({
  user: z.coerce.number().int().positive().max(INT4_MAX).optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export type TBalancesQuery = z.input<typeof ZBalancesQuery>;

export const ZCalendarQuery = z.object({ month: ZMonth, department: ZStaffDepartment.optional() });
export type TCalendarQuery = z.input<typeof ZCalendarQuery>;

/** How the approvals inbox orders requests: waiting longest, newest, or by first day of leave. */
export const LEAVE_INBOX_SORTS = ['oldest', 'newest', 'start'] as const;
export type TLeaveInboxSort = (typeof LEAVE_INBOX_SORTS)[number];

/**
 * `GET /api/leaves/inbox/`: narrows the requests waiting for the caller's decision. `from`
 * and `to` keep the requests whose leave touches that span (either may be open).
 */
export const ZLeaveInboxQuery = z.object({
  leave_type: z.coerce.number().int().positive().max(INT4_MAX).optional(),
  department: ZStaffDepartment.optional(),
  from: ZLeaveDate().optional(),
  to: ZLeaveDate().optional(),
  sort: z.enum(LEAVE_INBOX_SORTS).default('oldest'),
});
export type TLeaveInboxQuery = z.input<typeof ZLeaveInboxQuery>;

/** At most this many requests in one bulk decision (a screenful of the inbox, twice over). */
export const MAX_BULK_LEAVES = 50;

/**
 * `POST /api/leaves/inbox/decisions/`: one decision and one comment for several requests;
 * each is decided exactly as on its own (a comment is required to reject).
 */
export const ZBulkLeaveDecisionRequest = sayingWhyRejected(
  z
    .object({
      ids: z
        .array(ZBodyId, { error: schemaMessage('chooseLeaves') })
        .min(1, schemaMessage('chooseLeaves'))
        .max(MAX_BULK_LEAVES, schemaMessage('bulkLeavesTooMany', { count: MAX_BULK_LEAVES }))
        .refine((ids) => new Set(ids).size === ids.length, schemaMessage('leaveListedTwice')),
      ...decisionFields,
    })
    .strict(),
);
export type TBulkLeaveDecisionRequest = z.input<typeof ZBulkLeaveDecisionRequest>;

// ---------------------------------------------------------------- answers

export const ZLeavePerson = ZUserRef.meta({ id: 'LeavePerson' });
export type TLeavePerson = z.infer<typeof ZLeavePerson>;

export const LEAVE_EVENTS = [
  'submitted',
  'approved',
  'rejected',
  'hr_confirmed',
  'hr_rejected',
  'cancelled',
  'revoked',
] as const;

export const ZLeaveTimelineEntry = z.object({
  id: z.number().int(),
  event: z.enum(LEAVE_EVENTS),
  actor: ZLeavePerson.nullable(),
  at: ZText,
  comment: ZText,
});
export type TLeaveTimelineEntry = z.infer<typeof ZLeaveTimelineEntry>;

export const ZLeaveAttachment = z.object({
  id: z.number().int(),
  filename: ZText,
  content_type: ZText,
  size: z.number().int(),
  url: ZText,
});

export const ZLeaveRequest = z
  .object({
    id: z.number().int(),
    user: ZLeavePerson,
    leave_type: ZLeaveType.pick({ id: true, code: true, name: true, name_ar: true, counts_against_balance: true }),
    start_date: ZText,
    end_date: ZText,
    half_day: ZHalfDay.nullable(),
    /** Working days (weekends and holidays excluded; a half day is 0.5). */
    days: z.number(),
    reason: ZText,
    status: ZLeaveStatus,
    created_at: ZText,
    updated_at: ZText,
    /** Who recorded it, when HR did it for the user. */
    recorded_by: ZLeavePerson.nullable(),
    attachments: z.array(ZLeaveAttachment),
    timeline: z.array(ZLeaveTimelineEntry),
    /** What the caller may do now. */
    can: z.object({ decide: z.boolean(), cancel: z.boolean(), revoke: z.boolean() }),
  })
  .meta({ id: 'LeaveRequest' });
export type TLeaveRequest = z.infer<typeof ZLeaveRequest>;
export const ZLeaveRequestList = z.array(ZLeaveRequest);

/** Why one request of a bulk decision was not decided: the answer it alone would have had. */
export const ZBulkLeaveRefusal = ZApiError.extend({ status: z.number().int() }).meta({ id: 'BulkLeaveRefusal' });

/** Each request of a bulk decision, in the order asked: decided (with the request as it now is) or refused. */
export const ZBulkLeaveDecisionResult = z
  .object({
    id: ZBodyId,
    outcome: z.enum(['decided', 'refused']),
    leave: ZLeaveRequest.nullable(),
    refusal: ZBulkLeaveRefusal.nullable(),
  })
  .meta({ id: 'BulkLeaveDecisionResult' });
export type TBulkLeaveDecisionResult = z.infer<typeof ZBulkLeaveDecisionResult>;

export const ZBulkLeaveDecisionAnswer = z.object({
  decided: z.number().int(),
  refused: z.number().int(),
  results: z.array(ZBulkLeaveDecisionResult),
});
export type TBulkLeaveDecisionAnswer = z.infer<typeof ZBulkLeaveDecisionAnswer>;

export const ZLeaveBalance = z
  .object({
    /** `counts_against_balance: false` (unpaid): no entitlement; `available` is then minus the days taken. */
    leave_type: ZLeaveType.pick({ id: true, code: true, name: true, name_ar: true, counts_against_balance: true }),
    year: z.number().int(),
    entitlement: z.number(),
    carried_over: z.number(),
    approved: z.number(),
    pending: z.number(),
    /** entitlement + carried_over − approved − pending */
    available: z.number(),
  })
  .meta({ id: 'LeaveBalance' });
export type TLeaveBalance = z.infer<typeof ZLeaveBalance>;
export const ZLeaveBalances = z.object({
  user: ZLeavePerson,
  year: z.number().int(),
  balances: z.array(ZLeaveBalance),
});
export type TLeaveBalances = z.infer<typeof ZLeaveBalances>;

/** What a request would take (`POST /api/leaves/quote/`). */
export const ZLeaveQuote = z.object({
  days: z.number(),
  /** Per year the range touches (a leave across New Year counts in both). */
  by_year: z.array(z.object({ year: z.number().int(), days: z.number(), available_after: z.number().nullable() })),
  /**
   * What sending it now would be refused for, by code (an overlap with another leave, a
   * balance it would overdraw), so the form says it before Send and holds Send back.
   */
  refusals: z.array(ZCodedMessage),
});
export type TLeaveQuote = z.infer<typeof ZLeaveQuote>;

export const ZCoverageDay = z.object({
  date: ZText,
  working: z.boolean(),
  /** People of the department off that day (approved and pending), the requester excluded. */
  off: z.number().int(),
  headcount: z.number().int(),
  share: z.number(),
  warning: z.boolean(),
});
export type TCoverageDay = z.infer<typeof ZCoverageDay>;
/** `GET /api/leaves/{id}/coverage/` (whoever may decide it). */
export const ZLeaveCoverage = z.object({
  department: ZUserType,
  warning_share: z.number(),
  days: z.array(ZCoverageDay),
});
export type TLeaveCoverage = z.infer<typeof ZLeaveCoverage>;

export const ZCalendar = z
  .object({
    month: ZText,
    departments: z.array(ZUserType),
    warning_share: z.number(),
    days: z.array(
      z.object({
        date: ZText,
        working: z.boolean(),
        holiday: ZText.nullable(),
        /** The holiday's Arabic name (null: none, or no holiday). */
        holiday_ar: ZArabicNameValue,
        off: z.array(
          z.object({
            leave: z.number().int(),
            user: ZLeavePerson,
            /** Named in the calendar cell and its CSV export. */
            leave_type: ZLeaveType.pick({ id: true, code: true, name: true, name_ar: true }),
            status: ZLeaveStatus,
            half_day: ZHalfDay.nullable(),
          }),
        ),
        headcount: z.number().int(),
        share: z.number(),
        warning: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'LeaveCalendar' });
export type TCalendar = z.infer<typeof ZCalendar>;
