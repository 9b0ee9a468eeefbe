import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/harness.js';
import {
  backupFailure,
  backupFileName,
  errorText,
  isBackupName,
  isPartialName,
  listBackups,
  nextBackupName,
  pruneBackups,
  removeStalePartials,
} from './backup-files.js';
import { scheduledTime } from './scheduled-backup.js';

const touch = (dir: string, name: string, text = 'x') => fs.writeFileSync(path.join(dir, name), text);

describe('the backup folder', () => {
  it('names backups by their UTC second, a second one in the same second with -2', async () => {
    const at = new Date('2026-03-29T00:30:05.900Z');
    expect(backupFileName(at)).toBe('portal-20260329-003005.portal.gz');
    expect(backupFileName(at, 2)).toBe('portal-20260329-003005-2.portal.gz');
    const dir = path.join(tempDir('portal-backup-files-'), 'made', 'here');
    expect(await nextBackupName(dir, at)).toBe('portal-20260329-003005.portal.gz');
    touch(dir, 'portal-20260329-003005.portal.gz');
    expect(await nextBackupName(dir, at)).toBe('portal-20260329-003005-2.portal.gz');
  });

  it('counts only finished backups, newest first, and prunes only those', async () => {
    const dir = tempDir('portal-backup-files-');
    const names = [
      'portal-20261101-020000.portal.gz',
      'portal-20261102-020000.portal.gz',
      'portal-20261102-020000-2.portal.gz',
      'portal-20261103-020000.portal.gz',
    ];
    for (const n of names) touch(dir, n);
    const others = [
      'README.txt',
      'portal-latest.portal.gz',
      'portal-20261104-020000.portal.gz.bak',
      '.portal-20261104-020000.portal.gz.77.abcd1234.partial',
    ];
    for (const n of others) touch(dir, n);
    fs.mkdirSync(path.join(dir, 'portal-20261105-020000.portal.gz'));
    expect(await listBackups(dir)).toEqual([names[3], names[2], names[1], names[0]]);
    expect(await pruneBackups(dir, 2)).toEqual([names[1], names[0]]);
    expect(fs.readdirSync(dir).sort()).toEqual(
      [names[3], names[2], ...others, 'portal-20261105-020000.portal.gz'].sort(),
    );
    expect(await pruneBackups(dir, 2)).toEqual([]);
    expect(isBackupName('portal-20261101-020000.portal.gz')).toBe(true);
    expect(isBackupName('portal-2026110-020000.portal.gz')).toBe(false);
    expect(isPartialName('.portal-20261104-020000.portal.gz.77.abcd1234.partial')).toBe(true);
    expect(isPartialName('.portal-20261104-020000.portal.gz')).toBe(false);
    expect(isPartialName('.other.portal.gz.1.2.partial')).toBe(false);
  });

  it('clears partial files only once no backup has written them for an hour', async () => {
    const dir = tempDir('portal-backup-files-');
    const old = '.portal-20261101-020000.portal.gz.10.aaaa.partial';
    const fresh = '.portal-20261102-020000.portal.gz.11.bbbb.partial';
    const foreign = '.someone-else.partial';
    for (const n of [old, fresh, foreign]) touch(dir, n);
    const now = new Date();
    const longAgo = new Date(now.getTime() - 61 * 60_000);
    fs.utimesSync(path.join(dir, old), longAgo, longAgo);
    fs.utimesSync(path.join(dir, foreign), longAgo, longAgo);
    expect(await removeStalePartials(dir, now)).toEqual([old]);
    expect(fs.readdirSync(dir).sort()).toEqual([foreign, fresh].sort());
  });

  it('says why a backup failed from what the file system said, through wrapped causes', () => {
    const errno = (code: string) => Object.assign(new Error(`${code}: something`), { code });
    const wrapped = (code: string) => new Error('backup to /b/x failed', { cause: errno(code) });
    expect(backupFailure(wrapped('ENOSPC'))).toBe('disk_full');
    expect(backupFailure(errno('EDQUOT'))).toBe('disk_full');
    for (const code of ['EACCES', 'EROFS', 'ENOTDIR', 'EEXIST'])
      expect(backupFailure(wrapped(code))).toBe('folder_not_writable');
    expect(backupFailure(new Error('connection terminated'))).toBe('backup_error');
    expect(backupFailure('odd')).toBe('backup_error');
  });

  it('keeps passwords of database addresses out of the error it records', () => {
    const text = errorText(new Error('could not connect to\npostgres://portal:s3cret@db:5432/portal password=hunter2'));
    expect(text).toBe('could not connect to postgres://portal:***@db:5432/portal password=***');
    expect(errorText(new Error('x'.repeat(2000)))).toHaveLength(500);
  });

  it('knows which scheduled time a run is for, on the TIME_ZONE clock', () => {
    // 02:00 in Riyadh is 23:00 UTC the day before.
    const ran = new Date('2026-11-27T23:00:41Z');
    expect(scheduledTime('0 2 * * *', 'Asia/Riyadh', ran).toISOString()).toBe('2026-11-27T23:00:00.000Z');
    expect(scheduledTime('* * * * *', 'UTC', new Date('2026-11-28T06:21:00.300Z')).toISOString()).toBe(
      '2026-11-28T06:21:00.000Z',
    );
  });
});
