import { BACKUP_FAILURES } from '../backups/backups.js';
import { IT_CATEGORIES } from '../it/it.js';
import { LEAVE_STATUSES } from '../leaves/leaves.js';
import { OCR_LANGUAGES } from '../ocr/ocr.js';
import { REPORT_TYPES } from '../reports/reports.js';
import { SHARE_END_REASONS } from '../share/share.js';
import { SLA_KINDS, TICKET_PRIORITIES, TICKET_STATUSES } from '../tickets/tickets.js';
import type { TEventAction } from './event-logs.js';

/**
 * What each event-log action's `details` hold, field by field, so readers see them as
 * labelled values in their own language (the web's `eventLogs.fields.<field>` and
 * `eventLogs.values.<value>`), with names instead of ids, never as JSON.
 */

/**
 * Records whose ids the server names when it answers a page (`names`, keyed
 * `<type>:<id>`): the ones details and targets point at. They are named by the feature
 * that owns them, at read time: stored rows are hash-chained and never rewritten, so this
 * names old rows as well as new ones.
 */
export const EVENT_LOG_REF_TYPES = [
  'user',
  'ticket',
  'leave',
  'leave_type',
  'kpi_definition',
  'report',
  'ocr_job',
  'share_call',
] as const;
export type TEventLogRefType = (typeof EVENT_LOG_REF_TYPES)[number];

/**
 * How a detail reads:
 * - `text`: written by a person (a title, a name, a comment), as written;
 * - `code`: technical text (a pattern, a host name, an e-mail, a key's prefix), left to right as written;
 * - `username`: a username as written;
 * - `count`, `number`: in the reader's number format; `share`: a fraction 0–1 as a percentage; `bytes`: a size;
 * - `date` (YYYY-MM-DD), `dateTime` (ISO 8601), `time` (HH:MM, the portal's wall clock);
 * - `bool`: yes or no; `id`: a record's number without a name of its own ("#12");
 * - `userType`, `userTypes`: user types as spelled in spec §1 (data, never translated);
 * - `texts`, `numbers`: lists; `weekdays`: 0 (Sunday) … 6, named in the reader's language;
 * - `digest`: "unknown identifier #<hex>" (a typed name never stored): its `#<hex>`;
 * - `{ref}` / `{refs}`: ids of records of that type, shown by their names;
 * - `{oneOf}`: a code word, translated (`eventLogs.values.<word>`);
 * - `{fields}`: an object of labelled values; `{each}`: a list of them.
 */
export type TEventDetailType =
  | 'text'
  | 'code'
  | 'username'
  | 'count'
  | 'number'
  | 'share'
  | 'bytes'
  | 'date'
  | 'dateTime'
  | 'time'
  | 'bool'
  | 'id'
  | 'userType'
  | 'userTypes'
  | 'texts'
  | 'numbers'
  | 'weekdays'
  | 'digest'
  | { readonly ref: TEventLogRefType }
  | { readonly refs: TEventLogRefType }
  | { readonly oneOf: readonly string[] }
  | { readonly fields: TEventDetailFields }
  | { readonly each: TEventDetailFields };
export type TEventDetailFields = { readonly [field: string]: TEventDetailType };

const user = { ref: 'user' } as const;
const oneOf = <const V extends readonly string[]>(values: V) => ({ oneOf: values });
const ticketStatus = oneOf(TICKET_STATUSES);
const ticketPriority = oneOf(TICKET_PRIORITIES);
const leaveStatus = oneOf(LEAVE_STATUSES);

