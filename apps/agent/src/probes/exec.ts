import { execFile } from 'node:child_process';

/** Runs a program and resolves with its stdout (C locale, bounded time and output). */
export function run(file: string, args: string[], timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024, env: { ...process.env, LC_ALL: 'C', LANG: 'C' } },
      (err, stdout) => (err ? reject(err) : resolve(stdout)),
    );
  });
}
