import x11 from 'x11';
import type { XClient, XDisplay, XProperty, XResClientId, XResExt, XScreenSaverExt, XScreenSaverInfo } from 'x11';
import { procInfo } from './proc.js';
import type { ActiveWindow, ActiveWindowProbe, IdleProbe, IdleSample } from './types.js';

const ATOM_NAMES = [
  'COMPOUND_TEXT',
  '_NET_ACTIVE_WINDOW',
  '_NET_CLIENT_LIST',
  '_NET_WM_NAME',
  '_NET_WM_PID',
  'UTF8_STRING',
] as const;
type AtomName = (typeof ATOM_NAMES)[number];
// Predefined atoms of the core protocol.
const XA = { ANY: 0, CARDINAL: 6, STRING: 31, WINDOW: 33, WM_NAME: 39 } as const;
const SCREEN_SAVER_ON = 1;

interface Conn {
  display: XDisplay;
  client: XClient;
  root: number;
  atoms: Record<AtomName, number>;
  saver: XScreenSaverExt | null;
  res: XResExt | null;
}

/**
 * COMPOUND_TEXT (ISO 2022, what Xt applications put in WM_NAME outside a UTF-8 locale):
 * Latin-1 by default, UTF-8 between `ESC % G` and `ESC % @`; other designations are
 * skipped (their bytes then read as Latin-1, the best a monitor can do without iconv).
 */
export function decodeCompoundText(data: Buffer): string {
  let out = '';
  let utf8 = false;
  let start = 0;
  const flush = (end: number) => {
    const part = data.subarray(start, end);
    out += utf8 ? part.toString('utf8') : part.toString('latin1');
  };
  for (let i = 0; i < data.length; i++) {
    if (data[i] !== 0x1b) continue;
    flush(i);
    let j = i + 1;
    while (j < data.length && data[j]! >= 0x20 && data[j]! <= 0x2f) j++;
    const seq = data.subarray(i + 1, j + 1).toString('latin1');
    if (seq === '%G') utf8 = true;
    else if (seq === '%@') utf8 = false;
    i = j;
    start = j + 1;
  }
  flush(data.length);
  return out;
}

