import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ColumnInfo, PartitionInfo } from './backup.repository.js';

/**
 * The portal's backup file: gzip of newline-delimited JSON, the same on the embedded
 * database and on PostgreSQL (decision 0024).
 *
 *   {"t":"header", ...BackupHeader}                     first line
 *   {"t":"secret","name":"jwt_secret",...}              the embedded signing key, if any
 *   {"t":"table","name":"users","columns":[...]}        each table, parents before children
 *   {"r":{...row_to_json...}}                           its rows, in primary-key order
 *   {"t":"trailer","manifest":{...},"sha256":"..."}     last line: counts, chain head, and
 *                                                       the sha256 of every byte before it
 */
export const BACKUP_FORMAT = 'portal-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUP_EXTENSION = '.portal.gz';

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  format_version: number;
  created_at: string;
  /** The last migration applied to the database backed up. */
  schema_version: string;
  portal_version: string;
  database_kind: 'embedded' | 'postgres';
}

export interface BackupManifest extends BackupHeader {
  /** Rows written per table, in the order the file holds them. */
  row_counts: Record<string, number>;
  /** The event log's last row (null when it is empty): a restore's chain must end here. */
  event_log_head: { id: number; hash: string } | null;
}

export interface BackupTableLine {
  t: 'table';
  name: string;
  columns: ColumnInfo[];
  partitions?: PartitionInfo[];
}

/**
 * The embedded database keeps its JWT signing key in DATA_DIR/jwt-secret, beside the data
 * rather than in it (PostgreSQL keeps it in portal_settings): a backup carries it as this
 * line, so restored sessions stay signed-in and the key moves between engines.
 */
export interface BackupSecretLine {
  t: 'secret';
  name: 'jwt_secret';
  value: string;
}

/** Where DATA_DIR keeps the embedded signing key (features/auth/signing-secret.ts). */
export const EMBEDDED_SECRET_FILE = 'jwt-secret';
export const SECRET_SETTING = 'jwt_secret';

export interface BackupTrailer {
  t: 'trailer';
  manifest: BackupManifest;
  sha256: string;
}

/** A row line is `{"r":` + the row's JSON text + `}`: written and read without re-encoding the row. */
export const ROW_PREFIX = '{"r":';

let portalVersion: string | undefined;

/** The version in the repository's root package.json (else the server package's, which has one). */
export function currentPortalVersion(): string {
  if (portalVersion === undefined) {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
    const versionIn = (file: string): string | undefined => {
      try {
        const v = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')).version;
        return typeof v === 'string' ? v : undefined;
      } catch {
        return undefined;
      }
    };
    portalVersion = versionIn('package.json') ?? versionIn('apps/server/package.json') ?? '0.0.0';
  }
  return portalVersion;
}

/** A backup that cannot be used: the message is one line an operator can act on. */
export class BackupError extends Error {}
