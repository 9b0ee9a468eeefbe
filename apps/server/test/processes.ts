import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD, makeApi } from './harness.js';

export const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Start-up takes seconds when quiet and over a minute on a loaded 2-core machine: a bound, not a timing check. */
const START_BOUND_MS = 150_000;

/**
 * Runs the real server entry (`node --import tsx src/main.ts`) as its own process, and
 * waits until it says it is ready (`/api/health/ready` answers 200), not merely listening.
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const started = Date.now();
  const server = await spawnScript('src/main.ts', env);
  await untilReady(server, started + START_BOUND_MS);
  return server;
}

/** Asks `/api/health/ready` until it answers 200 (each ask bounded too: a loaded server may be slow to answer). */
export async function untilReady(server: ServerProcess, deadline: number): Promise<void> {
  let exited = false;
  void server.exited.then(() => (exited = true));
  let last = 'no answer yet';
  for (;;) {
    if (exited) throw new Error(`server exited before it was ready:\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}/api/health/ready`, {
        signal: AbortSignal.timeout(Math.max(1000, Math.min(15_000, deadline - Date.now()))),
      });
      last = `${res.status} ${await res.text()}`;
      if (res.status === 200) return;
    } catch (err) {
      last = String(err);
    }
    if (Date.now() > deadline) throw new Error(`server not ready (${last}):\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Runs a TypeScript entry of this package as a process and waits for the line
 * "Staff portal listening on <url>" (the server and the bench baselines print it).
 */
export async function spawnScript(file: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: SERVER_DIR,
    // The demo presence feed and the KPI reminders stay off: they would notify the demo cast mid-test.
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      PRESENCE_DEMO_FEED: '0',
      IT_DEMO_FEED: '0',
      OCR_DEMO: '0',
      KPI_REMINDERS: '0',
      // Tests sign in as ADMIN and IT with a password alone (no enrolment at sign-in).
      MFA_REQUIRED_TYPES: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), START_BOUND_MS);
    const check = () => {
      const m = /Staff portal listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited early:\n${out}`));
    });
  });
  return { child, url, output: () => out, exited };
}

export function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

/** Resolves with the exit code, or rejects when the process is still running after `ms`. */
export function exitWithin(p: ServerProcess, ms: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still running ${ms} ms after the signal:\n${p.output()}`)), ms);
    void p.exited.then((code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/**
 * Clients that used to hold a SIGTERMed server for its whole 25 s hammer: an idle
 * keep-alive connection, a TCP connection that never sends a request, one stuck in the
 * middle of its headers, and a websocket that goes silent (never answers the close).
 * Returns a function that drops whatever is left.
 */
export async function holdConnections(baseUrl: string, token: string): Promise<() => void> {
  const { port } = new URL(baseUrl);
  const sockets: net.Socket[] = [];
  const connect = () => {
    const s = net.connect(Number(port), '127.0.0.1');
    s.on('error', () => undefined);
    sockets.push(s);
    return s;
  };
  const agent = new http.Agent({ keepAlive: true });
  await new Promise<void>((resolve, reject) =>
    http
      .get(
        { host: '127.0.0.1', port, path: '/api/auth/me/', agent, headers: { authorization: `Bearer ${token}` } },
        (res) => res.resume().on('end', () => resolve()),
      )
      .on('error', reject),
  );
  connect();
  connect().write('GET /api/auth/me/ HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  const ws = connect();
  await new Promise<void>((resolve) => {
    ws.once('data', () => resolve());
    ws.write(
      `GET /ws/notification/?token=${token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\n` +
        'Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
  });
  // Let the server see all of them before the caller signals.
  await new Promise((r) => setTimeout(r, 200));
  return () => {
    agent.destroy();
    for (const s of sockets) s.destroy();
  };
}

export interface KillRun {
  /** Writes the API acknowledged before the process was killed. */
  acknowledged: number;
  /** Those of them the next process could not find. */
  missing: string[];
}

/**
 * `runs` times: start the server on `env` (the same data every time), check that every
 * write acknowledged before the previous SIGKILL is there, then run a burst of writes
 * (4 concurrent writers: a profile update and a user creation each) and SIGKILL the
 * process in the middle of it. A last start checks the last run and stops with SIGTERM.
 */
export async function sigkillRuns(
  env: Record<string, string>,
  runs: number,
  opts: { ackedBeforeKill?: number } = {},
): Promise<{ runs: KillRun[]; lastExit: number | null }> {
  const ackedBeforeKill = opts.ackedBeforeKill ?? 8;
  const results: KillRun[] = [];
  let previous: { prefix: string; names: string[] } | null = null;
  for (let run = 0; ; run++) {
    const p = await spawnServer(env);
    try {
      const api = makeApi(p.url);
      const login = await api('POST', '/api/auth/jwt/login/', { body: { username: 'admin', password: DEMO_PASSWORD } });
      const token = login.body.access as string;
      if (previous) {
        const found = await api('GET', `/api/admin/users/?search=${previous.prefix}&page_size=100`, { token });
        const names = new Set(
          found.status === 200 ? found.body.results.map((u: { username: string }) => u.username) : [],
        );
        results.push({ acknowledged: previous.names.length, missing: previous.names.filter((n) => !names.has(n)) });
      }
      if (run === runs) {
        p.child.kill('SIGTERM');
        return { runs: results, lastExit: await exitWithin(p, 15_000) };
      }
      // Run numbers are zero-padded so one run's prefix never matches another's.
      const prefix = `crash.r${String(run).padStart(3, '0')}.`;
      const acknowledged: string[] = [];
      let n = 0;
      let killed = false;
      const writer = async () => {
        while (!killed) {
          const username = `${prefix}${n++}`;
          try {
            const res = await api('POST', '/api/auth/me/', { token, body: { phone: String(n) } });
            const created = await api('POST', '/api/user/create-admin/', {
              token,
              body: { username, email: `${username}@x.example`, password: 'Granite-Ocean-31', user_type: 'IT' },
            });
            if (res.status === 200 && created.status === 201) acknowledged.push(username);
          } catch {
            /* the connection died with the process: not acknowledged */
          }
        }
      };
      const writers = [writer(), writer(), writer(), writer()];
      while (acknowledged.length < ackedBeforeKill) await new Promise((r) => setTimeout(r, 5));
      // A little later, so the kill lands at a different point of some request each run.
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 30)));
      p.child.kill('SIGKILL');
      killed = true;
      await Promise.all(writers);
      await p.exited;
      previous = { prefix, names: [...acknowledged] };
    } catch (err) {
      p.child.kill('SIGKILL');
      throw err;
    }
  }
}
