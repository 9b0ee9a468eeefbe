import { sql, type RawBuilder } from 'kysely';
import { IT_LIST_WINDOW, type TBusEventOf, type TUserType } from '@portal/contracts';
import type { Database } from '../../db/database.js';

export type Db = Database;

/**
 * IT monitoring's reads (it-list, one user's day, live frames) and the rules IT defines.
 * Telemetry tables are partitioned by day of `at`: every read names a user and a time
 * bound or an ordered LIMIT on (user_id, at), so it stays on the per-partition indexes.
 */

/** A status last heard of longer ago than this is offline (the agent reports every few seconds). */
const STALE = sql`interval '3 minutes'`;

// ---------------------------------------------------------------- it-list

/**
 * Who is on the IT board: active users who ever enrolled an agent (revoked ones too: their
 * history stays) or have a status row (e.g. written by the demo feed).
 */
export function monitoredUsers(db: Db) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.username', 'u.first_name', 'u.last_name', 'u.user_type'])
    .where('u.is_active', '=', true)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('it_agents as a').select('a.id').whereRef('a.user_id', '=', 'u.id')),
        eb.exists(eb.selectFrom('it_status as st').select('st.user_id').whereRef('st.user_id', '=', 'u.id')),
      ]),
    )
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

export interface ItListRow {
  id: number;
  state: 'active' | 'idle' | 'locked' | 'offline' | null;
  since: Date | null;
  last_seen: Date | null;
  /** No status row, or not heard of for three minutes. */
  stale: boolean;
  app_usage: AppSwitchJson[];
  network: SampleJson[];
  device: SampleJson[];
  daily_logs: DailyLogJson[];
}

/**
 * The four lists and the status of these users, in ONE statement (lateral sub-selects per
 * user, each a LIMIT on the user's index): the latest window of app switches (heartbeats
 * are not entries) with the previous switch's window (`lag` over one more switch than
 * shown) and the freshest opened-apps list seen while it was in front (or in the day
 * before it), the latest samples, daily logs and the status.
 */
