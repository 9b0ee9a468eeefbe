import { sql, type Kysely } from 'kysely';

/**
 * Notifications by code: each row holds `kind` and `params` (contracts'
 * `notification-kinds.ts`) instead of an English sentence, so every reader sees it in
 * their own language. The sentences stored so far are read back into kinds with the
 * templates the server wrote them with (copied here: they are history, and this step must
 * read them the same way whatever the catalogue becomes). A sentence that fits no template
 * keeps its text as it was: an announcement (a person's words, sent to user types) or
 * `legacyText`.
 */

/** What the conversion needs to know beside the row. */
export interface LegacyContext {
  /** Leave type names → their seeded code (null for HR's own types). */
  leaveTypeCodes: ReadonlyMap<string, string | null>;
  /** KPI names → their unit (a plain number could be a count or a score). */
  kpiUnits: ReadonlyMap<string, string>;
}

export interface LegacyRow {
  message: string;
  timestamp: Date;
  notification_level: readonly string[];
}

export interface Converted {
  kind: string;
  params: Record<string, unknown>;
}

// User types as spelled in spec §1 (0001's list, unchanged since).
const USER_TYPES = [
  'ADMIN',
  'IT',
  'QUALITY',
  'HR',
  'RECRUITMENT',
  'OPERATION',
  'FINANCE',
  'WFM',
  'RTM',
  'English Department',
  'DEVELOPER',
  'Traning',
  'Vendor',
  'Bussiness Development',
  'Marketing',
  'G.I',
  'G.E',
  'G.SDM',
  'G.AD',
  'INTERPRETER',
  'GUEST',
];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const TYPE = `(?:${USER_TYPES.map(escape).join('|')})`;

// "7 Dec 2026" (en-GB; September is "Sept"), or "7 Dec 2026 to 10 Dec 2026".
const DAY = String.raw`\d{1,2} [A-Z][a-z]{2,3} \d{4}`;
const DATES = `${DAY}(?: to ${DAY})?`;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// "the week of 2026-11-22" or "2026-11".
const PERIOD = String.raw`the week of \d{4}-\d{2}-\d{2}|\d{4}-\d{2}`;
// "92.5%", "310 s", "812".
const VALUE = String.raw`-?\d+(?:\.\d+)?(?:%| s)?`;
const STATUS = '(?:open|in progress|answered|closed)';

function isoDay(text: string): string {
  const [d, m, y] = text.split(' ');
  const month = MONTHS.indexOf(m!.slice(0, 3)) + 1;
  if (month === 0) throw new Error(`not a month: ${m}`);
  return `${y}-${String(month).padStart(2, '0')}-${d!.padStart(2, '0')}`;
}

function dates(text: string) {
  const [from, to = from] = text.split(' to ');
  return { from: isoDay(from!), to: isoDay(to!) };
}

function period(text: string) {
  return text.startsWith('the week of ')
    ? { period: 'weekly', start: text.slice('the week of '.length) }
    : { period: 'monthly', start: `${text}-01` };
}

function kpiValue(text: string, kpi: string, ctx: LegacyContext) {
  if (text.endsWith('%')) return { unit: 'percent', value: Number(text.slice(0, -1)) };
  if (text.endsWith(' s')) return { unit: 'seconds', value: Number(text.slice(0, -2)) };
  const unit = ctx.kpiUnits.get(kpi);
  return { unit: unit === 'score' || unit === 'count' ? unit : 'count', value: Number(text) };
}

const leaveType = (name: string, ctx: LegacyContext) => ({ name, code: ctx.leaveTypeCodes.get(name) ?? null });

type Groups = Record<string, string | undefined>;

interface Template {
  pattern: RegExp;
  /** Sent to user types (`levels`) rather than to named people. */
  toLevels?: boolean;
  convert(g: Groups, row: LegacyRow, ctx: LegacyContext): Converted;
}

const t = (source: string) => new RegExp(`^${source}$`, 's');