function call<T>(fn: (cb: (err: Error | null | undefined, v: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => fn((err, v) => (err ? reject(err) : resolve(v))));
}

/**
 * Linux (X11): the active window, its title, pid and process, the desktop's windows, and
 * idle time and screen-saver state (MIT-SCREEN-SAVER), all over one X connection through
 * the pure-JS `x11` client. The connection is opened lazily and reopened after a failure
 * (the X server restarted, the session ended).
 */
export class X11Desktop implements ActiveWindowProbe, IdleProbe {
  private conn: Promise<Conn> | null = null;

  constructor(private readonly displayName = process.env.DISPLAY) {}

  private connect(): Promise<Conn> {
    this.conn ??= this.open().catch((err: unknown) => {
      this.conn = null;
      throw err;
    });
    return this.conn;
  }

  private async open(): Promise<Conn> {
    if (!this.displayName) throw new Error('DISPLAY is not set: the agent needs an X11 session.');
    let client: XClient | undefined;
    const display = await new Promise<XDisplay>((resolve, reject) => {
      client = x11.createClient({ display: this.displayName }, (err, d) => (err ? reject(err) : resolve(d)));
    });
    client = display.client;
    // Errors of requests with a callback reach the callback too: this only keeps them from throwing.
    client.on('error', () => undefined);
    client.on('end', () => (this.conn = null));
    client.on('close', () => (this.conn = null));
    const atoms = {} as Record<AtomName, number>;
    for (const name of ATOM_NAMES) atoms[name] = await call<number>((cb) => client!.InternAtom(false, name, cb));
    const saver = await call<XScreenSaverExt>((cb) => client!.require('screen-saver', cb)).catch(() => null);
    const res = await call<XResExt>((cb) => client!.require('res', cb)).catch(() => null);
    return { display, client, root: display.screen[0]!.root, atoms, saver, res };
  }

  private async prop(c: Conn, win: number, name: number, type: number, words = 1024) {
    return call<XProperty>((cb) => c.client.GetProperty(0, win, name, type, 0, words, cb));
  }

  private async windowList(c: Conn, win: number, name: number): Promise<number[]> {
    const p = await this.prop(c, win, name, XA.WINDOW, 4096);
    const out: number[] = [];
    for (let i = 0; i + 4 <= p.data.length; i += 4) out.push(p.data.readUInt32LE(i));
    return out;
  }

  private async title(c: Conn, win: number): Promise<string> {
    const utf8 = await this.prop(c, win, c.atoms._NET_WM_NAME, c.atoms.UTF8_STRING);
    if (utf8.data.length) return utf8.data.toString('utf8');
    // Older toolkits (Xt, Athena) only set WM_NAME, in Latin-1.
    const legacy = await this.prop(c, win, XA.WM_NAME, XA.ANY);
    if (legacy.type === c.atoms.UTF8_STRING) return legacy.data.toString('utf8');
    if (legacy.type === c.atoms.COMPOUND_TEXT) return decodeCompoundText(legacy.data);
    return legacy.data.toString('latin1');
  }

  /** _NET_WM_PID, else the X server's own record of the owning client's pid (X-Resource). */
  private async pid(c: Conn, win: number): Promise<number | null> {
    const p = await this.prop(c, win, c.atoms._NET_WM_PID, XA.CARDINAL, 1);
    if (p.data.length >= 4) return p.data.readUInt32LE(0);
    if (!c.res) return null;
    const res = c.res;
    const ids = await call<XResClientId[]>((cb) =>
      res.QueryClientIds([{ client: win, mask: res.ClientIdMask.LocalClientPID }], cb),
    );
    const pid = ids.find((i) => i.mask & res.ClientIdMask.LocalClientPID)?.value[0];
    return pid ?? null;
  }

  private async guard<T>(fn: (c: Conn) => Promise<T>): Promise<T> {
    const c = await this.connect();
    let timer: NodeJS.Timeout | undefined;
    try {
      // An X server that stopped answering must not stall the monitor's ticks.
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the X server did not answer')), 5000);
      });
      return await Promise.race([fn(c), timeout]);
    } catch (err) {
      // A window that closed between two requests (BadWindow) is no reason to reconnect.
      if ((err as { error?: number }).error === undefined) this.drop();
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  async activeWindow(): Promise<ActiveWindow | null> {
    return this.guard(async (c) => {
      const [win] = await this.windowList(c, c.root, c.atoms._NET_ACTIVE_WINDOW);
      if (!win) return null;
      try {
        const [title, pid] = await Promise.all([this.title(c, win), this.pid(c, win)]);
        const info = pid === null ? { process: null, memory_bytes: null } : await procInfo(pid);
        return { title, pid, process: info.process ?? 'unknown', memory_bytes: info.memory_bytes };
      } catch (err) {
        if ((err as { error?: number }).error !== undefined) return null; // closed meanwhile
        throw err;
      }
    });
  }

  async openedApps(): Promise<string[]> {
    return this.guard(async (c) => {
      const wins = await this.windowList(c, c.root, c.atoms._NET_CLIENT_LIST);
      const names = new Set<string>();
      for (const w of wins) {
        const pid = await this.pid(c, w).catch(() => null);
        if (pid === null) continue;
        const { process: name } = await procInfo(pid);
        if (name) names.add(name);
      }
      return [...names];
    });
  }

  async idle(): Promise<IdleSample> {
    return this.guard(async (c) => {
      if (!c.saver) throw new Error('The X server has no MIT-SCREEN-SAVER extension.');
      const saver = c.saver;
      const info = await call<XScreenSaverInfo>((cb) => saver.QueryInfo(c.root, cb));
      return { idle_seconds: Math.floor(info.idle / 1000), locked: info.state === SCREEN_SAVER_ON };
    });
  }

  private drop() {
    const c = this.conn;
    this.conn = null;
    void c?.then(
      (x) => x.client.terminate(),
      () => undefined,
    );
  }

  close() {
    this.drop();
  }
}
