import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/database.js';
import { readOrCreateSetting } from '../../lib/settings.repository.js';

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
  return new TextEncoder().encode(await readOrCreateSetting(opts.db, 'jwt_secret', fresh));
}
