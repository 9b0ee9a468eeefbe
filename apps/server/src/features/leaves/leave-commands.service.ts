import {
  ATTACHMENT_CONTENT_TYPES,
  ATTACHMENTS_FIELD,
  canActOnDepartment,
  canCancelLeave,
  canDecideLeave,
  canManageLeaveSettings,
  canRecordLeaveFor,
  canRevokeLeave,
  msg,
  isLeaveApproverFor,
  isoDay,
  isStaff,
  LEAVE_OPEN_STATUSES,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_PER_MESSAGE,
  MAX_PAST_START_DAYS,
  USER_TYPES,
  workingDaysByYear,
  ZBulkLeaveDecisionRequest,
  ZCreateLeaveRequest,
  ZLeaveCancelRequest,
  ZLeaveDecisionRequest,
  type TBulkLeaveDecisionAnswer,
  type TBulkLeaveDecisionRequest,
  type TBulkLeaveDecisionResult,
  type TBusEventOf,
  type TCodedMessage,
  type TCreateLeaveRequest,
  type TLeaveCancelRequest,
  type TLeaveDecisionRequest,
  type TLeaveQuote,
  type TLeaveRequest,
  type TLeaveStatus,
  type TUserType,
} from '@portal/contracts';
import type { Database } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import type { AuditSource } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { ApiError, conflict, fieldError, fieldsError, forbidden } from '../../lib/errors.js';
import {
  checkSpooledUploads,
  checkStorageQuota,
  storeFile,
  type SpooledUpload,
  type UploadRules,
} from '../../lib/files/index.js';
import { withTx, type Tx } from '../../lib/tx.js';
import { recordEvent } from '../event-logs/index.js';
import { notify } from '../notifications/index.js';
import { approvalShortfall, balanceShortMessage, requestShortfall } from './leave-balance-guard.js';
import { addDays, decide, type LeaveDecisionStep, type LeaveStep } from './leave-rules.js';
import { balancesOf, visibleLeave } from './leave-reads.service.js';
import { workingCalendar } from './leave-settings.service.js';
import { accessShape, presentLeave } from './leaves.presenter.js';
import * as repo from './leaves.repository.js';

/** Same files as tickets: PNG, JPEG, PDF or text by content, 5 × 10 MiB, the uploader's quota. */
export const LEAVE_UPLOAD_RULES: UploadRules = {
  maxFiles: MAX_ATTACHMENTS_PER_MESSAGE,
  maxBytes: MAX_ATTACHMENT_BYTES,
  allowed: ATTACHMENT_CONTENT_TYPES,
  field: ATTACHMENTS_FIELD,
};

const ALREADY_DECIDED = 'leaveAlreadyDecided';

const displayName = (u: { first_name: string; last_name: string; username: string }) =>
  `${u.first_name} ${u.last_name}`.trim() || u.username;
const leaveUrl = (id: number) => `/leaves/${id}`;
const isOpen = (s: TLeaveStatus): s is 'pending' | 'awaiting_hr' =>
  (LEAVE_OPEN_STATUSES as readonly string[]).includes(s);

// ---------------------------------------------------------------- what a request takes

interface LeavePlan {
  /** Whose leave it is (the caller, or the user HR records it for). */
  target: repo.PersonRow;
  /** HR recording it for someone else: approved at once, and it may be back-dated. */
  recording: boolean;
  type: repo.LeaveTypeRow;
  byYear: Map<number, number>;
  days: number;
}

/**
 * The checks that need no lock: whose leave, the type, the half day, the working days,
 * how far back it starts, whether a document is required. Throws the refusal.
 */
