import { sql, type Kysely } from 'kysely';

/**
 * Passkeys (issue 30): WebAuthn credentials a person registered, usable as a second factor
 * after a password and on their own (a discoverable credential with user verification).
 * - `credential_id`: the authenticator's id (base64url), unique across all users: an
 *   assertion names its credential, and only that credential's owner signs in with it.
 * - `public_key`: the COSE public key (bytea); nothing secret is stored.
 * - `sign_count`: the authenticator's counter, which must rise (a cloned key shows as a
 *   counter that does not; authenticators that keep none always answer 0).
 * - `device_type` (`singleDevice` | `multiDevice`) and `backed_up`: whether the key is synced.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table passkeys (
      id serial primary key,
      user_id integer not null references users (id) on delete cascade,
      credential_id text not null unique,
      public_key bytea not null,
      sign_count bigint not null default 0,
      transports jsonb not null default '[]',
      device_type text not null check (device_type in ('singleDevice', 'multiDevice')),
      backed_up boolean not null default false,
      name text not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    )`.execute(db);
  await sql`create index passkeys_user on passkeys (user_id)`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