export async function itListRows(db: Db, userIds: readonly number[]): Promise<ItListRow[]> {
  if (userIds.length === 0) return [];
  const w = IT_LIST_WINDOW;
  const { rows } = await sql<ItListRow>`
    select u.id, st.state, st.since,
           greatest(st.last_seen_at, (select max(a.last_seen_at) from it_agents a where a.user_id = u.id)) as last_seen,
           (st.last_seen_at is null or st.last_seen_at < now() - ${STALE}) as stale,
           (select coalesce(json_agg(json_build_object(
                     'at', s.at, 'title', s.title, 'process', s.process, 'pid', s.pid, 'memory', s.memory_bytes,
                     'url', s.url, 'prev_title', s.prev_title, 'prev_process', s.prev_process,
                     'opened_apps', (select o.opened_apps from it_app_events o
                                     where o.user_id = u.id and o.opened_apps is not null
                                       and jsonb_array_length(o.opened_apps) > 0
                                       and o.at >= s.at - interval '1 day'
                                       and o.at < coalesce(s.next_at, 'infinity'::timestamptz)
                                     order by o.at desc limit 1)
                   ) order by s.at, s.seq), '[]'::json)
            from (select v.*,
                         lag(v.title) over win as prev_title, lag(v.process) over win as prev_process,
                         lead(v.at) over win as next_at, row_number() over (order by v.at desc, v.seq desc) as rn
                  from (select e.at, e.seq, e.title, e.process, e.pid, e.memory_bytes, e.url
                        from it_app_events e where e.user_id = u.id and not e.heartbeat
                        order by e.at desc, e.seq desc limit ${w.app_usage + 1}) v
                  window win as (order by v.at, v.seq)) s
            where s.rn <= ${w.app_usage}) as app_usage,
           ${samplesOf('network', w.network_monitors)} as network,
           ${samplesOf('device', w.device_monitors)} as device,
           ${dailyLogsOf(w.daily_logs)} as daily_logs
    from users u
    left join it_status st on st.user_id = u.id
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

/** The day's app events (switches and heartbeats) in [from, to), and the last one before it. */
export async function appEventsOfDay(db: Db, userId: number, from: Date, to: Date) {
  const { rows } = await sql<{ at: Date; heartbeat: boolean; title: string; process: string; url: string | null }>`
    (select at, seq, heartbeat, title, process, url from it_app_events
      where user_id = ${userId} and at < ${from} and at >= ${from}::timestamptz - ${LOOKBACK}
      order by at desc, seq desc limit 1)
    union all
    (select at, seq, heartbeat, title, process, url from it_app_events
      where user_id = ${userId} and at >= ${from} and at < ${to})
    order by at, seq`.execute(db);
  return rows;
}

/** The day's activity events in [from, to), and the last one before it. */
export async function activityOfDay(db: Db, userId: number, from: Date, to: Date) {
  const { rows } = await sql<{ at: Date; state: 'active' | 'idle' | 'locked' | 'offline' }>`
    (select at, seq, state from it_activity_events
      where user_id = ${userId} and at < ${from} and at >= ${from}::timestamptz - ${LOOKBACK}
      order by at desc, seq desc limit 1)
    union all
    (select at, seq, state from it_activity_events
      where user_id = ${userId} and at >= ${from} and at < ${to})
    order by at, seq`.execute(db);
  return rows;
}

/** Device and network samples in [from, to), oldest first. */
export function samplesOfDay(db: Db, userId: number, from: Date, to: Date) {
  return db
    .selectFrom('it_samples')
    .select(['kind', 'at', 'data'])
    .where('user_id', '=', userId)
    .where('at', '>=', from)
    .where('at', '<', to)
    .orderBy('at')
    .execute();
}

/** The daily logs of `date` (one per machine) with the machine's host name. */
export function dailyLogsOfDay(db: Db, userId: number, date: string) {
  return db
    .selectFrom('it_daily_logs as d')
    .innerJoin('it_agents as a', 'a.id', 'd.agent_id')
    .select(['a.hostname', 'd.data'])
    .where('d.user_id', '=', userId)
    .where('d.day', '=', date)
    .orderBy('a.hostname')
    .execute();
}

// ---------------------------------------------------------------- live frames

type Kind = TBusEventOf<'it'>['kinds'][number];

export interface LiveRow {
  id: number;
  username: string;
  user_type: TUserType;
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
  status: { state: 'active' | 'idle' | 'locked' | 'offline'; since: string; last_seen_at: string } | null;
}

/** What the live frames of `kinds` need, for one user, in one statement (undefined: no such user). */
export async function liveRow(db: Db, userId: number, kinds: ReadonlySet<Kind>): Promise<LiveRow | undefined> {
  const when = (kind: Kind, q: RawBuilder<unknown>) => (kinds.has(kind) ? q : sql`null`);
  const latestSample = (kind: 'device' | 'network') => sql`(
    select json_build_object('at', s.at, 'data', s.data) from it_samples s
    where s.user_id = u.id and s.kind = ${kind} order by s.at desc limit 1)`;
  const { rows } = await sql<LiveRow>`
    select u.id, u.username, u.user_type,
      ${when(
        'app',
        sql`(select json_build_object('title', e.title, 'process', e.process, 'pid', e.pid, 'memory', e.memory_bytes,
                                      'url', e.url, 'opened_apps', e.opened_apps)
             from it_app_events e where e.user_id = u.id order by e.at desc, e.seq desc limit 1)`,
      )} as app,
      ${when(
        'app',
        sql`(select coalesce(json_agg(json_build_object('field', r.field, 'pattern', r.pattern, 'category', r.category)
                                      order by r.id), '[]'::json) from it_category_rules r)`,
      )} as rules,
      ${when('device', latestSample('device'))} as device,
      ${when('network', latestSample('network'))} as network,
      ${when('daily', dailyLogsOf(IT_LIST_WINDOW.daily_logs))} as daily_logs,
      ${when(
        'activity',
        sql`(select json_build_object('state', st.state, 'since', st.since, 'last_seen_at', st.last_seen_at)
             from it_status st where st.user_id = u.id)`,
      )} as status
    from users u where u.id = ${userId}`.execute(db);
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
