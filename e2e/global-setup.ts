import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Builds the web app if needed, then starts the real server on a free port with an empty
 * DATA_DIR (demo data is seeded on it). Returns the teardown. Workers, started after
 * this, inherit PORTAL_E2E_BASE_URL (e2e/fixtures.ts turns it into baseURL).
 */
export default async function globalSetup() {
  if (process.env.PORTAL_E2E_BASE_URL) return undefined;

  execFileSync(process.execPath, [path.join(root, 'scripts/ensure-web-build.mjs')], { cwd: root, stdio: 'inherit' });

  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Each test signs in afresh; the throttle must not trip on a suite's worth of logins.
      LOGIN_MAX_FAILURES: '1000',
      // The demo feed would bring interpreters online under the journeys' feet (and ring
      // manager.wfm's bell): journeys send their own presence events.
      PRESENCE_DEMO_FEED: '0',
      IT_DEMO_FEED: '0',
      OCR_DEMO: '0',
      // Likewise the KPI reminders, due for the demo's missing values late in each week.
      KPI_REMINDERS: '0',
      // Journeys sign in as ADMIN and IT with a password alone; e2e/mfa.spec.ts enrols its own.
      MFA_REQUIRED_TYPES: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  server.stdout.on('data', collect);
  server.stderr.on('data', collect);

  // Ready when /api/health/ready says so (database, migrations, queue), not merely listening.
  // A bound, not a timing check: start-up takes over a minute on a loaded 2-core machine.
  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + 150_000;
  let exited: number | null | undefined;
  server.on('exit', (code) => (exited = code));
  let last = 'no answer yet';
  for (;;) {
    if (exited !== undefined) throw new Error(`server exited with ${exited}:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(15_000) });
      last = `${res.status} ${await res.text()}`;
      if (res.status === 200) break;
    } catch (err) {
      last = String(err); // not listening yet
    }
    if (Date.now() > deadline) {
      server.kill('SIGKILL');
      throw new Error(`server not ready within 150 s (${last}):\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  process.env.PORTAL_E2E_BASE_URL = baseUrl;

  return async () => {
    server.removeAllListeners('exit');
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
