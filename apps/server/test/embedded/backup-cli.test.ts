/**
 * `npm run portal -- backup | restore | migrate --dry-run` end to end, as separate processes
 * against temporary DATA_DIRs: a backup taken through a running server's socket restores
 * into a fresh directory that a server then serves (a demo user signs in with the same
 * password); every refusal is one line with exit 1 and creates or changes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, makeApi, tempDir } from '../harness.js';
import { runCli, spawnServer, type ServerProcess } from '../processes.js';

const root = tempDir('portal-backup-cli-');
const source = path.join(root, 'source');
const backups = path.join(root, 'backups');
const restored = path.join(root, 'restored');
fs.mkdirSync(backups);
const servers: ServerProcess[] = [];
afterAll(() => {
  for (const s of servers) s.child.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

const oneLine = (out: string) => expect(out.trim().split('\n'), out).toHaveLength(1);

describe('backup and restore from the command line', () => {
  let file: string;

  it('backs up through a running server, to BACKUP_DIR by default', async () => {
    const server = await spawnServer({ DATA_DIR: source, PORTAL_SEED_DEMO: '1' });
    servers.push(server);
    const dry = await runCli(['migrate', '--dry-run'], { DATA_DIR: source });
    expect(dry.code, dry.out).toBe(0);
    expect(dry.out).toMatch(/up to date/);

    const res = await runCli(['backup'], { DATA_DIR: source, BACKUP_DIR: backups });
    expect(res.code, res.out).toBe(0);
    expect(res.out).toMatch(/Backup written: .*portal-backup-.*\.portal\.gz \(\d+ rows in \d+ tables, schema \d{4}-/);
    const written = fs.readdirSync(backups);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^portal-backup-.*\.portal\.gz$/);
    file = path.join(backups, written[0]!);

    // Restoring into the directory the server is using is refused: stop it first.
    const busy = await runCli(['restore', '--from', file, '--force'], { DATA_DIR: source });
    expect(busy.code, busy.out).toBe(1);
    expect(busy.out).toMatch(/in use by process/);
    oneLine(busy.out);
    server.child.kill('SIGTERM');
    await server.exited;
  });

  it('refuses a bad file in one line and creates nothing', async () => {
    const cut = path.join(root, 'cut.portal.gz');
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(cut, bytes.subarray(0, bytes.length - 100));
    const target = path.join(root, 'never');
    for (const [from, pattern] of [
      [cut, /truncated|corrupted/],
      [path.join(root, 'missing.portal.gz'), /cannot read/],
    ] as const) {
      const res = await runCli(['restore', '--from', from], { DATA_DIR: target });
      expect(res.code, res.out).toBe(1);
      expect(res.out).toMatch(pattern);
      expect(res.out).not.toMatch(/\n\s+at /); // no stack trace
      oneLine(res.out);
    }
    expect(fs.existsSync(target)).toBe(false);
    const usage = await runCli(['restore'], { DATA_DIR: target });
    expect(usage.code).toBe(1);
    expect(usage.out).toMatch(/--from/);
  });

  it('restores into a fresh directory that a server then serves; a second restore needs --force', async () => {
    const res = await runCli(['restore', '--from', file], { DATA_DIR: restored });
    expect(res.code, res.out).toBe(0);
    expect(res.out).toMatch(/Restored .*row counts and the event-log chain verified/);
    const again = await runCli(['restore', '--from', file], { DATA_DIR: restored });
    expect(again.code, again.out).toBe(1);
    expect(again.out).toMatch(/already holds a portal.*--force/);
    oneLine(again.out);

    const verify = await runCli(['verify-eventlog'], { DATA_DIR: restored });
    expect(verify.code, verify.out).toBe(0);
    // The restored portal serves, with the same signing key and the same accounts.
    expect(fs.readFileSync(path.join(restored, 'jwt-secret'), 'utf8')).toBe(
      fs.readFileSync(path.join(source, 'jwt-secret'), 'utf8'),
    );
    const server = await spawnServer({ DATA_DIR: restored });
    servers.push(server);
    const login = await makeApi(server.url)('POST', '/api/auth/jwt/login/', {
      body: { username: 'admin', password: DEMO_PASSWORD },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
  });
});
