import { z } from 'zod';
import { ZText } from '../common/text.js';
import { KPI_PERIODS } from '../kpi/kpi-periods.js';
import { KPI_UNITS } from '../kpi/kpi.js';
import { SLA_KINDS, TICKET_PRIORITIES, TICKET_STATUSES } from '../tickets/tickets.js';
import { ZUserType } from '../users/user-types.js';

/**
 * Notifications by code: each kind has typed parameters and an English text; the server
 * stores `{kind, params}` and every reader sees the text in their own language (the web's
 * locales, `notifications.kinds.<kind>`), with their own date and number formats.
 *
 * Texts follow the message catalogue's rules: `{{param}}` placeholders, and a kind with a
 * `count` gives its English plural forms (`{one, other}`; the web's locales give Arabic's
 * six). A kind with a `comment` parameter has a second text, used when the comment is not
 * empty (`withComment`; the web's key `<kind>_comment`).
 */

const ZIsoDate = z.iso.date();

/** A name in both languages; an older notification's plain string is the English name alone. */
const ZLocalName = z.union([
  z.object({ name: ZText.max(300), name_ar: ZText.max(300).nullable().default(null) }),
  ZText.max(300).transform((name) => ({ name, name_ar: null })),
]);

/**
 * What a parameter holds, and so how each language shows it:
 * - `name`: a person (first and last name, else the username) or a username, as written;
 * - `text`: written by a person (a subject, a title, a comment, an announcement), as written;
 * - `count`: a number that also picks the plural form (only the parameter named `count`);
 * - `id`: a record's number ("#12"), also what links are built from;
 * - `dates`: a calendar day or span of days (`from` = `to` for one day), ISO dates;
 * - `dateTime`: an instant, ISO 8601;
 * - `userType`: a user type or desk, as spelled in spec §1 (it is data, never translated);
 * - `ticketStatus`, `ticketPriority`, `slaKind`: a code the reader's language names;
 * - `leaveType`: a leave type's name, with its code when it is a seeded type (translated) and
 *   HR's Arabic name when it has one (`name_ar`; stored before that field, it reads as none);
 * - `localName`, `localNames`: what an administrator named in English and, optionally, Arabic
 *   (a KPI), shown in the reader's language; stored before the Arabic name, a plain English
 *   string, read as that name alone;
 * - `kpiPeriod`: a KPI period (a week or a month) by its first day;
 * - `kpiValue`: a KPI value with its unit (percent, seconds, count, score).
 */
export const NOTIFICATION_PARAM_TYPES = {
  name: ZText.max(300),
  text: ZText.max(4000),
  count: z.number().finite().nonnegative(),
  id: z.number().int().positive(),
  dates: z.object({ from: ZIsoDate, to: ZIsoDate }),
  dateTime: z.iso.datetime({ offset: true }),
  userType: ZUserType,
  ticketStatus: z.enum(TICKET_STATUSES),
  ticketPriority: z.enum(TICKET_PRIORITIES),
  slaKind: z.enum(SLA_KINDS),
  leaveType: z.object({
    name: ZText.max(300),
    code: ZText.max(60).nullable(),
    name_ar: ZText.max(300).nullable().default(null),
  }),
  localName: ZLocalName,
  localNames: z.array(ZLocalName).max(200),
  kpiPeriod: z.object({ period: z.enum(KPI_PERIODS), start: ZIsoDate }),
  kpiValue: z.object({ unit: z.enum(KPI_UNITS), value: z.number().finite() }),
} as const;
export type TNotificationParamType = keyof typeof NOTIFICATION_PARAM_TYPES;

/** English forms of a text that counts: `one` for a count of 1, `other` for the rest. */
export interface NotificationPlural {
  readonly one: string;
  readonly other: string;
}

export interface NotificationKindDefinition<
  P extends Readonly<Record<string, TNotificationParamType>> = Readonly<Record<string, TNotificationParamType>>,
> {
  readonly en: string | NotificationPlural;
  /** The English text when the `comment` parameter is not empty. */
  readonly withComment?: string;
  readonly params: P;
}

