import { sql, type Kysely } from 'kysely';

/**
 * Who someone is in the portal when they sign in through the company directory or an
 * OpenID provider (issue 30):
 * - `identity_mappings`: ADMIN's ordered rules; each matches a directory group or a claim
 *   value and gives a user type (the first match by `position`) and manager/director flags.
 * - `external_identities.claims`: the provider's claims as last seen (protocol claims
 *   dropped), so claim rules can be previewed against the people they would affect.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table identity_mappings (
      id serial primary key,
      position integer not null,
      match_kind text not null check (match_kind in ('group', 'claim')),
      claim text not null default '',
      value text not null,
      user_type text not null,
      is_manager boolean not null default false,
      is_director boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index identity_mappings_position on identity_mappings (position, id)`.execute(db);
  await sql`alter table external_identities add column claims jsonb not null default '{}'`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
