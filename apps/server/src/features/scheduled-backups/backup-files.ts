import fs from 'node:fs/promises';
import path from 'node:path';
import type { TBackupFailure } from '@portal/contracts';

/**
 * The scheduled backups' folder (BACKUP_DIR): which files are backups, what the next one
 * is called, which are pruned, and which half-written ones are cleared. Only names this
 * module makes are ever counted or removed: whatever else an operator keeps there is left alone.
 */

/** A finished scheduled backup: `portal-YYYYMMDD-HHmmss.portal.gz` (UTC), `-2`… when that second is taken. */
const BACKUP_NAME = /^portal-(\d{8})-(\d{6})(?:-([1-9]\d{0,3}))?\.portal\.gz$/;

/** A half-written one: createBackup writes `.<name>.<pid>.<random>.partial` beside it, then renames. */
const PARTIAL_NAME = /^\.portal-\d{8}-\d{6}(?:-[1-9]\d{0,3})?\.portal\.gz\.[^/]*\.partial$/;

/** A partial file untouched for this long belongs to no running backup (a killed process left it). */
export const STALE_PARTIAL_MS = 3600_000;

export const isBackupName = (name: string): boolean => BACKUP_NAME.test(name);
export const isPartialName = (name: string): boolean => PARTIAL_NAME.test(name);

/** `portal-YYYYMMDD-HHmmss.portal.gz` for instant `at` in UTC (names sort as time does, across DST too). */
export function backupFileName(at: Date, n = 1): string {
  const iso = at.toISOString();
  const stamp = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}-${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
  return `portal-${stamp}${n > 1 ? `-${n}` : ''}.portal.gz`;
}

/** A backup name's sort key: its time, then the `-N` of one second. */
function sortKey(name: string): [string, number] {
  const m = BACKUP_NAME.exec(name)!;
  return [`${m[1]}${m[2]}`, Number(m[3] ?? 1)];
}

/** Newest first. */
function newestFirst(a: string, b: string): number {
  const [ta, na] = sortKey(a);
  const [tb, nb] = sortKey(b);
  return tb.localeCompare(ta) || nb - na;
}

/** The finished backups in `dir`, newest first (partial files and anything else are not counted). */
export async function listBackups(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && isBackupName(e.name))
    .map((e) => e.name)
    .sort(newestFirst);
}

/** Makes `dir` if missing and answers a name in it that no file has yet, for a backup made at `at`. */
export async function nextBackupName(dir: string, at: Date): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const taken = new Set(await fs.readdir(dir));
  let n = 1;
  while (taken.has(backupFileName(at, n))) n++;
  return backupFileName(at, n);
}

/** Removes all but the newest `keep` backups; answers the names removed. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(dir)).slice(keep);
  for (const name of old) await fs.rm(path.join(dir, name), { force: true });
  return old;
}

/**
 * Removes partial files no backup is writing any more (older than `staleMs`: a running
 * backup writes its own continuously). A backup that fails removes its own at once.
 */
export async function removeStalePartials(dir: string, now: Date, staleMs = STALE_PARTIAL_MS): Promise<string[]> {
  const removed: string[] = [];
  for (const e of await fs.readdir(dir, { withFileTypes: true })) {
    if (!e.isFile() || !isPartialName(e.name)) continue;
    const file = path.join(dir, e.name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (stat && now.getTime() - stat.mtimeMs > staleMs) {
      await fs.rm(file, { force: true });
      removed.push(e.name);
    }
  }
  return removed;
}

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);
const NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'ENOENT', 'EISDIR', 'EEXIST']);

/** The errno codes along an error's chain of causes (createBackup wraps what the file system said). */
function errnoCodes(err: unknown): string[] {
  const codes: string[] = [];
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as Error).cause, depth++) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === 'string') codes.push(code);
  }
  return codes;
}

/** Why a backup failed, as the code readers translate. */
export function backupFailure(err: unknown): TBackupFailure {
  const codes = errnoCodes(err);
  if (codes.some((c) => DISK_FULL.has(c))) return 'disk_full';
  if (codes.some((c) => NOT_WRITABLE.has(c))) return 'folder_not_writable';
  return 'backup_error';
}

/** What the error said, on one line, for the event log: no password of a database address, and not too long. */
export function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text
    .replace(/\s+/g, ' ')
    .replace(/(\/\/[^/:@\s]*:)[^@\s]*@/g, '$1***@')
    .replace(/(password=)\S+/gi, '$1***')
    .slice(0, 500);
}
