import { sql, type RawBuilder } from 'kysely';
import { IT_LIST_WINDOW, type TBusEventOf, type TUserType } from '@portal/contracts';
import type { Database } from '../../db/database.js';
import { SILENT } from './agents.repository.js';

export type Db = Database;

/**
 * IT monitoring's reads (it-list, one user's day, live frames) and the rules IT defines.
 * Telemetry tables are partitioned by day of `at`: every read names a user and a time
 * bound or an ordered LIMIT on (user_id, at), so it stays on the per-partition indexes.
 */

// ---------------------------------------------------------------- it-list

/** Who is on the IT board: active users who ever enrolled an agent (revoked ones too: their history stays). */
export function monitoredUsers(db: Db) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.username', 'u.first_name', 'u.last_name', 'u.user_type'])
    .where('u.is_active', '=', true)
    .where((eb) => eb.exists(eb.selectFrom('it_agents as a').select('a.id').whereRef('a.user_id', '=', 'u.id')))
    .orderBy('u.username')
    .execute();
}
export type MonitoredUser = Awaited<ReturnType<typeof monitoredUsers>>[number];

/** A JSON sample list: `{at, data}` of `kind`, the latest `n`, oldest first. */
const samplesOf = (kind: 'device' | 'network', n: number) => sql`(
  select coalesce(json_agg(json_build_object('at', x.at, 'data', x.data) order by x.at), '[]'::json)
  from (select s.at, s.data from it_samples s
        where s.user_id = u.id and s.kind = ${kind} order by s.at desc limit ${n}) x)`;

/** The latest `n` daily logs (one per machine and day) with the machine's host name, oldest first. */
const dailyLogsOf = (n: number) => sql`(
  select coalesce(json_agg(json_build_object('hostname', x.hostname, 'data', x.data) order by x.day, x.hostname), '[]'::json)
  from (select d.day, a.hostname, d.data from it_daily_logs d join it_agents a on a.id = d.agent_id
        where d.user_id = u.id order by d.day desc, d.updated_at desc limit ${n}) x)`;

export interface AppSwitchJson {
  agent_id: number;
  at: string;
  title: string;
  process: string;
  pid: number | null;
  memory: number | null;
  url: string | null;
  opened_apps: string[] | null;
  prev_title: string | null;
  prev_process: string | null;
}
export interface SampleJson {
  at: string;
  data: Record<string, unknown>;
}
export interface DailyLogJson {
  hostname: string;
  data: Record<string, unknown>;
}

/** A machine's state as stored, and whether its agent has been silent for IT_SILENT_AFTER_MS. */
export interface MachineStateJson {
  state: 'active' | 'idle' | 'locked' | 'offline' | null;
  since: string | null;
  last_seen: string | null;
  silent: boolean;
}

export interface MachineJson extends MachineStateJson {
  agent_id: number;
  hostname: string;
  platform: 'linux' | 'win32' | 'darwin';
  app: AppSwitchJson | null;
  device: SampleJson | null;
  network: SampleJson | null;
}

export interface ItListRow {
  id: number;
  /** The latest message of any of the user's agents (revoked ones too). */
  last_seen: Date | null;
  machines: MachineJson[];
  app_usage: AppSwitchJson[];
  network: SampleJson[];
  device: SampleJson[];
  daily_logs: DailyLogJson[];
}

/** The state columns of `it_agents` alias `a` as MachineStateJson's fields. */
const machineState = sql`'state', a.state, 'since', a.state_since, 'last_seen', a.last_seen_at,
  'silent', (a.last_seen_at is null or a.last_seen_at < now() - ${SILENT})`;

/** The latest sample of `kind` of machine `a`. */
const machineSample = (kind: 'device' | 'network') => sql`(
  select json_build_object('at', s.at, 'data', s.data) from it_samples s
  where s.user_id = a.user_id and s.agent_id = a.id and s.kind = ${kind} order by s.at desc limit 1)`;