async function planLeave(
  db: Database,
  caller: UserRow,
  req: ReturnType<typeof ZCreateLeaveRequest.parse>,
): Promise<LeavePlan> {
  const recording = req.user !== undefined && req.user !== caller.id;
  if (recording && !canRecordLeaveFor(caller, req.user!)) {
    throw forbidden('leaveForOthersHrOnly');
  }
  const target = await repo.findPerson(db, recording ? req.user! : caller.id);
  if (!target || !target.is_active || !isStaff(target)) throw fieldError('user', 'chooseActiveStaff');

  const type = await repo.findType(db, req.leave_type);
  if (!type) throw fieldError('leave_type', 'chooseLeaveType');
  if (!type.is_active) throw fieldError('leave_type', 'leaveTypeRetired', { type: type.name });
  if (req.half_day && !type.half_days_allowed) {
    throw fieldError('half_day', 'leaveTypeWholeDays', { type: type.name });
  }
  if (!recording && req.start_date < addDays(isoDay(new Date()), -MAX_PAST_START_DAYS)) {
    throw fieldError('start_date', 'leaveStartTooEarly', { count: MAX_PAST_START_DAYS });
  }
  const calendar = await workingCalendar(db, req.start_date, req.end_date);
  const byYear = workingDaysByYear(req.start_date, req.end_date, calendar, !!req.half_day);
  const days = [...byYear.values()].reduce((a, b) => a + b, 0);
  if (days === 0) {
    throw fieldError('end_date', 'noWorkingDays');
  }
  return { target, recording, type, byYear, days };
}

/** What the request would leave of the balance in each year it touches (null: not counted). */
async function availableAfter(db: Database, plan: LeavePlan) {
  const years = [...plan.byYear.keys()];
  const { balance } = await balancesOf(db, plan.target, years);
  return years.map((year) => {
    const days = plan.byYear.get(year)!;
    const available = plan.type.counts_against_balance ? balance(plan.type.id, year).available : null;
    return {
      year,
      days,
      available,
      available_after: available === null ? null : Math.round((available - days) * 10) / 10,
    };
  });
}

/** The refusal an overlap with `overlap` gets, for the caller or for the person HR records it for. */
const overlapMessage = (plan: LeavePlan, overlap: { start_date: string; end_date: string }) => {
  const dates = { from: overlap.start_date, to: overlap.end_date };
  return plan.recording
    ? msg('leaveOverlapOther', { name: displayName(plan.target), ...dates })
    : msg('leaveOverlapOwn', dates);
};

export async function quoteLeave(ctx: AppContext, caller: UserRow, input: TCreateLeaveRequest): Promise<TLeaveQuote> {
  const req = ZCreateLeaveRequest.parse(input);
  const plan = await planLeave(ctx.db, caller, req);
  // The checks submitting makes under its lock, made here without one: a preview of them.
  const [byYear, overlap, short] = await Promise.all([
    availableAfter(ctx.db, plan),
    repo.findOverlap(ctx.db, plan.target.id, req.start_date, req.end_date),
    requestShortfall(ctx.db, plan.target, plan.type, plan.byYear),
  ]);
  const refusals = [];
  if (overlap) refusals.push(overlapMessage(plan, overlap));
  if (short) refusals.push(balanceShortMessage(plan.type.name, short));
  return {
    days: plan.days,
    by_year: byYear.map(({ year, days, available_after }) => ({ year, days, available_after })),
    refusals: refusals.map(({ code, params }) => ({ code, params: params as TCodedMessage['params'] })),
  };
}

// ---------------------------------------------------------------- submit

/** Who hears of a new request of `department`: its approvers (never the requester). */
async function approversFor(db: Database, department: TUserType, except: number): Promise<number[]> {
  const above = USER_TYPES.filter((t) => canActOnDepartment(t, department));
  const candidates = await repo.approverCandidates(db, above);
  return candidates.filter((u) => u.id !== except && isLeaveApproverFor(u, department)).map((u) => u.id);
}

function publish(tx: Tx, id: number, target: { id: number; user_type: TUserType }, status: TLeaveStatus) {
  tx.publish({
    type: 'leave',
    id,
    user: target.id,
    department: target.user_type,
    status,
  } satisfies TBusEventOf<'leave'>);
}

/**
 * A leave request (or, by HR for someone else, a leave recorded as approved). Every
 * refusal is a 400 under its field and stores nothing: the overlap and balance checks run
 * with the requester's row locked, so two submissions of one user cannot both pass.
 */
