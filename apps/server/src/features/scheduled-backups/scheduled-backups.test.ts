/**
 * Scheduled backups on the embedded database, through the real job queue and the real file
 * system: a backup appears in BACKUP_DIR, is in the event log, and the folder keeps the
 * newest BACKUP_KEEP; a folder that cannot be written or a full disk fail cleanly (no file
 * counted as a backup, a failure row, every ADMIN told in their language).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  eventLogEndpoints as E,
  notificationEndpoints as N,
  type TEventAction,
  type TEventLog,
} from '@portal/contracts';
import { call } from '../../../test/client.js';
import { factories } from '../../../test/factories.js';
import { startTestServer, tempDir, type TestServer } from '../../../test/harness.js';
import { verifyBackup } from '../../lib/backup/index.js';
import { isBackupName } from './backup-files.js';
import { BACKUP_QUEUE } from './index.js';

const ar = JSON.parse(
  fs.readFileSync(new URL('../../../../web/src/lib/i18n/locales/ar.json', import.meta.url), 'utf8'),
) as { translation: { notifications: { kinds: Record<string, string> } } };

/** A schedule that does not come round while the tests run: their backups are sent by hand. */
const NOT_DURING_TESTS = '0 0 1 1 *';

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

async function backupServer(env: Record<string, string>): Promise<TestServer> {
  const s = await startTestServer(env);
  servers.push(s);
  return s;
}

async function events(s: TestServer, action: TEventAction): Promise<TEventLog[]> {
  const res = await call(s.api, E.listEventLogs, { token: await s.token('admin'), query: { action, limit: 200 } });
  expect(res.status).toBe(200);
  return res.body.results;
}

/** The `action` rows once there are `n` of them (newest first). */
const eventsOnce = (s: TestServer, action: TEventAction, n: number) =>
  vi.waitFor(
    async () => {
      const rows = await events(s, action);
      expect(rows.length).toBeGreaterThanOrEqual(n);
      return rows;
    },
    { timeout: 120_000, interval: 200 },
  );

/** A backup job sent now, as the schedule sends one (the worker is the same). */
const backupNow = (s: TestServer) => s.app.ctx.queue.send(BACKUP_QUEUE, {});