const account = {
  email: 'code',
  first_name: 'text',
  last_name: 'text',
  phone: 'code',
  user_type: 'userType',
  is_director: 'bool',
  is_manager: 'bool',
} as const;
const provider = oneOf(['ldap', 'oidc']);
const mappedAs = { user_type: 'userType', is_manager: 'bool', is_director: 'bool' } as const;
const externalAccount = { ...mappedAs, first_name: 'text', last_name: 'text', email: 'code' } as const;
const identityMapping = { match_kind: oneOf(['group', 'claim']), claim: 'code', value: 'code', ...mappedAs } as const;
const cannedReply = { department: 'userType', shortcut: 'code', title: 'text' } as const;
const integrationKey = { name: 'text', prefix: 'code' } as const;
const categoryRule = {
  field: oneOf(['process', 'title', 'site']),
  pattern: 'code',
  category: oneOf(IT_CATEGORIES),
} as const;
const kpiDefinition = { name: 'text', name_ar: 'text', is_active: 'bool' } as const;
const kpiRecord = { user: 'username', kpi: { ref: 'kpi_definition' }, period_start: 'date' } as const;
const kpiReminder = { period_start: 'date', kpis: { refs: 'kpi_definition' } } as const;
const leaveStep = { user, from: leaveStatus, to: leaveStatus, comment: 'text' } as const;
const holiday = { date: 'date', name: 'text', name_ar: 'text' } as const;
const leaveRequest = {
  user,
  leave_type: { ref: 'leave_type' },
  start_date: 'date',
  end_date: 'date',
  half_day: oneOf(['first', 'second']),
  days: 'number',
  attachments: 'count',
} as const;
const leaveType = {
  name: 'text',
  name_ar: 'text',
  yearly_days: 'number',
  carry_over_max_days: 'number',
  half_days_allowed: 'bool',
  attachment_required_after_days: 'number',
  counts_against_balance: 'bool',
  requires_hr_confirmation: 'bool',
  is_active: 'bool',
} as const;
const shareStart = { target: 'username', reason: 'text', consent: oneOf(['ask', 'notice']) } as const;
const shiftTimes = { start: 'time', end: 'time' } as const;
const shift = { username: 'username', date: 'date', ...shiftTimes } as const;
const slaTargets = {
  each: { priority: ticketPriority, first_response_minutes: 'number', resolution_minutes: 'number' },
} as const;

