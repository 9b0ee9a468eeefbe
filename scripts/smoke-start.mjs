// CI's smoke start (`.ci/run`, under Node 24): the real server entry on a fresh embedded
// database must become ready (GET /api/health/ready answers 200), then stop on SIGTERM
// with exit status 0. Run it with the Node to prove: `npx -y -p node@24 node scripts/smoke-start.mjs`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// Bounds, not timings: a first start migrates and seeds, and CI's 2 cores may be busy.
const START_BOUND_MS = 180_000;
const STOP_BOUND_MS = 60_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-smoke-'));
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // The demo's OCR documents would only add minutes of recognition to a start-up check.
    OCR_DEMO: '0',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
child.stdout.on('data', (d) => (output += d));
child.stderr.on('data', (d) => (output += d));
const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

function fail(message) {
  console.error(`smoke start (Node ${process.version}): ${message}\n--- server output ---\n${output}`);
  child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}

/** What `promise` settles with, if it does within `ms`; otherwise the smoke start fails. */
async function within(promise, ms, what) {
  let timer;
  const late = new Promise((resolve) => (timer = setTimeout(resolve, ms, 'late')));
  const result = await Promise.race([promise, late]);
  clearTimeout(timer);
  if (result === 'late') fail(`${what} took longer than ${ms / 1000} s`);
  return result;
}

const started = Date.now();
let early = false;
void exited.then(() => (early = true));

// The URL from the line people and harnesses wait for, then readiness from the endpoint load balancers ask.
async function ready() {
  let url;
  while (!url) {
    if (early) fail('the server exited before it listened');
    url = /Staff portal listening on (http:\/\/\S+)/.exec(output)?.[1];
    if (!url) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  let last = 'no answer';
  while (Date.now() - started < START_BOUND_MS) {
    if (early) fail('the server exited before it was ready');
    try {
      const res = await fetch(`${url}/api/health/ready`);
      const body = await res.text();
      if (res.status === 200) return url;
      last = `${res.status} ${body}`;
    } catch (err) {
      last = String(err);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  fail(`GET /api/health/ready never answered 200 (last: ${last})`);
}

const url = await within(ready(), START_BOUND_MS, 'becoming ready');
child.kill('SIGTERM');
const { code, signal } = await within(exited, STOP_BOUND_MS, 'stopping after SIGTERM');
if (code !== 0) fail(`after SIGTERM the server exited with ${code ?? signal}, not 0`);
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`smoke start (Node ${process.version}): ready at ${url}, then a clean exit on SIGTERM`);