describe('scheduled backups', () => {
  let s: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = tempDir('portal-backups-');
    s = await backupServer({ BACKUP_DIR: dir, BACKUP_KEEP: '2', BACKUP_SCHEDULE: NOT_DURING_TESTS });
  }, 120_000);

  it('writes a backup into BACKUP_DIR, logs it, and keeps the newest BACKUP_KEEP', { timeout: 240_000 }, async () => {
    // The operator's own files, and a partial file a killed backup left an hour ago, beside a
    // partial one a running backup is writing now.
    fs.writeFileSync(path.join(dir, 'README.txt'), 'offsite copies on Fridays');
    fs.writeFileSync(path.join(dir, 'portal-manual.portal.gz'), 'not a scheduled backup');
    const stale = '.portal-20200101-000000.portal.gz.4242.deadbeef.partial';
    const writing = '.portal-20200101-000100.portal.gz.4243.cafebabe.partial';
    fs.writeFileSync(path.join(dir, stale), 'half');
    fs.writeFileSync(path.join(dir, writing), 'half');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(path.join(dir, stale), twoHoursAgo, twoHoursAgo);

    await backupNow(s);
    const [first] = await eventsOnce(s, 'backup.created', 1);
    const details = first!.details as { filename: string; size: number; rows: number; removed: number };
    expect(first).toMatchObject({ actor_id: null, actor_username: 'system', action: 'backup.created' });
    expect(details.filename).toMatch(/^portal-\d{8}-\d{6}(-\d+)?\.portal\.gz$/);
    const file = path.join(dir, details.filename);
    expect(details.size).toBe(fs.statSync(file).size);
    // The file is a whole backup: the rows the event log counted are the rows it holds.
    const { manifest } = await verifyBackup(file);
    expect(Object.values(manifest.row_counts).reduce((a, b) => a + b, 0)).toBe(details.rows);
    expect(manifest.row_counts.users).toBeGreaterThan(0);
    expect(details.removed).toBe(0);
    expect(first!.details).not.toHaveProperty('scheduled_for');
    expect(fs.existsSync(path.join(dir, stale))).toBe(false);
    expect(fs.existsSync(path.join(dir, writing))).toBe(true);

    // Two more: the oldest goes, the newest two stay, nothing else is touched.
    await backupNow(s);
    await eventsOnce(s, 'backup.created', 2);
    await backupNow(s);
    const rows = await eventsOnce(s, 'backup.created', 3);
    const made = rows.map((r) => (r.details as { filename: string }).filename);
    expect(new Set(made).size).toBe(3);
    expect((rows[0]!.details as { removed: number }).removed).toBe(1);
    const left = fs.readdirSync(dir).sort();
    expect(left).toEqual([writing, made[1]!, made[0]!, 'README.txt', 'portal-manual.portal.gz'].sort());
    expect(left.filter(isBackupName)).toHaveLength(2);
    expect(await events(s, 'backup.failed')).toEqual([]);
  });

  it('fails cleanly into a folder that cannot be made, and tells every ADMIN', { timeout: 240_000 }, async () => {
    const make = factories(s.database.db);
    const second = await make.user({ user_type: 'ADMIN' });
    const blocker = path.join(tempDir('portal-backups-blocked-'), 'not-a-folder');
    fs.writeFileSync(blocker, 'a file where the backup folder should be');
    const before = (await events(s, 'backup.created')).length;
    // The folder is read at each run: point this server's at a path under a regular file.
    s.config.BACKUP_DIR = path.join(blocker, 'backups');
    try {
      await backupNow(s);
      const [failed] = await eventsOnce(s, 'backup.failed', 1);
      expect(failed).toMatchObject({ actor_username: 'system', action: 'backup.failed' });
      expect(failed!.details).toMatchObject({ reason: 'folder_not_writable' });
      expect((failed!.details as { error: string }).error).toMatch(/ENOTDIR|not a directory/i);
    } finally {
      s.config.BACKUP_DIR = dir;
    }
    expect(await events(s, 'backup.created')).toHaveLength(before);
    expect(fs.readFileSync(blocker, 'utf8')).toBe('a file where the backup folder should be');

    // Every ADMIN (not only the demo's) is told, in words; nobody else is.
    for (const admin of ['admin', second.username]) {
      const list = await call(s.api, N.listNotifications, { token: await s.login(admin), query: {} });
      const told = list.body.results.filter((n) => n.kind.startsWith('backup'));
      expect(told, admin).toHaveLength(1);
      expect(told[0]).toMatchObject({ kind: 'backupFailedFolder', url: '/eventlogs?action=backup.failed' });
      expect(told[0]!.message).toMatch(
        /^The scheduled backup at .+ failed: the server cannot write to the backup folder\. Earlier backups are kept\.$/,
      );
    }
    const hr = await call(s.api, N.listNotifications, { token: await s.token('hr'), query: {} });
    expect(hr.body.results.filter((n) => n.kind.startsWith('backup'))).toEqual([]);
    // The Arabic reader's text for each failure the ADMIN can be told of.
    for (const kind of ['backupFailedFolder', 'backupFailedDiskFull', 'backupFailed']) {
      expect(ar.translation.notifications.kinds[kind], kind).toMatch(/^[^a-zA-Z]*\{\{at\}\}[^a-zA-Z]*$/);
      expect(ar.translation.notifications.kinds[kind], kind).toMatch(/النسخ الاحتياطي/);
    }
  });

  /**
   * A tiny real file system of its own, full after a few pages (tests run as root here and in CI,
   * which is what mounting needs; the test fails rather than skips where it cannot).
   */
  let disk = '';
  beforeAll(() => {
    const mount = tempDir('portal-backups-tmpfs-');
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mount], { stdio: 'ignore' });
    disk = mount;
  });
  afterAll(() => {
    if (disk) execFileSync('umount', [disk]);
  });

  it('fails cleanly on a full disk: no half file, earlier backups kept', { timeout: 240_000 }, async () => {
    const folder = path.join(disk, 'backups');
    fs.mkdirSync(folder);
    const earlier = 'portal-20200101-000000.portal.gz';
    fs.writeFileSync(path.join(folder, earlier), 'an earlier backup');
    // Most of the disk taken: what is left holds the start of a backup, never all of it.
    fs.writeFileSync(path.join(disk, 'filler'), Buffer.alloc(48 * 1024, 1));
    const failedBefore = (await events(s, 'backup.failed')).length;
    s.config.BACKUP_DIR = folder;
    try {
      await backupNow(s);
      const [failed] = await eventsOnce(s, 'backup.failed', failedBefore + 1);
      expect(failed!.details).toMatchObject({ reason: 'disk_full' });
    } finally {
      s.config.BACKUP_DIR = dir;
    }
    // No partial file left, nothing new counted as a backup, the earlier one untouched.
    expect(fs.readdirSync(folder)).toEqual([earlier]);
    expect(fs.readFileSync(path.join(folder, earlier), 'utf8')).toBe('an earlier backup');
    const list = await call(s.api, N.listNotifications, { token: await s.token('admin'), query: {} });
    const told = list.body.results.filter((n) => n.kind === 'backupFailedDiskFull');
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toMatch(/failed: the backup folder's disk is full\. Earlier backups are kept\.$/);
  });
});

describe('the schedule', () => {
  it('sends the backup job at the time BACKUP_SCHEDULE names', { timeout: 300_000 }, async () => {
    const dir = tempDir('portal-backups-cron-');
    const s = await backupServer({ BACKUP_DIR: dir, BACKUP_SCHEDULE: '* * * * *', TIME_ZONE: 'Asia/Riyadh' });
    // Nothing sent by hand: pg-boss's clock sends it within the next minute.
    const [made] = await eventsOnce(s, 'backup.created', 1);
    const details = made!.details as { filename: string; scheduled_for: string };
    expect(fs.readdirSync(dir)).toEqual([details.filename]);
    // The run it was for: a whole minute, at or before the backup.
    expect(new Date(details.scheduled_for).getUTCSeconds()).toBe(0);
    expect(new Date(details.scheduled_for).getTime()).toBeLessThanOrEqual(new Date(made!.at).getTime());
  });
});
