/**
 * A real X11 desktop for tests: Xvfb (a display number it picks itself, no TCP) with
 * openbox as the window manager, and small wrappers over xmessage and xdotool. Free of
 * vitest so the Playwright journeys can import it too. Readiness is always awaited by
 * polling a condition, never by sleeping a fixed time.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';

export interface Desktop {
  /** `:N` */
  display: string;
  env: Record<string, string>;
  /** Opens a window with this title (xmessage) and resolves once it is mapped. */
  openWindow(title: string): Promise<{ pid: number; close(): void }>;
  /** Gives the focus to the window with this title and waits until it has it. */
  activate(title: string): Promise<void>;
  /** Moves the pointer (real input through XTEST: resets the idle time). */
  moveMouse(): Promise<void>;
  /** The X idle time in ms, as xprintidle reads it. */
  idleMs(): Promise<number>;
  stop(): Promise<void>;
}

function run(file: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(file, args, { env: { ...process.env, ...env }, timeout: 10_000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${file} ${args.join(' ')}: ${err.message} ${stderr}`)) : resolve(stdout),
    ),
  );
}

/**
 * Polls `check` until it returns a value other than undefined, or fails after `ms`. The
 * default bound is for a loaded 2-core machine (every poll here starts an X client, and a
 * window took over 20 s to appear under load); a quiet machine never waits that long.
 */
export async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (let delay = 20; ; delay = Math.min(delay * 2, 250)) {
    try {
      const v = await check();
      if (v !== undefined) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, delay));
  }
}

const regexEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startDesktop(): Promise<Desktop> {
  // -displayfd: Xvfb takes the first free display and writes its number once it accepts clients.
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-nolisten', 'tcp', '-screen', '0', '1280x800x24'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let xlog = '';
  xvfb.stderr!.on('data', (d) => (xlog += d));
  const num = await new Promise<string>((resolve, reject) => {
    let out = '';
    (xvfb.stdio[3] as NodeJS.ReadableStream).on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(out.trim());
    });
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${xlog}`)));
  });
  const display = `:${num}`;
  const env = { DISPLAY: display };
  const children: ChildProcess[] = [xvfb];

  // openbox is managing once it has announced itself on the root window. On a loaded
  // machine (CI, several X servers starting at once) it has been seen not to: start it again once.
  const managing = async () =>
    /window id # 0x/.test(await run('xprop', ['-root', '_NET_SUPPORTING_WM_CHECK'], env)) ? true : undefined;
  for (let attempt = 1; ; attempt++) {
    const wm = spawn('openbox', ['--sm-disable'], { env: { ...process.env, ...env }, stdio: 'ignore' });
    children.push(wm);
    try {
      await until('openbox', managing);
      break;
    } catch (err) {
      wm.kill('SIGKILL');
      if (attempt === 2) throw err;
    }
  }

  const windowsNamed = async (title: string) =>
    (await run('xdotool', ['search', '--onlyvisible', '--name', `^${regexEscape(title)}$`], env).catch(() => ''))
      .split('\n')
      .filter(Boolean);

  let flip = false;
  return {
    display,
    env,
    async openWindow(title) {
      const child = spawn('xmessage', ['-title', title, '-name', 'portal-test', title], {
        env: { ...process.env, ...env },
        stdio: 'ignore',
      });
      children.push(child);
      await until(`window "${title}"`, async () => ((await windowsNamed(title)).length ? true : undefined));
      return { pid: child.pid!, close: () => child.kill() };
    },
    async activate(title) {
      const [id] = await until(`window "${title}"`, async () => {
        const ids = await windowsNamed(title);
        return ids.length ? ids : undefined;
      });
      // Asked again on every poll: under load a request can be lost between the window
      // manager and the window (`--sync` would then wait forever).
      await until(`"${title}" active`, async () => {
        if ((await run('xdotool', ['getactivewindow'], env).catch(() => '')).trim() === id) return true;
        await run('xdotool', ['windowactivate', id!], env).catch(() => undefined);
        return undefined;
      });
    },
    async moveMouse() {
      flip = !flip;
      await run('xdotool', ['mousemove', flip ? '400' : '420', flip ? '300' : '320'], env);
    },
    async idleMs() {
      return Number((await run('xprintidle', [], env)).trim());
    },
    async stop() {
      for (const c of children.reverse()) c.kill();
      await Promise.all(children.map(exited));
    },
  };
}