// Most specific first: a sentence goes to the first template it fits.
const TEMPLATES: Template[] = [
  {
    pattern: t(
      String.raw`SLA breached: (?<sla>first response to|resolution of) ticket #(?<ticket>\d+) "(?<subject>.*)" \((?<department>${TYPE}), (?<priority>low|normal|high|urgent)\) was due (?:(?<date>\d{4}-\d{2}-\d{2}) )?(?<time>\d{2}:\d{2}) UTC\.`,
    ),
    convert: (g, row) => ({
      kind: 'ticketSlaBreached',
      params: {
        sla: g.sla === 'first response to' ? 'first_response' : 'resolution',
        ticket: Number(g.ticket),
        subject: g.subject,
        department: g.department,
        priority: g.priority,
        // The time alone was written on the day it was sent.
        due: new Date(`${g.date ?? row.timestamp.toISOString().slice(0, 10)}T${g.time}:00.000Z`).toISOString(),
      },
    }),
  },
  {
    pattern: t(
      `Your (?<kpi>.+) for (?<period>${PERIOD}) was (?<how>recorded|changed): (?<value>${VALUE}) \\(target (?<target>${VALUE})\\)\\.`,
    ),
    convert: (g, _row, ctx) => ({
      kind: g.how === 'recorded' ? 'kpiRecorded' : 'kpiChanged',
      params: {
        kpi: g.kpi,
        period: period(g.period!),
        value: kpiValue(g.value!, g.kpi!, ctx),
        target: kpiValue(g.target!, g.kpi!, ctx),
      },
    }),
  },
  {
    pattern: t(`Reminder: enter (?<name>.+)'s KPI values for (?<period>${PERIOD}): (?<kpis>.+)\\.`),
    convert: (g) => ({
      kind: 'kpiDue',
      params: { name: g.name, period: period(g.period!), kpis: g.kpis!.split(', ') },
    }),
  },
  {
    pattern: t(`Overdue: (?<name>.+)'s KPI values for (?<period>${PERIOD}) were not entered: (?<kpis>.+)\\.`),
    convert: (g) => ({
      kind: 'kpiOverdue',
      params: { name: g.name, period: period(g.period!), kpis: g.kpis!.split(', ') },
    }),
  },
  {
    pattern: t(`(?<name>.+)'s (?<type>.+) \\((?<dates>${DATES})\\) was approved and waits for HR's confirmation\\.`),
    convert: (g, _row, ctx) => ({
      kind: 'leaveAwaitingHr',
      params: { name: g.name, leaveType: leaveType(g.type!, ctx), dates: dates(g.dates!) },
    }),
  },
  {
    pattern: t(
      `Your (?<type>.+) \\((?<dates>${DATES})\\) was (?<what>confirmed by HR|rejected by HR|approved|rejected) by (?<name>.+?)(?:\\.|: (?<comment>.*))`,
    ),
    convert: (g, _row, ctx) => ({
      kind:
        { approved: 'leaveApproved', rejected: 'leaveRejected', 'confirmed by HR': 'leaveHrConfirmed' }[
          g.what as 'approved'
        ] ?? 'leaveHrRejected',
      params: { leaveType: leaveType(g.type!, ctx), dates: dates(g.dates!), name: g.name, comment: g.comment ?? '' },
    }),
  },
  {
    pattern: t(`(?<name>.+?) recorded your (?<type>.+) \\((?<dates>${DATES}), (?<count>\\d+(?:\\.\\d+)?) days?\\)\\.`),
    convert: (g, _row, ctx) => ({
      kind: 'leaveRecorded',
      params: { name: g.name, leaveType: leaveType(g.type!, ctx), dates: dates(g.dates!), count: Number(g.count) },
    }),
  },
  {
    pattern: t(`(?<name>.+?) asks for (?<type>.+): (?<dates>${DATES}) \\((?<count>\\d+(?:\\.\\d+)?) days?\\)\\.`),
    convert: (g, _row, ctx) => ({
      kind: 'leaveRequested',
      params: { name: g.name, leaveType: leaveType(g.type!, ctx), dates: dates(g.dates!), count: Number(g.count) },
    }),
  },
  {
    pattern: t(`(?<name>.+?) cancelled their approved (?<type>.+) \\((?<dates>${DATES})\\)\\.`),
    convert: (g, _row, ctx) => ({
      kind: 'leaveCancelled',
      params: { name: g.name, leaveType: leaveType(g.type!, ctx), dates: dates(g.dates!) },
    }),
  },
  {
    pattern: t(`(?<name>.+?) revoked your (?<type>.+) \\((?<dates>${DATES})\\)(?:\\.|: (?<comment>.*))`),
    convert: (g, _row, ctx) => ({
      kind: 'leaveRevoked',
      params: { name: g.name, leaveType: leaveType(g.type!, ctx), dates: dates(g.dates!), comment: g.comment ?? '' },
    }),
  },
  {
    pattern: t(`(?<name>.+?) replied to your ticket "(?<subject>.*)"; it is now (?<status>${STATUS})\\.`),
    convert: (g) => ({
      kind: 'ticketRepliedStatusChanged',
      params: { name: g.name, subject: g.subject, status: g.status!.replace(' ', '_') },
    }),
  },
  {
    pattern: t(`Your ticket "(?<subject>.*)" is now (?<status>${STATUS})\\.`),
    convert: (g) => ({
      kind: 'ticketStatusChanged',
      params: { subject: g.subject, status: g.status!.replace(' ', '_') },
    }),
  },
  {
    pattern: t(`(?<name>.+?) replied to your ticket "(?<subject>.*)"\\.`),
    convert: (g) => ({ kind: 'ticketReplied', params: { name: g.name, subject: g.subject } }),
  },
  {
    pattern: t(`(?<name>.+?) replied to the ticket "(?<subject>.*)"\\.`),
    convert: (g) => ({ kind: 'ticketRequesterReplied', params: { name: g.name, subject: g.subject } }),
  },
  {
    pattern: t(`(?<name>.+?) assigned you the ticket "(?<subject>.*)"\\.`),
    convert: (g) => ({ kind: 'ticketAssigned', params: { name: g.name, subject: g.subject } }),
  },
  {
    pattern: t(`(?<name>.+?) sent a ticket: (?<subject>.*)`),
    toLevels: true,
    convert: (g) => ({ kind: 'ticketCreated', params: { name: g.name, subject: g.subject } }),
  },
  {
    pattern: t(`(?<name>.+?) submitted a report: (?<title>.*)`),
    convert: (g) => ({ kind: 'reportSubmitted', params: { name: g.name, title: g.title } }),
  },
  {
    pattern: t(`(?<by>.+) created the (?<type>${TYPE}) account (?<username>\\S+)\\.`),
    toLevels: true,
    convert: (g) =>
      g.by === 'Someone'
        ? { kind: 'accountCreatedUnattributed', params: { userType: g.type, username: g.username } }
        : { kind: 'accountCreated', params: { by: g.by, userType: g.type, username: g.username } },
  },
  {
    pattern: t(`Welcome to the staff portal, (?<name>.+)\\.`),
    convert: (g) => ({ kind: 'accountWelcome', params: { name: g.name } }),
  },
  {
    pattern: t(escape('An administrator reset your password.')),
    convert: () => ({ kind: 'passwordReset', params: {} }),
  },
  {
    pattern: t(escape('Your password was changed. If this was not you, tell IT at once.')),
    convert: () => ({ kind: 'passwordChanged', params: {} }),
  },
  {
    pattern: t(`(?<name>.+) is online\\.`),
    convert: (g) => ({ kind: 'presenceOnline', params: { name: g.name } }),
  },
];