/** The window in front on machine `a`: its latest switch, the switch before it, the freshest opened-apps list. */
const machineApp = sql`(
  select json_build_object('agent_id', a.id, 'at', x.at, 'title', x.title, 'process', x.process, 'pid', x.pid,
           'memory', x.memory_bytes, 'url', x.url, 'prev_title', x.prev_title, 'prev_process', x.prev_process,
           'opened_apps', (select o.opened_apps from it_app_events o
                           where o.user_id = a.user_id and o.agent_id = a.id and o.opened_apps is not null
                             and jsonb_array_length(o.opened_apps) > 0 and o.at >= x.at - interval '1 day'
                           order by o.at desc limit 1))
  from (select e.*, lead(e.title) over w as prev_title, lead(e.process) over w as prev_process
        from (select e.at, e.seq, e.title, e.process, e.pid, e.memory_bytes, e.url from it_app_events e
              where e.user_id = a.user_id and e.agent_id = a.id and not e.heartbeat
              order by e.at desc, e.seq desc limit 2) e
        window w as (order by e.at desc, e.seq desc)) x
  order by x.at desc, x.seq desc limit 1)`;

/**
 * The four lists and the machines of these users, in ONE statement (lateral sub-selects
 * per user, each a LIMIT on the user's index): the latest window of app switches
 * (heartbeats are not entries) with each one's previous switch on the same machine
 * (`lag` over one more switch than shown) and the freshest opened-apps list seen while it
 * was in front (or in the day before it), the latest samples, daily logs, and each
 * enrolled machine with its state and latest window and samples.
 */
export async function itListRows(db: Db, userIds: readonly number[]): Promise<ItListRow[]> {
  if (userIds.length === 0) return [];
  const w = IT_LIST_WINDOW;
  const { rows } = await sql<ItListRow>`
    select u.id,
           (select max(a.last_seen_at) from it_agents a where a.user_id = u.id) as last_seen,
           (select coalesce(json_agg(json_build_object(
                     'agent_id', a.id, 'hostname', a.hostname, 'platform', a.platform, ${machineState},
                     'app', ${machineApp}, 'device', ${machineSample('device')}, 'network', ${machineSample('network')}
                   ) order by a.hostname, a.id), '[]'::json)
            from it_agents a where a.user_id = u.id and a.revoked_at is null) as machines,
           (select coalesce(json_agg(json_build_object(
                     'agent_id', s.agent_id, 'at', s.at, 'title', s.title, 'process', s.process, 'pid', s.pid,
                     'memory', s.memory_bytes, 'url', s.url, 'prev_title', s.prev_title, 'prev_process', s.prev_process,
                     'opened_apps', (select o.opened_apps from it_app_events o
                                     where o.user_id = u.id and o.agent_id = s.agent_id and o.opened_apps is not null
                                       and jsonb_array_length(o.opened_apps) > 0
                                       and o.at >= s.at - interval '1 day'
                                       and o.at < coalesce(s.next_at, 'infinity'::timestamptz)
                                     order by o.at desc limit 1)
                   ) order by s.at, s.seq), '[]'::json)
            from (select v.*,
                         lag(v.title) over win as prev_title, lag(v.process) over win as prev_process,
                         lead(v.at) over win as next_at, row_number() over (order by v.at desc, v.seq desc) as rn
                  from (select e.agent_id, e.at, e.seq, e.title, e.process, e.pid, e.memory_bytes, e.url
                        from it_app_events e where e.user_id = u.id and not e.heartbeat
                        order by e.at desc, e.seq desc limit ${w.app_usage + 1}) v
                  window win as (partition by v.agent_id order by v.at, v.seq)) s
            where s.rn <= ${w.app_usage}) as app_usage,
           ${samplesOf('network', w.network_monitors)} as network,
           ${samplesOf('device', w.device_monitors)} as device,
           ${dailyLogsOf(w.daily_logs)} as daily_logs
    from users u
    where u.id in (${sql.join([...userIds])})`.execute(db);
  return rows;
}

