/**
 * Runs the agent's command line as a child process, as a user would (`npm run agent`).
 * Free of vitest so the Playwright journeys can import it too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CLI = 'apps/agent/src/cli.ts';

export interface AgentProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves once the agent's output matches `pattern`. */
  waitFor(pattern: RegExp, ms?: number): Promise<void>;
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

function spawnCli(args: string[], home: string, env: Record<string, string>): AgentProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORTAL_AGENT_HOME: home, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    out += d;
    for (const l of [...listeners]) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited,
    // Bounded for a loaded 2-core machine: the CLI compiles itself through tsx at start.
    waitFor(pattern, ms = 120_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!pattern.test(out)) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`agent output did not match ${pattern} within ${ms} ms:\n${out}`));
        }, ms);
        listeners.add(check);
        void exited.then(() => {
          if (!listeners.has(check)) return;
          listeners.delete(check);
          clearTimeout(timer);
          if (pattern.test(out)) resolve();
          else reject(new Error(`agent exited before its output matched ${pattern}:\n${out}`));
        });
        check();
      });
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** `enroll --server … --username …` with the password from PORTAL_AGENT_PASSWORD; resolves with the exit code and output. */
export async function enrollAgent(opts: {
  serverUrl: string;
  home: string;
  username: string;
  password: string;
  env?: Record<string, string>;
}): Promise<{ code: number | null; output: string }> {
  const p = spawnCli(['enroll', '--server', opts.serverUrl, '--username', opts.username], opts.home, {
    PORTAL_AGENT_PASSWORD: opts.password,
    ...opts.env,
  });
  const code = await p.exited;
  return { code, output: p.output() };
}

/** Starts `run` on the given X display; wait for `connected` with `waitFor(/connected to/)`. */
export function startAgent(opts: {
  /** Informative: the server is the one named at enrollment (config.json). */
  serverUrl?: string;
  home: string;
  display: string;
  env?: Record<string, string>;
}): AgentProcess {
  return spawnCli(['run'], opts.home, { DISPLAY: opts.display, ...opts.env });
}
