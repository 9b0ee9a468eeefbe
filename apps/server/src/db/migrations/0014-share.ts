import { sql, type Kysely } from 'kysely';

/**
 * Screen-sharing calls. `share_calls` is the audit of who watched whom and
 * why; `share_endpoints` the live `/ws/share/` connections of every server process
 * (online = seen within the last heartbeats, so a crashed server's rows simply expire);
 * `share_signals` carries WebRTC signals between the two connections of a call across
 * servers (the bus says only which row, as its payloads are ids, and an SDP offer can
 * pass NOTIFY's 8000 bytes); `share_consent` marks interpreters whose consent to being
 * watched was given at hiring.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table share_calls (
      id integer primary key generated always as identity,
      viewer_id integer not null references users(id) on delete cascade,
      target_id integer not null references users(id) on delete cascade,
      reason text not null,
      status text not null default 'requested',
      consent text not null,
      viewer_endpoint text not null,
      target_endpoint text,
      max_seconds integer not null,
      requested_at timestamptz not null default now(),
      started_at timestamptz,
      ended_at timestamptz,
      ended_by integer references users(id) on delete set null,
      end_reason text,
      decline_note text
    )`.execute(db);
  // The limits and the expiry sweep read only the open calls.
  await sql`create index share_calls_open on share_calls (target_id) where status in ('requested', 'active')`.execute(
    db,
  );
  await sql`create index share_calls_requested on share_calls (requested_at desc, id desc)`.execute(db);
  await sql`create index share_calls_viewer on share_calls (viewer_id, id desc)`.execute(db);

  await sql`
    create table share_snapshots (
      id integer primary key generated always as identity,
      call_id integer not null references share_calls(id) on delete cascade,
      file_id integer not null references files(id),
      taken_by integer references users(id) on delete set null,
      taken_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index share_snapshots_call on share_snapshots (call_id, id)`.execute(db);

  await sql`
    create table share_endpoints (
      id text primary key,
      user_id integer not null references users(id) on delete cascade,
      opened_at timestamptz not null default now(),
      seen_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index share_endpoints_user on share_endpoints (user_id, seen_at desc)`.execute(db);

  await sql`
    create table share_signals (
      id bigint primary key generated always as identity,
      call_id integer not null references share_calls(id) on delete cascade,
      to_endpoint text not null,
      from_user integer not null references users(id) on delete cascade,
      signal jsonb not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index share_signals_created on share_signals (created_at)`.execute(db);

  await sql`
    create table share_consent (
      user_id integer primary key references users(id) on delete cascade,
      consent_at_hiring boolean not null,
      set_by integer references users(id) on delete set null,
      set_at timestamptz not null default now()
    )`.execute(db);
}