export async function submitLeave(
  ctx: AppContext,
  caller: UserRow,
  input: TCreateLeaveRequest,
  uploads: SpooledUpload[],
  source: AuditSource,
): Promise<TLeaveRequest> {
  const req = ZCreateLeaveRequest.parse(input);
  const plan = await planLeave(ctx.db, caller, req);
  const { target, type, recording } = plan;
  const needsFile = type.attachment_required_after_days;
  if (needsFile !== null && plan.days > needsFile && uploads.length === 0) {
    throw fieldError(ATTACHMENTS_FIELD, 'leaveDocumentRequired', { type: type.name, count: needsFile });
  }
  // Before the transaction: a refused file leaves nothing, and the connection is not held meanwhile.
  const files = checkSpooledUploads(uploads, LEAVE_UPLOAD_RULES);
  await checkStorageQuota(ctx.db, caller.id, files, ctx.config.UPLOAD_QUOTA_MB * 1024 * 1024, ATTACHMENTS_FIELD);

  return withTx(ctx, async (tx) => {
    await repo.lockPerson(tx.db, target.id);
    const overlap = await repo.findOverlap(tx.db, target.id, req.start_date, req.end_date);
    if (overlap) throw fieldsError({ start_date: [overlapMessage(plan, overlap)] });
    // Every year it reaches, carry-over included, against the allowance as it stands now.
    const current = await repo.findType(tx.db, type.id, 'share');
    const short = current && (await requestShortfall(tx.db, target, current, plan.byYear));
    if (short) throw fieldsError({ leave_type: [balanceShortMessage(type.name, short)] });
    const status: TLeaveStatus = recording ? 'approved' : 'pending';
    const id = await repo.insertLeave(
      tx.db,
      {
        user_id: target.id,
        leave_type_id: type.id,
        start_date: req.start_date,
        end_date: req.end_date,
        half_day: req.half_day ?? null,
        days: plan.days,
        reason: req.reason,
        status,
        recorded_by: recording ? caller.id : null,
      },
      plan.byYear,
    );
    for (const file of files) {
      const stored = await storeFile(tx.db, file, caller.id);
      await repo.linkLeaveAttachment(tx.db, id, stored.id);
    }
    const asked = {
      name: displayName(caller),
      leaveType: { name: type.name, code: type.code, name_ar: type.name_ar },
      dates: { from: req.start_date, to: req.end_date },
      count: plan.days,
    };
    if (recording) {
      const note = 'Recorded by HR.';
      await repo.insertLeaveEvent(tx.db, { leave_id: id, event: 'submitted', actor_id: caller.id, comment: note });
      await repo.insertLeaveEvent(tx.db, { leave_id: id, event: 'approved', actor_id: caller.id, comment: note });
      await notify(tx, {
        kind: 'leaveRecorded',
        params: asked,
        url: leaveUrl(id),
        recipients: [target.id],
        senderId: caller.id,
      });
    } else {
      await repo.insertLeaveEvent(tx.db, { leave_id: id, event: 'submitted', actor_id: caller.id, comment: '' });
      const approvers = await approversFor(tx.db, target.user_type, target.id);
      if (approvers.length > 0) {
        await notify(tx, {
          kind: 'leaveRequested',
          params: asked,
          url: leaveUrl(id),
          recipients: approvers,
          senderId: caller.id,
        });
      }
    }
    await recordEvent(tx.db, source, {
      action: recording ? 'leave.recorded' : 'leave.submitted',
      targetType: 'leave',
      targetId: id,
      details: {
        user: target.id,
        leave_type: type.id,
        start_date: req.start_date,
        end_date: req.end_date,
        half_day: req.half_day ?? null,
        days: plan.days,
        attachments: files.length,
      },
    });
    publish(tx, id, target, status);
    return presentLeave((await repo.findLeave(tx.db, id))!, caller);
  });
}

// ---------------------------------------------------------------- decide, cancel, revoke