function kind<const P extends Record<string, TNotificationParamType> = Record<never, never>>(
  en: string | NotificationPlural,
  params: P = {} as P,
  withComment?: string,
): NotificationKindDefinition<P> {
  return withComment === undefined ? { en, params } : { en, params, withComment };
}

const leaveDecision = (what: string) =>
  kind(
    `Your {{leaveType}} ({{dates}}) was ${what} by {{name}}.`,
    { leaveType: 'leaveType', dates: 'dates', name: 'name', comment: 'text' },
    `Your {{leaveType}} ({{dates}}) was ${what} by {{name}}: {{comment}}`,
  );

/** Every kind of notification; a feature adds its kinds here (and their texts to the web's locales). */
export const NOTIFICATION_KINDS = {
  // notifications
  /** Written by a person (ADMIN, HR, a director) for chosen user types: shown as written. */
  announcement: kind('{{text}}', { text: 'text' }),
  /** A notification stored as English text before kinds existed, which could not be read back: shown as stored. */
  legacyText: kind('{{text}}', { text: 'text' }),
  // accounts
  accountWelcome: kind('Welcome to the staff portal, {{name}}.', { name: 'name' }),
  accountCreated: kind('{{by}} created the {{userType}} account {{username}}.', {
    by: 'name',
    userType: 'userType',
    username: 'name',
  }),
  /** An account made from the command line (no one signed in). */
  accountCreatedUnattributed: kind('Someone created the {{userType}} account {{username}}.', {
    userType: 'userType',
    username: 'name',
  }),
  passwordReset: kind('An administrator reset your password.'),
  passwordChanged: kind('Your password was changed. If this was not you, tell IT at once.'),
  mfaReset: kind('An administrator removed your second factor. Set up a new one on your profile.'),
  // KPI
  kpiRecorded: kind('Your {{kpi}} for {{period}} was recorded: {{value}} (target {{target}}).', {
    kpi: 'localName',
    period: 'kpiPeriod',
    value: 'kpiValue',
    target: 'kpiValue',
  }),
  kpiChanged: kind('Your {{kpi}} for {{period}} was changed: {{value}} (target {{target}}).', {
    kpi: 'localName',
    period: 'kpiPeriod',
    value: 'kpiValue',
    target: 'kpiValue',
  }),
  kpiDue: kind("Reminder: enter {{name}}'s KPI values for {{period}}: {{kpis}}.", {
    name: 'name',
    period: 'kpiPeriod',
    kpis: 'localNames',
  }),
  kpiOverdue: kind("Overdue: {{name}}'s KPI values for {{period}} were not entered: {{kpis}}.", {
    name: 'name',
    period: 'kpiPeriod',
    kpis: 'localNames',
  }),
  // leaves
  leaveRecorded: kind(
    {
      one: '{{name}} recorded your {{leaveType}} ({{dates}}, {{count}} day).',
      other: '{{name}} recorded your {{leaveType}} ({{dates}}, {{count}} days).',
    },
    { name: 'name', leaveType: 'leaveType', dates: 'dates', count: 'count' },
  ),
  leaveRequested: kind(
    {
      one: '{{name}} asks for {{leaveType}}: {{dates}} ({{count}} day).',
      other: '{{name}} asks for {{leaveType}}: {{dates}} ({{count}} days).',
    },
    { name: 'name', leaveType: 'leaveType', dates: 'dates', count: 'count' },
  ),
  leaveApproved: leaveDecision('approved'),
  leaveRejected: leaveDecision('rejected'),
  leaveHrConfirmed: leaveDecision('confirmed by HR'),
  leaveHrRejected: leaveDecision('rejected by HR'),
  leaveAwaitingHr: kind("{{name}}'s {{leaveType}} ({{dates}}) was approved and waits for HR's confirmation.", {
    name: 'name',
    leaveType: 'leaveType',
    dates: 'dates',
  }),
  leaveCancelled: kind('{{name}} cancelled their approved {{leaveType}} ({{dates}}).', {
    name: 'name',
    leaveType: 'leaveType',
    dates: 'dates',
  }),
  leaveRevoked: kind(
    '{{name}} revoked your {{leaveType}} ({{dates}}).',
    { name: 'name', leaveType: 'leaveType', dates: 'dates', comment: 'text' },
    '{{name}} revoked your {{leaveType}} ({{dates}}): {{comment}}',
  ),
  // reports
  reportSubmitted: kind('{{name}} submitted a report: {{title}}', { name: 'name', title: 'text' }),
  // tickets
  ticketCreated: kind('{{name}} sent a ticket: {{subject}}', { name: 'name', subject: 'text' }),
  ticketAssigned: kind('{{name}} assigned you the ticket "{{subject}}".', { name: 'name', subject: 'text' }),
  ticketReplied: kind('{{name}} replied to your ticket "{{subject}}".', { name: 'name', subject: 'text' }),
  ticketStatusChanged: kind('Your ticket "{{subject}}" is now {{status}}.', {
    subject: 'text',
    status: 'ticketStatus',
  }),
  ticketRepliedStatusChanged: kind('{{name}} replied to your ticket "{{subject}}"; it is now {{status}}.', {
    name: 'name',
    subject: 'text',
    status: 'ticketStatus',
  }),
  /** The requester wrote back: to whoever has the ticket. */
  ticketRequesterReplied: kind('{{name}} replied to the ticket "{{subject}}".', { name: 'name', subject: 'text' }),
  ticketSlaBreached: kind(
    'SLA breached: {{sla}} ticket #{{ticket}} "{{subject}}" ({{department}}, {{priority}}) was due {{due}}.',
    {
      sla: 'slaKind',
      ticket: 'id',
      subject: 'text',
      department: 'userType',
      priority: 'ticketPriority',
      due: 'dateTime',
    },
  ),
  // interpreters
  presenceOnline: kind('{{name}} is online.', { name: 'name' }),
  // scheduled backups (BACKUP_DIR), to every ADMIN: one kind per reason (contracts' BACKUP_FAILURES)
  backupFailedDiskFull: kind(
    "The scheduled backup at {{at}} failed: the backup folder's disk is full. Earlier backups are kept.",
    { at: 'dateTime' },
  ),
  backupFailedFolder: kind(
    'The scheduled backup at {{at}} failed: the server cannot write to the backup folder. Earlier backups are kept.',
    { at: 'dateTime' },
  ),
  backupFailed: kind('The scheduled backup at {{at}} failed; the event log says why. Earlier backups are kept.', {
    at: 'dateTime',
  }),
} as const satisfies Record<string, NotificationKindDefinition>;

