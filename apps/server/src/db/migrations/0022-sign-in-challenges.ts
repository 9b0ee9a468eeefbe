import { sql, type Kysely } from 'kysely';

/**
 * Company sign-in (issue 30), the parts every sign-in path shares:
 * - `auth_challenges`: short-lived, single-use sign-in state that must hold across server
 *   processes (an OpenID `state` with its nonce and PKCE verifier, the one-time code that
 *   hands a provider's sign-in to the web app, a second-factor challenge, a WebAuthn
 *   challenge). Only a digest of the token is stored; spending one is a delete. Those
 *   anyone may start (a provider sign-in, a passkey sign-in) keep the requesting
 *   `address`, so one address cannot fill the table.
 * - `external_identities`: which directory or provider account is which portal user
 *   (provider + its stable subject: an OpenID `sub`, a directory entry's DN or UUID), and
 *   the groups it last signed in with (the mapping preview reads them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table auth_challenges (
      id text primary key,
      purpose text not null,
      user_id integer references users (id) on delete cascade,
      data jsonb not null default '{}',
      attempts integer not null default 0,
      address text,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index auth_challenges_expires on auth_challenges (expires_at)`.execute(db);
  await sql`create index auth_challenges_address on auth_challenges (purpose, address) where address is not null`.execute(
    db,
  );
  await sql`
    create table external_identities (
      id serial primary key,
      user_id integer not null references users (id) on delete cascade,
      provider text not null check (provider in ('oidc', 'ldap')),
      subject text not null,
      groups jsonb not null default '[]',
      last_sign_in_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      unique (provider, subject)
    )`.execute(db);
  await sql`create index external_identities_user on external_identities (user_id)`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