/** Writes a step: the status move (only from what the caller saw), its timeline row and event-log record. */
async function step(
  tx: Tx,
  leave: repo.LeaveRow,
  to: TLeaveStatus,
  event: Exclude<LeaveStep, 'submitted'>,
  actor: UserRow,
  comment: string,
  source: AuditSource,
  refusal: 'leaveAlreadyDecided' | 'leaveChangedMeanwhile',
) {
  if (!(await repo.moveLeave(tx.db, leave.id, leave.status, to))) throw conflict(refusal);
  await repo.insertLeaveEvent(tx.db, { leave_id: leave.id, event, actor_id: actor.id, comment });
  await recordEvent(tx.db, source, {
    action: `leave.${event}`,
    targetType: 'leave',
    targetId: leave.id,
    details: { user: leave.user_id, from: leave.status, to, comment },
  });
  publish(tx, leave.id, { id: leave.user_id, user_type: leave.user_user_type }, to);
}

/**
 * An approval checks the balance again (409 naming the year it would overdraw): what was
 * approved since, or held from before this check existed, may leave no room. The
 * requester's row is locked first, as submissions do, so two approvals of one person's
 * requests at once are checked one after the other.
 */
async function mustStillFit(tx: Tx, leave: repo.LeaveRow) {
  await repo.lockPerson(tx.db, leave.user_id);
  const [person, type, days] = await Promise.all([
    repo.findPerson(tx.db, leave.user_id),
    repo.findType(tx.db, leave.leave_type_id, 'share'),
    repo.yearsOfLeave(tx.db, leave.id),
  ]);
  const short = person && type && (await approvalShortfall(tx.db, person, type, leave.id, days));
  if (short) throw new ApiError(409, balanceShortMessage(leave.type_name, short));
}

/** What the requester is told of each decision. */
const DECISION_KINDS = {
  approved: 'leaveApproved',
  rejected: 'leaveRejected',
  hr_confirmed: 'leaveHrConfirmed',
  hr_rejected: 'leaveHrRejected',
} as const satisfies Record<LeaveDecisionStep, string>;

/** A leave as notifications name it: its type (translated when seeded) and its days. */
const leaveParams = (leave: {
  type_name: string;
  type_name_ar: string | null;
  type_code: string | null;
  start_date: string;
  end_date: string;
}) => ({
  leaveType: { name: leave.type_name, code: leave.type_code, name_ar: leave.type_name_ar },
  dates: { from: leave.start_date, to: leave.end_date },
});

/**
 * The current step's decision: the approver's (to `approved`, or `awaiting_hr` when the
 * type needs HR), then HR's. Refused with 404 (may not see), 409 (no longer waiting for
 * this step), 403 (may see, may not decide: the requester, or not HR at HR's step).
 */
export async function decideLeave(
  ctx: AppContext,
  caller: UserRow,
  id: number,
  input: TLeaveDecisionRequest,
  source: AuditSource,
): Promise<TLeaveRequest> {
  const req = ZLeaveDecisionRequest.parse(input);
  const leave = await visibleLeave(ctx.db, caller, id);
  const status = leave.status;
  if (!isOpen(status)) throw conflict(ALREADY_DECIDED);
  if (!canDecideLeave(caller, accessShape(leave))) {
    throw forbidden(caller.id === leave.user_id ? 'leaveOwnDecision' : 'leaveHrStep');
  }
  const { next, event } = decide(status, req.decision, leave.type_requires_hr_confirmation);
  return withTx(ctx, async (tx) => {
    if (req.decision === 'approve') await mustStillFit(tx, leave);
    await step(tx, leave, next, event, caller, req.comment, source, ALREADY_DECIDED);
    await notify(tx, {
      kind: DECISION_KINDS[event],
      params: { ...leaveParams(leave), name: displayName(caller), comment: req.comment ?? '' },
      url: leaveUrl(id),
      recipients: [leave.user_id],
      senderId: caller.id,
    });
    if (next === 'awaiting_hr') {
      const hr = (await repo.activeUserIdsOfTypes(tx.db, ['HR'])).filter((u) => u !== leave.user_id);
      if (hr.length > 0) {
        const who = `${leave.user_first_name} ${leave.user_last_name}`.trim() || leave.user_username;
        await notify(tx, {
          kind: 'leaveAwaitingHr',
          params: { ...leaveParams(leave), name: who },
          url: leaveUrl(id),
          recipients: hr,
          senderId: caller.id,
        });
      }
    }
    return presentLeave((await repo.findLeave(tx.db, id))!, caller);
  });
}