export type TNotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_CODES = Object.keys(NOTIFICATION_KINDS) as TNotificationKind[];

type ParamTypesOf<K extends TNotificationKind> = (typeof NOTIFICATION_KINDS)[K]['params'];
/** The parameters of kind `K`, as stored and sent. */
export type TNotificationParams<K extends TNotificationKind> = {
  -readonly [P in keyof ParamTypesOf<K>]: ParamTypesOf<K>[P] extends TNotificationParamType
    ? z.infer<(typeof NOTIFICATION_PARAM_TYPES)[ParamTypesOf<K>[P]]>
    : never;
};

/** Kind and parameters together, checked per kind. */
export type TNotificationContent = {
  [K in TNotificationKind]: { kind: K; params: TNotificationParams<K> };
}[TNotificationKind];

export const isNotificationKind = (code: string): code is TNotificationKind => Object.hasOwn(NOTIFICATION_KINDS, code);

const schemas = new Map<TNotificationKind, z.ZodType>();

/** The zod schema of kind `kind`'s parameters (strict: a parameter it does not name is refused). */
export function notificationParamsSchema<K extends TNotificationKind>(kind: K): z.ZodType<TNotificationParams<K>> {
  let schema = schemas.get(kind);
  if (!schema) {
    const params = NOTIFICATION_KINDS[kind].params as Record<string, TNotificationParamType>;
    schema = z
      .object(Object.fromEntries(Object.entries(params).map(([name, type]) => [name, NOTIFICATION_PARAM_TYPES[type]])))
      .strict();
    schemas.set(kind, schema);
  }
  return schema as z.ZodType<TNotificationParams<K>>;
}

