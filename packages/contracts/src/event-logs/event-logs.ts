import { z } from 'zod';
import { ZText } from '../common/text.js';
import { schemaMessage } from '../common/messages.js';

/**
 * Every action the server records (the event log's `action`; `recordEvent` accepts only
 * these, so the list cannot fall behind), the filter UI offers them.
 */
export const EVENT_ACTIONS = [
  'account.created',
  'account.password_reset',
  'account.updated',
  'agent.enrolled',
  'agent.revoked',
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  'auth.password_change_failed',
  'auth.password_changed',
  'auth.external_account_created',
  'auth.external_account_linked',
  'auth.external_account_updated',
  'auth.external_sign_in_refused',
  'auth.sso_failed',
  'auth.mfa_enrolled',
  'auth.mfa_failed',
  'auth.mfa_removed',
  'auth.mfa_reset',
  'auth.recovery_codes_regenerated',
  'auth.passkey_added',
  'auth.passkey_removed',
  'auth.passkey_renamed',
  'backup.created',
  'backup.failed',
  'canned_reply.created',
  'canned_reply.deleted',
  'canned_reply.updated',
  'identity_mapping.created',
  'identity_mapping.deleted',
  'identity_mapping.moved',
  'identity_mapping.updated',
  'integration_key.created',
  'integration_key.revoked',
  'interpreter.follow_settings_changed',
  'interpreter.followed',
  'interpreter.profile_changed',
  'interpreter.unfollowed',
  'it.category_rule_created',
  'it.category_rule_deleted',
  'it.redaction_rule_created',
  'it.redaction_rule_deleted',
  'kpi.definition_changed',
  'kpi.definition_created',
  'kpi.record_changed',
  'kpi.recorded',
  'kpi.reminded',
  'kpi.reminder_due',
  'kpi.reminder_escalated',
  'leave.approved',
  'leave.cancelled',
  'leave.holiday_added',
  'leave.holiday_removed',
  'leave.hr_confirmed',
  'leave.hr_rejected',
  'leave.recorded',
  'leave.rejected',
  'leave.revoked',
  'leave.settings_changed',
  'leave.submitted',
  'leave.type_created',
  'leave.type_updated',
  'notification.announced',
  'ocr.create',
  'ocr.delete',
  'ocr.share',
  'profile.updated',
  'report.created',
  'report.deleted',
  'report.submitted',
  'report.superseded',
  'report.updated',
  'share.accept',
  'share.consent',
  'share.decline',
  'share.end',
  'share.missed',
  'share.request',
  'share.snapshot',
  'share.start',
  'ticket.assigned',
  'ticket.created',
  'ticket.priority_changed',
  'ticket.replied',
  'ticket.sla_breached',
  'ticket.status_changed',
  'ticket_sla.updated',
  'wfm.shift_changed',
  'wfm.shift_created',
  'wfm.shift_deleted',
  'wfm.shifts_imported',
  'wfm.staffing_removed',
  'wfm.staffing_set',
] as const;
export type TEventAction = (typeof EVENT_ACTIONS)[number];

export const ZEventLog = z
  .object({
    id: z.number().int(),
    at: ZText,
    actor_id: z.number().int().nullable(),
    actor_username: ZText,
    action: ZText,
    target_type: ZText,
    target_id: ZText,
    ip: ZText,
    user_agent: ZText,
    details: z.record(ZText, z.unknown()),
  })
  .meta({ id: 'EventLog' });
export type TEventLog = z.infer<typeof ZEventLog>;

export const ZEventLogFilter = z.object({
  actor: ZText.trim().max(64).optional(),
  action: ZText.trim().max(64).optional(),
  target_type: ZText.trim().max(64).optional(),
  target_id: ZText.trim().max(64).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type TEventLogFilter = z.infer<typeof ZEventLogFilter>;

const INVALID_CURSOR = schemaMessage('invalidCursor');

/**
 * The keyset cursor of the next page: base64url of `<ISO time>|<id>`, decoded here so a
 * forged one (bad time, non-canonical or out-of-range id) is a 400 before any query.
 */
export const ZEventLogCursor = ZText.max(200).transform((cursor, ctx) => {
  let text = '';
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    // not base64: reported below
  }
  const [at, id, ...rest] = text.split('|');
  const n = Number(id);
  if (
    rest.length ||
    !at ||
    Number.isNaN(Date.parse(at)) ||
    !/^[1-9][0-9]*$/.test(id ?? '') ||
    n > Number.MAX_SAFE_INTEGER
  ) {
    ctx.addIssue({ code: 'custom', message: INVALID_CURSOR });
    return z.NEVER;
  }
  return { at: new Date(at).toISOString(), id: n };
});
export type TEventLogCursor = z.output<typeof ZEventLogCursor>;

export const ZEventLogQuery = ZEventLogFilter.extend({
  cursor: ZEventLogCursor.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TEventLogQuery = z.input<typeof ZEventLogQuery>;
export type TEventLogQueryParsed = z.output<typeof ZEventLogQuery>;

/** A record an event points at, by name (`code`: a seeded leave type's, which readers translate). */
export const ZEventLogName = z.object({ name: ZText, code: ZText.nullable() }).meta({ id: 'EventLogName' });
export type TEventLogName = z.infer<typeof ZEventLogName>;

/**
 * A page of the audit trail. `names`: the records its rows point at (targets, and ids in
 * details as `EVENT_DETAILS` declares them), keyed `<type>:<id>`; a record gone since is
 * absent (readers show its number).
 */
export const ZEventLogPage = z.object({
  results: z.array(ZEventLog),
  next_cursor: ZText.nullable(),
  names: z.record(ZText, ZEventLogName),
});
export type TEventLogPage = z.infer<typeof ZEventLogPage>;