/** Every action's detail fields (an action without details has none). */
export const EVENT_DETAILS = {
  'account.created': { username: 'username', ...account },
  'account.password_reset': {},
  'account.updated': { ...account, is_active: 'bool' },
  'agent.enrolled': { hostname: 'code', platform: 'code', version: 'code', replaced: 'numbers' },
  'agent.revoked': {},
  // How the person proved who they are (given for a password only when a second factor followed), and
  // the second factor they proved.
  'auth.login': {
    method: oneOf(['password', 'ldap', 'oidc', 'passkey']),
    second_factor: oneOf(['totp', 'recovery', 'passkey']),
  },
  'auth.login_failed': {
    username: 'username',
    typed: 'digest',
    reason: oneOf([
      'inactive',
      'wrong password',
      'unknown user',
      'unknown passkey',
      'passkey refused',
      'directory unavailable',
      'ambiguous directory name',
      'local login off',
    ]),
    // Why the company directory could not be asked (a connection or certificate error's code).
    error: 'code',
  },
  'auth.logout': {},
  'auth.password_change_failed': { reason: oneOf(['wrong old password']) },
  'auth.password_changed': {},
  // The second factor: set up, refused (`too many attempts`: the sign-in's challenge was dropped), removed by
  // its owner, reset by an ADMIN (the target is the account), recovery codes replaced.
  'auth.mfa_enrolled': { method: oneOf(['totp', 'passkey']) },
  'auth.mfa_failed': {
    username: 'username',
    method: oneOf(['totp', 'recovery', 'passkey']),
    reason: oneOf(['wrong code', 'replayed code', 'wrong password', 'too many attempts', 'passkey refused']),
  },
  'auth.mfa_removed': { method: oneOf(['totp']) },
  'auth.mfa_reset': { username: 'username' },
  'auth.recovery_codes_regenerated': {},
  // Company sign-in (issue 30): the account a directory or provider sign-in created, linked or refreshed.
  'auth.external_account_created': { provider, username: 'username', email: 'code', ...mappedAs },
  'auth.external_account_linked': { provider, username: 'username' },
  'auth.external_account_updated': {
    provider,
    before: { fields: externalAccount },
    after: { fields: externalAccount },
  },
  'auth.external_sign_in_refused': {
    provider,
    username: 'username',
    reason: oneOf(['no mapping', 'not staff', 'inactive', 'no account', 'username clash', 'invalid username']),
  },
  // A person's own passkeys (`name`: theirs for it).
  'auth.passkey_added': { name: 'text' },
  'auth.passkey_removed': { name: 'text' },
  'auth.passkey_renamed': { before: 'text', after: 'text' },
  // A sign-in through the company's OpenID provider refused (`error`: the provider's or the check's code).
  'auth.sso_failed': {
    reason: oneOf(['expired state', 'provider refused', 'token rejected', 'provider unreachable']),
    error: 'code',
  },
  // A scheduled backup (its file in BACKUP_DIR; `scheduled_for`: the schedule's time it ran for).
  'backup.created': { filename: 'code', size: 'bytes', rows: 'count', removed: 'count', scheduled_for: 'dateTime' },
  'backup.failed': { filename: 'code', reason: oneOf(BACKUP_FAILURES), error: 'code', scheduled_for: 'dateTime' },
  'canned_reply.created': cannedReply,
  'canned_reply.deleted': cannedReply,
  'canned_reply.updated': { before: { fields: cannedReply }, after: { fields: cannedReply } },
  'identity_mapping.created': identityMapping,
  'identity_mapping.deleted': identityMapping,
  'identity_mapping.moved': { ...identityMapping, direction: oneOf(['up', 'down']) },
  'identity_mapping.updated': { before: { fields: identityMapping }, after: { fields: identityMapping } },
  'integration_key.created': integrationKey,
  'integration_key.revoked': integrationKey,
  'interpreter.follow_settings_changed': { notify_when_online: 'bool' },
  'interpreter.followed': { username: 'username' },
  'interpreter.profile_changed': {
    username: 'username',
    languages: 'texts',
    team: 'text',
    team_ar: 'text',
    extension: 'code',
  },
  'interpreter.unfollowed': { username: 'username' },
  'it.category_rule_created': categoryRule,
  'it.category_rule_deleted': categoryRule,
  'it.redaction_rule_created': { pattern: 'code', description: 'text' },
  'it.redaction_rule_deleted': { pattern: 'code' },
  'kpi.definition_changed': kpiDefinition,
  'kpi.definition_created': kpiDefinition,
  'kpi.record_changed': { ...kpiRecord, from: 'number', to: 'number' },
  'kpi.recorded': { ...kpiRecord, value: 'number' },
  'kpi.reminded': { items: 'count', recipients: 'count' },
  'kpi.reminder_due': kpiReminder,
  'kpi.reminder_escalated': kpiReminder,
  'leave.approved': leaveStep,
  'leave.cancelled': leaveStep,
  'leave.holiday_added': holiday,
  'leave.holiday_removed': holiday,
  'leave.hr_confirmed': leaveStep,
  'leave.hr_rejected': leaveStep,
  'leave.recorded': leaveRequest,
  'leave.rejected': leaveStep,
  'leave.revoked': leaveStep,
  'leave.settings_changed': { weekend_days: 'weekdays', coverage_warning_share: 'share' },
  'leave.submitted': leaveRequest,
  'leave.type_created': leaveType,
  'leave.type_updated': leaveType,
  'notification.announced': { levels: 'userTypes', message: 'text' },
  'ocr.create': { files: 'count', language: oneOf(OCR_LANGUAGES), shared_with: 'userType' },
  'ocr.delete': { filename: 'text' },
  'ocr.share': { shared_with: 'userType' },
  'profile.updated': { email: 'code', first_name: 'text', last_name: 'text', phone: 'code', avatar: 'code' },
  'report.created': {
    type: oneOf(REPORT_TYPES),
    subjects: { refs: 'user' },
    supersedes: { ref: 'report' },
    attachments: 'count',
  },
  'report.deleted': { title: 'text', attachments: 'count' },
  'report.submitted': {},
  'report.superseded': { by: { ref: 'report' } },
  'report.updated': { subjects: { refs: 'user' }, attachments_added: 'count', attachments_removed: 'count' },
  'share.accept': {},
  'share.consent': { username: 'username', consent_at_hiring: 'bool' },
  'share.decline': { note: 'text' },
  'share.end': { how: oneOf(SHARE_END_REASONS) },
  'share.missed': { how: oneOf(SHARE_END_REASONS) },
  'share.request': shareStart,
  'share.snapshot': { snapshot: 'id', size: 'bytes' },
  'share.start': shareStart,
  'ticket.assigned': { from: user, to: user },
  'ticket.created': { department: 'userType', priority: ticketPriority, subject: 'text', attachments: 'count' },
  'ticket.priority_changed': { from: ticketPriority, to: ticketPriority },
  'ticket.replied': { reply_id: 'id', is_desk: 'bool', internal: 'bool', attachments: 'count' },
  'ticket.sla_breached': { kind: oneOf(SLA_KINDS), due_at: 'dateTime' },
  'ticket.status_changed': { from: ticketStatus, to: ticketStatus },
  'ticket_sla.updated': { department: 'userType', before: slaTargets, after: slaTargets },
  'wfm.shift_changed': {
    username: 'username',
    date: 'date',
    from: { fields: shiftTimes },
    to: { fields: shiftTimes },
    moved_to: { fields: { username: 'username', date: 'date' } },
  },
  'wfm.shift_created': shift,
  'wfm.shift_deleted': shift,
  'wfm.shifts_imported': { rows: 'count', created: 'count', replaced: 'count', from: 'date', to: 'date' },
  'wfm.staffing_removed': {},
  'wfm.staffing_set': { language: 'text', hours: 'numbers' },
} as const satisfies Record<TEventAction, TEventDetailFields>;