// ---------------------------------------------------------------- one user's day

/** A user by username (any, active or not: their history stays readable). */
export function findUser(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name', 'user_type'])
    .where('username', '=', username)
    .executeTakeFirst();
}

/** How far before the day an event may still say what the day starts with. */
const LOOKBACK = sql`interval '1 day'`;

/** The day's app events (switches and heartbeats) in [from, to), and each machine's last one before it. */
export async function appEventsOfDay(db: Db, userId: number, from: Date, to: Date) {
  const { rows } = await sql<{
    agent_id: number;
    at: Date;
    heartbeat: boolean;
    title: string;
    process: string;
    url: string | null;
  }>`
    (select distinct on (agent_id) agent_id, at, seq, heartbeat, title, process, url from it_app_events
      where user_id = ${userId} and at < ${from} and at >= ${from}::timestamptz - ${LOOKBACK}
      order by agent_id, at desc, seq desc)
    union all
    (select agent_id, at, seq, heartbeat, title, process, url from it_app_events
      where user_id = ${userId} and at >= ${from} and at < ${to})
    order by at, seq`.execute(db);
  return rows;
}

/** The day's activity events in [from, to), and each machine's last one before it. */
export async function activityOfDay(db: Db, userId: number, from: Date, to: Date) {
  const { rows } = await sql<{ agent_id: number; at: Date; state: 'active' | 'idle' | 'locked' | 'offline' }>`
    (select distinct on (agent_id) agent_id, at, seq, state from it_activity_events
      where user_id = ${userId} and at < ${from} and at >= ${from}::timestamptz - ${LOOKBACK}
      order by agent_id, at desc, seq desc)
    union all
    (select agent_id, at, seq, state from it_activity_events
      where user_id = ${userId} and at >= ${from} and at < ${to})
    order by at, seq`.execute(db);
  return rows;
}

/** The user's machines (revoked ones too: their days stay readable), with their state now. */
export async function machinesOfUser(db: Db, userId: number) {
  const { rows } = await sql<MachineStateJson & { agent_id: number; hostname: string; revoked: boolean }>`
    select a.id as agent_id, a.hostname, a.revoked_at is not null as revoked, a.state, a.state_since as since,
           a.last_seen_at as last_seen, (a.last_seen_at is null or a.last_seen_at < now() - ${SILENT}) as silent
      from it_agents a where a.user_id = ${userId} order by a.hostname, a.id`.execute(db);
  return rows;
}

/** Device and network samples in [from, to), oldest first. */
export function samplesOfDay(db: Db, userId: number, from: Date, to: Date) {
  return db
    .selectFrom('it_samples')
    .select(['agent_id', 'kind', 'at', 'data'])
    .where('user_id', '=', userId)
    .where('at', '>=', from)
    .where('at', '<', to)
    .orderBy('at')
    .execute();
}

// ---------------------------------------------------------------- live frames

type Kind = TBusEventOf<'it'>['kinds'][number];

export interface LiveRow {
  id: number;
  username: string;
  user_type: TUserType;
  agent_id: number;
  hostname: string;
  app: {
    title: string;
    process: string;
    pid: number | null;
    memory: number | null;
    url: string | null;
    opened_apps: string[] | null;
  } | null;
  rules:
    | { field: 'process' | 'title' | 'site'; pattern: string; category: 'productive' | 'neutral' | 'unproductive' }[]
    | null;
  device: SampleJson | null;
  network: SampleJson | null;
  daily_logs: DailyLogJson[] | null;
  status: MachineStateJson | null;
}

