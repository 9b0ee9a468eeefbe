import { sql, type Kysely } from 'kysely';

/**
 * Presence times in the future: before events were bounded by the server's
 * clock, an event dated 2099 opened a session no later offline event and no silence expiry
 * could close. Such events are removed (replayed, they would reopen it); sessions that
 * start in the future never happened; a session stretched into the future (a future
 * offline or sign of life) is closed at its last sign of life that is not, and that close
 * is stored as an offline event, as the silence expiry does, so a rebuild keeps it.
 * Idempotent: a second run finds nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from presence_events where at > now()`.execute(db);
  await sql`delete from presence_sessions where started_at > now()`.execute(db);
  await sql`
    with stretched as (
      select s.id, greatest(s.started_at, coalesce(
        (select max(e.at) from presence_events e
          where e.user_id = s.user_id and e.at >= s.started_at and e.at <= now()),
        s.started_at)) as closed_at
      from presence_sessions s
      where s.ended_at > now() or s.last_seen_at > now()
    ),
    closed as (
      update presence_sessions s set ended_at = t.closed_at, last_seen_at = t.closed_at
      from stretched t where s.id = t.id
      returning s.id, s.user_id, s.ended_at, s.source
    )
    insert into presence_events (sender, source_id, user_id, online, at, source)
    select 'system', 'migration-0015:' || id, user_id, false, ended_at, source from closed
    on conflict (sender, source_id) do nothing`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to undo: the removed times were never valid.
}
