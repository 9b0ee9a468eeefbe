import { sql, type Kysely } from 'kysely';

/**
 * A second factor (issue 30):
 * - `user_totp`: one authenticator app per user. The secret is encrypted (AES-256-GCM,
 *   key derived from the portal's signing secret), pending until confirmed with a code;
 *   `last_step` is the RFC 6238 time step of the last accepted code, so no code is
 *   accepted twice.
 * - `user_recovery_codes`: ten one-time codes per user, only keyed digests stored;
 *   `used_at` marks a spent one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table user_totp (
      user_id integer primary key references users (id) on delete cascade,
      secret text not null,
      confirmed_at timestamptz,
      last_step bigint,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table user_recovery_codes (
      id serial primary key,
      user_id integer not null references users (id) on delete cascade,
      code_hash text not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index user_recovery_codes_user on user_recovery_codes (user_id)`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