/** What the live frames of `kinds` need, for one machine of one user, in one statement (undefined: no such agent). */
export async function liveRow(
  db: Db,
  userId: number,
  agentId: number,
  kinds: ReadonlySet<Kind>,
): Promise<LiveRow | undefined> {
  const when = (kind: Kind, q: RawBuilder<unknown>) => (kinds.has(kind) ? q : sql`null`);
  const latestSample = (kind: 'device' | 'network') => sql`(
    select json_build_object('at', s.at, 'data', s.data) from it_samples s
    where s.user_id = u.id and s.agent_id = a.id and s.kind = ${kind} order by s.at desc limit 1)`;
  const { rows } = await sql<LiveRow>`
    select u.id, u.username, u.user_type, a.id as agent_id, a.hostname,
      ${when(
        'app',
        sql`(select json_build_object('title', e.title, 'process', e.process, 'pid', e.pid, 'memory', e.memory_bytes,
                                      'url', e.url, 'opened_apps', e.opened_apps)
             from it_app_events e where e.user_id = u.id and e.agent_id = a.id order by e.at desc, e.seq desc limit 1)`,
      )} as app,
      ${when(
        'app',
        sql`(select coalesce(json_agg(json_build_object('field', r.field, 'pattern', r.pattern, 'category', r.category)
                                      order by r.id), '[]'::json) from it_category_rules r)`,
      )} as rules,
      ${when('device', latestSample('device'))} as device,
      ${when('network', latestSample('network'))} as network,
      ${when('daily', dailyLogsOf(IT_LIST_WINDOW.daily_logs))} as daily_logs,
      ${when('activity', sql`json_build_object(${machineState})`)} as status
    from users u join it_agents a on a.user_id = u.id
    where u.id = ${userId} and a.id = ${agentId}`.execute(db);
  return rows[0];
}

// ---------------------------------------------------------------- rules IT defines

const RULE_AUTHOR = sql<string>`coalesce((select b.username from users b where b.id = r.created_by), '')`;

/** Redaction rules in id order (`id`: that one only). */
export function listRedactionRules(db: Db, id?: number) {
  let q = db
    .selectFrom('it_redaction_rules as r')
    .select(['r.id', 'r.pattern', 'r.description', 'r.created_at', RULE_AUTHOR.as('created_by')]);
  if (id !== undefined) q = q.where('r.id', '=', id);
  return q.orderBy('r.id').execute();
}
export type RedactionRuleRow = Awaited<ReturnType<typeof listRedactionRules>>[number];

export async function insertRedactionRule(
  db: Db,
  rule: { pattern: string; description: string },
  by: number | null,
): Promise<number> {
  const row = await db
    .insertInto('it_redaction_rules')
    .values({ ...rule, created_by: by })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Answers the removed rule's pattern (undefined: no such rule). */
export async function deleteRedactionRule(db: Db, id: number) {
  return db.deleteFrom('it_redaction_rules').where('id', '=', id).returning(['id', 'pattern']).executeTakeFirst();
}

/** Category rules in id order, the order `categorize` applies them in (`id`: that one only). */
export function listCategoryRules(db: Db, id?: number) {
  let q = db
    .selectFrom('it_category_rules as r')
    .select(['r.id', 'r.field', 'r.pattern', 'r.category', 'r.created_at', RULE_AUTHOR.as('created_by')]);
  if (id !== undefined) q = q.where('r.id', '=', id);
  return q.orderBy('r.id').execute();
}
export type CategoryRuleRow = Awaited<ReturnType<typeof listCategoryRules>>[number];

export async function insertCategoryRule(
  db: Db,
  rule: { field: 'process' | 'title' | 'site'; pattern: string; category: 'productive' | 'neutral' | 'unproductive' },
  by: number | null,
): Promise<number> {
  const row = await db
    .insertInto('it_category_rules')
    .values({ ...rule, created_by: by })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteCategoryRule(db: Db, id: number) {
  return db
    .deleteFrom('it_category_rules')
    .where('id', '=', id)
    .returning(['id', 'field', 'pattern', 'category'])
    .executeTakeFirst();
}