/** `{kind, params}` when `kind` is known and its parameters fit it; undefined otherwise (a newer server's kind). */
export function parseNotificationContent(kind: string, params: unknown): TNotificationContent | undefined {
  if (!isNotificationKind(kind)) return undefined;
  const parsed = notificationParamsSchema(kind).safeParse(params);
  return parsed.success ? ({ kind, params: parsed.data } as TNotificationContent) : undefined;
}

// ---------------------------------------------------------------- English

const englishPlural = new Intl.PluralRules('en');

/** "3 May 2026", in every environment (the English texts never follow a browser's locale). */
const englishDay = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

const TICKET_STATUS_WORDS: Record<(typeof TICKET_STATUSES)[number], string> = {
  open: 'open',
  in_progress: 'in progress',
  answered: 'answered',
  closed: 'closed',
};
const SLA_WORDS: Record<(typeof SLA_KINDS)[number], string> = {
  first_response: 'first response to',
  resolution: 'resolution of',
};

type ParamValue<T extends TNotificationParamType> = z.infer<(typeof NOTIFICATION_PARAM_TYPES)[T]>;

/** How each type of value reads in English; `at` is when the notification was made. */
const ENGLISH_VALUES: { [T in TNotificationParamType]: (v: ParamValue<T>, at: Date | undefined) => string } = {
  name: (v) => v,
  text: (v) => v,
  count: (v) => String(v),
  id: (v) => String(v),
  dates: (v) => (v.from === v.to ? englishDay(v.from) : `${englishDay(v.from)} to ${englishDay(v.to)}`),
  // "14:05 UTC" on the day it was sent, else with its date.
  dateTime: (v, at) => {
    const iso = new Date(v).toISOString();
    const time = `${iso.slice(11, 16)} UTC`;
    return at && iso.slice(0, 10) === at.toISOString().slice(0, 10) ? time : `${iso.slice(0, 10)} ${time}`;
  },
  userType: (v) => v,
  ticketStatus: (v) => TICKET_STATUS_WORDS[v],
  ticketPriority: (v) => v,
  slaKind: (v) => SLA_WORDS[v],
  leaveType: (v) => v.name,
  localName: (v) => v.name,
  localNames: (v) => v.map((n) => n.name).join(', '),
  kpiPeriod: (v) => (v.period === 'weekly' ? `the week of ${v.start}` : v.start.slice(0, 7)),
  kpiValue: (v) => {
    const n = String(round4(v.value));
    return v.unit === 'percent' ? `${n}%` : v.unit === 'seconds' ? `${n} s` : n;
  },
};

/** The English template of a kind for these parameters (plural form, comment or not). */
export function notificationTemplate(content: TNotificationContent): string {
  const def: NotificationKindDefinition = NOTIFICATION_KINDS[content.kind];
  const params = content.params as Record<string, unknown>;
  if (def.withComment !== undefined && typeof params.comment === 'string' && params.comment !== '') {
    return def.withComment;
  }
  if (typeof def.en === 'string') return def.en;
  return englishPlural.select(params.count as number) === 'one' ? def.en.one : def.en.other;
}

/**
 * The English text of a notification (the API's `message`, for clients that do not read
 * kinds; later the e-mail). `at`: when it was made (a time on that same day reads without its date).
 */
export function notificationText(content: TNotificationContent, at?: Date): string {
  const types = NOTIFICATION_KINDS[content.kind].params as Record<string, TNotificationParamType>;
  const params = content.params as Record<string, unknown>;
  return notificationTemplate(content).replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const type = types[name]!;
    return (ENGLISH_VALUES[type] as (v: unknown, at: Date | undefined) => string)(params[name], at);
  });
}