/** The detail fields `recordEvent` accepts for action `A` (any subset; unknown keys are refused by the type). */
export type TEventDetailsOf<A extends TEventAction> = Partial<Record<keyof (typeof EVENT_DETAILS)[A], unknown>>;

/** Record types an event's target may be named by (its `target_type` when it is one of them). */
export const isEventLogRefType = (type: string): type is TEventLogRefType =>
  (EVENT_LOG_REF_TYPES as readonly string[]).includes(type);

/** The `names` key of record `id` of type `type`. */
export const eventLogRefKey = (type: TEventLogRefType, id: number | string) => `${type}:${id}`;

/** The ids an id field holds (one, a list, or none), as positive integers. */
function idsOf(value: unknown): number[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v): v is number => Number.isInteger(v) && (v as number) > 0);
}

/**
 * Every record an event points at, by type: its target (a list "4,5,6" for several) and
 * the ids in its details, as its action's fields say (inside objects and lists too).
 */
export function eventLogRefs(event: {
  action: string;
  target_type: string;
  target_id: string;
  details: Record<string, unknown>;
}): [TEventLogRefType, number][] {
  const refs: [TEventLogRefType, number][] = [];
  if (isEventLogRefType(event.target_type)) {
    for (const id of event.target_id.split(','))
      if (/^[1-9][0-9]{0,8}$/.test(id)) refs.push([event.target_type, Number(id)]);
  }
  const walk = (fields: TEventDetailFields, values: Record<string, unknown>) => {
    for (const [field, type] of Object.entries(fields)) {
      const value = values[field];
      if (value === undefined || value === null || typeof type !== 'object') continue;
      if ('ref' in type) for (const id of idsOf(value)) refs.push([type.ref, id]);
      else if ('refs' in type) for (const id of idsOf(value)) refs.push([type.refs, id]);
      else if ('fields' in type && typeof value === 'object') walk(type.fields, value as Record<string, unknown>);
      else if ('each' in type && Array.isArray(value))
        for (const item of value)
          if (item && typeof item === 'object') walk(type.each, item as Record<string, unknown>);
    }
  };
  const fields = (EVENT_DETAILS as Record<string, TEventDetailFields>)[event.action];
  if (fields) walk(fields, event.details);
  return refs;
}

/** Every field name the catalogue uses, at any depth (each needs a label in every language). */
export function eventDetailFieldNames(): string[] {
  const names = new Set<string>();
  const walk = (fields: TEventDetailFields) => {
    for (const [name, type] of Object.entries(fields)) {
      names.add(name);
      if (typeof type === 'object' && 'fields' in type) walk(type.fields);
      if (typeof type === 'object' && 'each' in type) walk(type.each);
    }
  };
  for (const fields of Object.values(EVENT_DETAILS)) walk(fields);
  return [...names].sort();
}

/** Every code word the catalogue's `oneOf` types name (each needs a translation). */
export function eventDetailValueWords(): string[] {
  const words = new Set<string>();
  const walk = (fields: TEventDetailFields) => {
    for (const type of Object.values(fields)) {
      if (typeof type !== 'object') continue;
      if ('oneOf' in type) type.oneOf.forEach((w) => words.add(w));
      if ('fields' in type) walk(type.fields);
      if ('each' in type) walk(type.each);
    }
  };
  for (const fields of Object.values(EVENT_DETAILS)) walk(fields);
  return [...words].sort();
}
