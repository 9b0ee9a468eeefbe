import { sql } from 'kysely';
import { IT_SILENT_AFTER_MS } from '@portal/contracts';
import type { Database } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';

/** IT_SILENT_AFTER_MS as an SQL interval: judged on the database clock, so every server agrees. */
export const SILENT = sql`make_interval(secs => ${IT_SILENT_AFTER_MS / 1000})`;

/** Whether the agent of `it_agents` alias `a` has said nothing for IT_SILENT_AFTER_MS (or never spoke). */
export const silentSql = (a = 'it_agents') =>
  sql<boolean>`(${sql.ref(`${a}.last_seen_at`)} is null or ${sql.ref(`${a}.last_seen_at`)} < now() - ${SILENT})`;

export interface NewAgent {
  user_id: number;
  machine_id: string;
  hostname: string;
  platform: 'linux' | 'win32' | 'darwin';
  version: string;
  credential_hash: string;
}

/** Holds the user's row until COMMIT, so two enrollments of one machine queue (one live credential). */
export async function lockUserForEnroll(db: Database, userId: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** Revokes the live credential of this user on this machine; answers the ids revoked. */
export async function revokeMachineAgents(db: Database, userId: number, machineId: string): Promise<number[]> {
  const rows = await db
    .updateTable('it_agents')
    .set({ revoked_at: sql<Date>`now()`, revoked_by: userId })
    .where('user_id', '=', userId)
    .where('machine_id', '=', machineId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function insertAgent(db: Database, agent: NewAgent): Promise<number> {
  const row = await db.insertInto('it_agents').values(agent).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A live credential's agent and its active user (null: unknown, revoked, or the user is disabled). */
export async function findLiveAgentByHash(
  db: Database,
  credentialHash: string,
): Promise<{ agentId: number; user: UserRow } | null> {
  const row = await db
    .selectFrom('it_agents')
    .innerJoin('users', 'users.id', 'it_agents.user_id')
    .selectAll('users')
    .select('it_agents.id as agent_id')
    .where('it_agents.credential_hash', '=', credentialHash)
    .where('it_agents.revoked_at', 'is', null)
    .where('users.is_active', '=', true)
    .executeTakeFirst();
  if (!row) return null;
  const { agent_id, ...user } = row;
  return { agentId: agent_id, user: user as UserRow };
}

/** Whether the agent still holds (not revoked, its user still active). */
export async function agentLive(db: Database, agentId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('it_agents')
    .innerJoin('users', 'users.id', 'it_agents.user_id')
    .select('it_agents.id')
    .where('it_agents.id', '=', agentId)
    .where('it_agents.user_id', '=', userId)
    .where('it_agents.revoked_at', 'is', null)
    .where('users.is_active', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

const LIST_COLUMNS = [
  'it_agents.id',
  'it_agents.user_id',
  'it_agents.hostname',
  'it_agents.platform',
  'it_agents.version',
  'it_agents.enrolled_at',
  'it_agents.last_seen_at',
  'it_agents.revoked_at',
  'it_agents.state',
  'it_agents.state_since',
  'users.username',
  'users.first_name',
  'users.last_name',
  'users.user_type',
] as const;

/** Every enrolled agent with its user, newest first. */
export function listAgents(db: Database) {
  return db
    .selectFrom('it_agents')
    .innerJoin('users', 'users.id', 'it_agents.user_id')
    .select(LIST_COLUMNS)
    .select(silentSql().as('silent'))
    .orderBy('it_agents.enrolled_at', 'desc')
    .orderBy('it_agents.id', 'desc')
    .execute();
}
export type AgentListRow = Awaited<ReturnType<typeof listAgents>>[number];

export function findAgent(db: Database, id: number) {
  return db
    .selectFrom('it_agents')
    .innerJoin('users', 'users.id', 'it_agents.user_id')
    .select(LIST_COLUMNS)
    .select(silentSql().as('silent'))
    .where('it_agents.id', '=', id)
    .executeTakeFirst();
}

/** Revokes an agent (a second revocation keeps the first one's time and author); answers its user. */
export async function revokeAgent(db: Database, id: number, by: number): Promise<number | null> {
  await db
    .updateTable('it_agents')
    .set({ revoked_at: sql<Date>`now()`, revoked_by: by })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
  const row = await db.selectFrom('it_agents').select('user_id').where('id', '=', id).executeTakeFirst();
  return row?.user_id ?? null;
}

/** The agent's row, locked until COMMIT: its batches are applied one after another. */
export function lockAgent(db: Database, id: number) {
  return db
    .selectFrom('it_agents')
    .select([
      'id',
      'user_id',
      'hostname',
      'last_seq',
      'revoked_at',
      'rows_day',
      'rows_on_day',
      'state',
      'state_since',
      silentSql().as('silent'),
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function recordBatch(
  db: Database,
  id: number,
  values: {
    last_seq: number;
    clock_offset_ms: number;
    last_seen_at: Date;
    rows_day: string;
    rows_on_day: number;
    state?: 'active' | 'idle' | 'locked' | 'offline';
    state_since?: Date;
  },
): Promise<void> {
  await db.updateTable('it_agents').set(values).where('id', '=', id).execute();
}

/**
 * `hello`: the high-water mark, and the agent is seen now. Back from a silence (not a
 * clean stop), its state's period starts again now: it was offline meanwhile.
 */
export async function greetAgent(
  db: Database,
  id: number,
  clockOffsetMs: number,
): Promise<{ last_seq: number } | undefined> {
  return db
    .updateTable('it_agents')
    .set({
      last_seen_at: sql<Date>`now()`,
      clock_offset_ms: clockOffsetMs,
      state_since: sql<Date>`case when state is distinct from 'offline' and ${silentSql()} then now() else state_since end`,
    })
    .where('id', '=', id)
    .returning('last_seq')
    .executeTakeFirst();
}

/** Demo data: the agents of these users, by username (enrolled or not). */
export function agentsOfUsernames(db: Database, usernames: readonly string[]) {
  return db
    .selectFrom('it_agents')
    .innerJoin('users', 'users.id', 'it_agents.user_id')
    .select(['it_agents.id', 'it_agents.user_id', 'it_agents.hostname', 'users.username', 'users.user_type'])
    .where('users.username', 'in', usernames.length ? [...usernames] : [''])
    .where('it_agents.revoked_at', 'is', null)
    .execute();
}

/**
 * Agents that fell silent (not stopped cleanly) since their silence was last announced:
 * claimed by one conditional update, so with several servers each is announced once.
 */
export async function claimNewlySilent(db: Database): Promise<{ id: number; user_id: number }[]> {
  return db
    .updateTable('it_agents')
    .set({ silence_reported_at: sql<Date>`now()` })
    .where('revoked_at', 'is', null)
    .where('state', 'is not', null)
    .where('state', '<>', 'offline')
    .where('last_seen_at', '<', sql<Date>`now() - ${SILENT}`)
    .where((eb) =>
      eb.or([eb('silence_reported_at', 'is', null), eb('silence_reported_at', '<', eb.ref('last_seen_at'))]),
    )
    .returning(['id', 'user_id'])
    .execute();
}