/**
 * One decision and comment for several requests (the approvals inbox). Each goes through
 * `decideLeave` in its own transaction, in the order asked, so the rules are exactly those
 * of a single decision (an approval that no longer fits the balance after an earlier one
 * of the same person is refused). A refusal is answered for its request, with the status
 * and message it would have had alone, and does not stop the others.
 */
export async function decideLeaves(
  ctx: AppContext,
  caller: UserRow,
  input: TBulkLeaveDecisionRequest,
  source: AuditSource,
): Promise<TBulkLeaveDecisionAnswer> {
  const req = ZBulkLeaveDecisionRequest.parse(input);
  const results: TBulkLeaveDecisionResult[] = [];
  for (const id of req.ids) {
    try {
      const leave = await decideLeave(ctx, caller, id, { decision: req.decision, comment: req.comment }, source);
      results.push({ id, outcome: 'decided', leave, refusal: null });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      results.push({ id, outcome: 'refused', leave: null, refusal: { ...err.toBody(), status: err.statusCode } });
    }
  }
  const decided = results.filter((r) => r.outcome === 'decided').length;
  return { decided, refused: results.length - decided, results };
}

/** The requester withdraws a waiting request, or an approved one before it starts (its approvers hear of it). */
export async function cancelLeave(
  ctx: AppContext,
  caller: UserRow,
  id: number,
  input: TLeaveCancelRequest,
  source: AuditSource,
): Promise<TLeaveRequest> {
  const { comment } = ZLeaveCancelRequest.parse(input);
  const leave = await visibleLeave(ctx.db, caller, id);
  if (caller.id !== leave.user_id) throw forbidden('leaveCancelRequesterOnly');
  if (!canCancelLeave(caller, accessShape(leave))) {
    throw conflict('leaveNotCancellable');
  }
  return withTx(ctx, async (tx) => {
    await step(tx, leave, 'cancelled', 'cancelled', caller, comment, source, 'leaveChangedMeanwhile');
    if (leave.status === 'approved') {
      const approvers = (await repo.approversOf(tx.db, id)).filter((u) => u !== caller.id);
      if (approvers.length > 0) {
        await notify(tx, {
          kind: 'leaveCancelled',
          params: { ...leaveParams(leave), name: displayName(caller) },
          url: leaveUrl(id),
          recipients: approvers,
          senderId: caller.id,
        });
      }
    }
    return presentLeave((await repo.findLeave(tx.db, id))!, caller);
  });
}

/** HR withdraws an approved leave that has not started; the requester hears of it. */
export async function revokeLeave(
  ctx: AppContext,
  caller: UserRow,
  id: number,
  input: TLeaveCancelRequest,
  source: AuditSource,
): Promise<TLeaveRequest> {
  const { comment } = ZLeaveCancelRequest.parse(input);
  const leave = await visibleLeave(ctx.db, caller, id);
  if (!canManageLeaveSettings(caller) || caller.id === leave.user_id) {
    throw forbidden('leaveRevokeHrOnly');
  }
  if (!canRevokeLeave(caller, accessShape(leave))) {
    throw conflict('leaveNotRevocable');
  }
  return withTx(ctx, async (tx) => {
    await step(tx, leave, 'revoked', 'revoked', caller, comment, source, 'leaveChangedMeanwhile');
    await notify(tx, {
      kind: 'leaveRevoked',
      params: { ...leaveParams(leave), name: displayName(caller), comment: comment ?? '' },
      url: leaveUrl(id),
      recipients: [leave.user_id],
      senderId: caller.id,
    });
    return presentLeave((await repo.findLeave(tx.db, id))!, caller);
  });
}
