import { sql, type Kysely } from 'kysely';

/**
 * IT status per machine: a person may run agents on several machines, and one status row
 * per person made the board flip between them. The state now moves to the agent's own
 * row (which every batch already locks, so each machine's state changes in order across
 * server processes): `state` and `state_since`. Whether the machine is silent is judged at
 * read time from `last_seen_at` against the database clock, so every server agrees;
 * `silence_reported_at` is when the silence was last announced to the IT pages (a
 * conditional update claims it, so one server announces it once).
 * The per-person `it_status` is carried over to its agent and dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table it_agents
      add column state text check (state in ('active', 'idle', 'locked', 'offline')),
      add column state_since timestamptz,
      add column silence_reported_at timestamptz`.execute(db);
  await sql`
    update it_agents a set state = s.state, state_since = s.since,
           last_seen_at = greatest(a.last_seen_at, s.last_seen_at)
      from it_status s where s.agent_id = a.id`.execute(db);
  await sql`drop table it_status`.execute(db);
}