/**
 * A stored sentence as a kind: the first template it fits (sentences to user types only
 * fit templates sent to user types, and the others only when sent to named people, so an
 * announcement that happens to read like "X is online." stays an announcement).
 */
export function convertLegacyNotification(row: LegacyRow, ctx: LegacyContext): Converted {
  const toLevels = row.notification_level.length > 0;
  for (const template of TEMPLATES) {
    if (Boolean(template.toLevels) !== toLevels) continue;
    const m = template.pattern.exec(row.message);
    if (!m) continue;
    try {
      return template.convert(m.groups ?? {}, row, ctx);
    } catch {
      // A date that does not read back: kept as text below.
    }
  }
  return toLevels
    ? { kind: 'announcement', params: { text: row.message } }
    : { kind: 'legacyText', params: { text: row.message } };
}

const BATCH = 500;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table notifications add column kind text, add column params jsonb not null default '{}'`.execute(db);

  const types = await sql<{ name: string; code: string | null }>`select name, code from leave_types`.execute(db);
  const kpis = await sql<{ name: string; unit: string }>`select name, unit from kpi_definitions`.execute(db);
  const ctx: LegacyContext = {
    leaveTypeCodes: new Map(types.rows.map((r) => [r.name, r.code])),
    kpiUnits: new Map(kpis.rows.map((r) => [r.name, r.unit])),
  };
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; message: string; timestamp: Date; notification_level: string[] }>`
      select id, message, timestamp, notification_level from notifications
      where id > ${after} order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      const { kind, params } = convertLegacyNotification(row, ctx);
      await sql`update notifications set kind = ${kind}, params = ${JSON.stringify(params)}::jsonb where id = ${row.id}`.execute(
        db,
      );
    }
    after = rows.at(-1)!.id;
  }

  await sql`alter table notifications alter column kind set not null, drop column message`.execute(db);
}
