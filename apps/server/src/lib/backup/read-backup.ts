import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  ROW_PREFIX,
  type BackupHeader,
  type BackupManifest,
  type BackupSecretLine,
  type BackupTableLine,
  type BackupTrailer,
} from './backup-format.js';

/** One entry of a backup file, in file order. */
export type BackupEntry =
  | { kind: 'header'; header: BackupHeader }
  | { kind: 'table'; table: BackupTableLine }
  /** The row's JSON text exactly as written (never re-encoded: numerics stay exact). */
  | { kind: 'row'; json: string }
  | { kind: 'secret'; secret: BackupSecretLine }
  | { kind: 'trailer'; trailer: BackupTrailer };

export interface VerifiedBackup {
  manifest: BackupManifest;
  tables: BackupTableLine[];
  /** The embedded signing key the backup carries, if any. */
  secret?: string;
}

/** The decompressed lines of a file, each with the bytes it was read from. */
async function* rawLines(file: string): AsyncGenerator<Buffer> {
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
  } catch (err) {
    throw new BackupError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  if (!stat.isFile()) throw new BackupError(`${file} is not a file`);
  if (stat.size === 0) throw new BackupError(`${file} is empty: not a portal backup`);
  const input = fs.createReadStream(file).pipe(zlib.createGunzip());
  let rest: Buffer = Buffer.alloc(0);
  let seen = false;
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      seen = true;
      let buf = rest.length ? Buffer.concat([rest, chunk]) : chunk;
      let nl: number;
      while ((nl = buf.indexOf(0x0a)) !== -1) {
        yield buf.subarray(0, nl);
        buf = buf.subarray(nl + 1);
      }
      rest = Buffer.from(buf);
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (!seen && (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR')) {
      throw new BackupError(`${file} is not a portal backup (not gzip data)`);
    }
    if (code === 'Z_BUF_ERROR' || /unexpected end/i.test(String((err as Error).message))) {
      throw new BackupError(`${file} is truncated: the backup is incomplete`);
    }
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${file} is corrupted: ${(err as Error).message}`);
  } finally {
    input.destroy();
  }
  if (rest.length) yield rest;
}

function parse(line: string, file: string, what: string): any {
  try {
    return JSON.parse(line);
  } catch {
    throw new BackupError(`${file} is ${what}`);
  }
}

/**
 * Reads a backup file entry by entry, checking as it goes what a reader can check line by
 * line (header first, rows inside a table, one trailer last) and, at the trailer, the
 * sha256 of everything before it and the row counts. An error is a BackupError with one
 * line to show.
 */
export async function* readBackup(file: string): AsyncGenerator<BackupEntry> {
  const hash = crypto.createHash('sha256');
  let header: BackupHeader | undefined;
  let table: BackupTableLine | undefined;
  let trailer: BackupTrailer | undefined;
  const counts: Record<string, number> = {};
  for await (const raw of rawLines(file)) {
    if (trailer) throw new BackupError(`${file} is corrupted: data after its trailer`);
    const line = raw.toString('utf8');
    if (!header) {
      const h = parse(line, file, 'not a portal backup');
      if (!h || h.t !== 'header' || h.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a portal backup`);
      if (typeof h.format_version !== 'number' || h.format_version > BACKUP_FORMAT_VERSION) {
        throw new BackupError(
          `${file} was written in backup format ${String(h.format_version)}, newer than this portal reads (${BACKUP_FORMAT_VERSION}): upgrade the portal first`,
        );
      }
      const { t: _t, ...rest } = h;
      header = rest as BackupHeader;
      hash.update(raw).update('\n');
      yield { kind: 'header', header };
      continue;
    }
    if (line.startsWith(ROW_PREFIX)) {
      if (!table) throw new BackupError(`${file} is corrupted: a row before any table`);
      const row = parse(line, file, 'corrupted: a row is not valid JSON');
      if (!row || typeof row.r !== 'object' || row.r === null) throw new BackupError(`${file} is corrupted: a bad row`);
      counts[table.name]!++;
      hash.update(raw).update('\n');
      yield { kind: 'row', json: line.slice(ROW_PREFIX.length, -1) };
      continue;
    }
    const entry = parse(line, file, 'corrupted: a line is not valid JSON');
    if (entry?.t === 'table' && typeof entry.name === 'string' && Array.isArray(entry.columns)) {
      if (entry.name in counts) throw new BackupError(`${file} is corrupted: table ${entry.name} appears twice`);
      table = entry as BackupTableLine;
      counts[table.name] = 0;
      hash.update(raw).update('\n');
      yield { kind: 'table', table };
      continue;
    }
    if (entry?.t === 'secret' && entry.name === 'jwt_secret' && typeof entry.value === 'string' && !table) {
      hash.update(raw).update('\n');
      yield { kind: 'secret', secret: entry as BackupSecretLine };
      continue;
    }
    if (entry?.t === 'trailer' && entry.manifest && typeof entry.sha256 === 'string') {
      trailer = entry as BackupTrailer;
      if (hash.digest('hex') !== trailer.sha256)
        throw new BackupError(`${file} is corrupted: its checksum does not match`);
      const expected = trailer.manifest.row_counts ?? {};
      const names = new Set([...Object.keys(expected), ...Object.keys(counts)]);
      for (const name of names) {
        if (expected[name] !== counts[name]) {
          throw new BackupError(
            `${file} is corrupted: table ${name} holds ${counts[name] ?? 0} rows, its manifest says ${expected[name] ?? 0}`,
          );
        }
      }
      for (const key of Object.keys(header) as (keyof BackupHeader)[]) {
        if (trailer.manifest[key] !== header[key])
          throw new BackupError(`${file} is corrupted: header and trailer disagree on ${key}`);
      }
      yield { kind: 'trailer', trailer };
      continue;
    }
    throw new BackupError(`${file} is corrupted: an unknown line`);
  }
  if (!header) throw new BackupError(`${file} is not a portal backup`);
  if (!trailer) throw new BackupError(`${file} is truncated: the backup is incomplete (no trailer)`);
}

/** Reads the whole file and checks it (checksum, trailer, format version) without touching any database. */
export async function verifyBackup(file: string): Promise<VerifiedBackup> {
  const tables: BackupTableLine[] = [];
  let manifest: BackupManifest | undefined;
  let secret: string | undefined;
  for await (const entry of readBackup(file)) {
    if (entry.kind === 'secret') secret = entry.secret.value;
    if (entry.kind === 'table') tables.push(entry.table);
    if (entry.kind === 'trailer') manifest = entry.trailer.manifest;
  }
  return { manifest: manifest!, tables, ...(secret ? { secret } : {}) };
}
