import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

/**
 * JWT_SECRET when given. Otherwise one is generated once and kept: in DATA_DIR for the
 * embedded database, and in the database itself on PostgreSQL so that every server
 * process sharing it signs and verifies with the same key.
 */
export async function resolveSigningSecret(opts: {
  jwtSecret?: string;
  dataDir: string;
  db: Database;
  kind: 'embedded' | 'postgres';
}): Promise<Uint8Array> {
  if (opts.jwtSecret) return new TextEncoder().encode(opts.jwtSecret);
  const fresh = crypto.randomBytes(48).toString('base64url');
  if (opts.kind === 'embedded') {
    const file = path.join(path.resolve(opts.dataDir), 'jwt-secret');
    try {
      fs.writeFileSync(file, fresh, { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
  }
  await sql`insert into portal_settings (key, value) values ('jwt_secret', ${fresh}) on conflict (key) do nothing`.execute(
    opts.db,
  );
  const row = await opts.db
    .selectFrom('portal_settings')
    .select('value')
    .where('key', '=', 'jwt_secret')
    .executeTakeFirstOrThrow();
  return new TextEncoder().encode(row.value);
}
