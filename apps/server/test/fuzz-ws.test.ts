/**
 * The websocket upgrade paths under the attacker's query strings and origins:
 * every channel the contracts list (WS_CHANNELS, the agent's and the screen-share's
 * included) is opened over a raw TCP upgrade with hostile `?token=` forms — repeated,
 * array-like, empty, huge, percent-encoded names and values — and hostile Origin headers,
 * first a fixed sweep, then random combinations from a fixed seed.
 *
 * Without a credential the channel accepts, every attempt must be refused cleanly: a 4xx
 * answer to the upgrade, or a close code of the refusal kind (4xxx, 1008). With one (a
 * valid token sent twice, say) it may open or be refused. Never a 5xx, a 1011, a dropped
 * connection or a server that stops answering.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CHANNELS } from '@portal/contracts';
import { startTestServer } from './harness.js';

const SEED = 20_261_126;
const RANDOM_RUNS_PER_CHANNEL = 24;
/** One attempt's bound: generous for a loaded 2-core machine. */
const ATTEMPT_TIMEOUT_MS = 15_000;
/** How long a refused upgrade's connection may linger (the answer is written at once). */
const RELEASE_TIMEOUT_MS = 10_000;

const s = await startTestServer();
afterAll(() => s.stop());
const port = new URL(s.url).port;

/** What the server did with one upgrade attempt. */
type Outcome =
  | { kind: 'http'; status: number; body: string }
  | { kind: 'close'; code: number; reason: string }
  | { kind: 'open' }
  | { kind: 'dropped'; detail: string };

/** A masked client text frame (clients must mask). */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = crypto.randomBytes(4);
  const masked = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!));
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked]);
}

const CLOSE_FRAME = Buffer.from([0x88, 0x80, 0, 0, 0, 0]);

/**
 * One upgrade over a raw socket, so the request line and headers are exactly what an
 * attacker writes (repeated headers, any bytes in the query). After a 101 the socket is
 * pinged: a pong means it opened, a close frame gives the refusal's code.
 */
function upgrade(target: string, headers: [string, string][] = []): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let buffer = Buffer.alloc(0);
    let upgraded = false;
    let settled = false;
    const finish = (o: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (o.kind === 'open') socket.end(CLOSE_FRAME);
      else socket.destroy();
      resolve(o);
    };
    const timer = setTimeout(() => finish({ kind: 'dropped', detail: 'no answer in time' }), ATTEMPT_TIMEOUT_MS);
    socket.on('connect', () => socket.write(upgradeRequest(target, headers)));
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!upgraded) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffer.subarray(0, end).toString('latin1');
        const status = Number(head.split(' ')[1]);
        if (status !== 101) {
          // The body may still be arriving; what has come is enough to report.
          return finish({ kind: 'http', status, body: buffer.subarray(end + 4, end + 300).toString() });
        }
        upgraded = true;
        buffer = buffer.subarray(end + 4);
        socket.write(textFrame(JSON.stringify({ command: 'ping' })));
      }
      // Server frames: unmasked; walk every complete one.
      for (;;) {
        if (buffer.length < 2) return;
        const opcode = buffer[0]! & 0x0f;
        let length = buffer[1]! & 0x7f;
        let offset = 2;
        if (length === 126) {
          if (buffer.length < 4) return;
          length = buffer.readUInt16BE(2);
          offset = 4;
        } else if (length === 127) {
          if (buffer.length < 10) return;
          length = Number(buffer.readBigUInt64BE(2));
          offset = 10;
        }
        if (buffer.length < offset + length) return;
        const payload = buffer.subarray(offset, offset + length);
        buffer = buffer.subarray(offset + length);
        if (opcode === 0x8) {
          return finish({
            kind: 'close',
            code: payload.length >= 2 ? payload.readUInt16BE(0) : 1005,
            reason: payload.subarray(2).toString(),
          });
        }
        if (opcode === 0x1 && payload.toString().includes('"pong"')) return finish({ kind: 'open' });
      }
    });
    socket.on('error', (err) => finish({ kind: 'dropped', detail: err.message }));
    socket.on('close', () => finish({ kind: 'dropped', detail: upgraded ? 'closed without a close frame' : 'closed' }));
  });
}

/**
 * A refusal the client understands: the upgrade answered 4xx, or closed with a refusal
 * code. A path with no channel may also be closed plainly (1000, or 1005 without a code:
 * what @fastify/websocket does for a route that has no websocket handler).
 */
const refused = (o: Outcome, noChannel = false) =>
  (o.kind === 'http' && o.status >= 400 && o.status < 500) ||
  (o.kind === 'close' &&
    ((o.code >= 4000 && o.code < 5000) || o.code === 1008 || (noChannel && (o.code === 1000 || o.code === 1005))));

/** Never acceptable, whatever was sent. */
function broken(o: Outcome, noChannel = false): string | null {
  if (o.kind === 'dropped') return `dropped (${o.detail})`;
  if (o.kind === 'http' && (o.status >= 500 || o.status < 400)) return `HTTP ${o.status}`;
  if (o.kind === 'close' && !refused(o, noChannel)) return `close ${o.code}`;
  return null;
}

const describeOutcome = (o: Outcome) =>
  o.kind === 'http'
    ? `HTTP ${o.status} ${o.body.slice(0, 120)}`
    : o.kind === 'close'
      ? `close ${o.code} ${o.reason}`
      : o.kind === 'open'
        ? 'open'
        : `dropped: ${o.detail}`;

/** The error the server logged since `fromLine` (message only), to say where it broke. */
function loggedError(fromLine: number): string | undefined {
  const line = s.logs.slice(fromLine).find((l) => l.includes('"level":50'));
  if (!line) return undefined;
  try {
    const entry = JSON.parse(line) as { err?: { type?: string; message?: string }; msg?: string };
    return [entry.err?.type, entry.err?.message ?? entry.msg].filter(Boolean).join(' ').slice(0, 200);
  } catch {
    return line.slice(0, 200);
  }
}

/** `{valid}` stands for a credential the channel accepts (a user's access token). */
interface Attempt {
  label: string;
  query: string;
  /** Another path than the channel's own. */
  target?: string;
  headers?: [string, string][];
  /** Whether the query carries a credential the channel itself would accept. */
  credentialed: boolean;
}

const HUGE = 'a'.repeat(8 * 1024);
const OVERSIZED = 'a'.repeat(64 * 1024);

/** Query strings sent to every channel without a credential it accepts. */
const HOSTILE_QUERIES: string[] = [
  '',
  '?',
  '?token',
  '?token=',
  '?token=&token=',
  '?token=a&token=b',
  '?token=a&token=b&token=c',
  '?token=a&token=',
  '?token=&token=b',
  '?token[]=a',
  '?token[]=a&token[]=b',
  '?token[0]=a&token[1]=b',
  '?token%5B%5D=a&token%5B%5D=b',
  '?tok%65n=a&token=b',
  '?%74%6f%6b%65%6e=a&%74oken=b',
  '?TOKEN=a&Token=b',
  '?token=%',
  '?token=%zz',
  '?token=%00',
  '?token=a%00b',
  '?token=%ED%A0%80',
  '?token=%C0%80',
  '?token=%E2%80%AE',
  '?token=a%26token%3Db',
  '?token=a;token=b',
  '?token=a&&&token=b',
  '?=a&=b',
  '?&&&',
  '?token=' + HUGE,
  '?token=a&token=' + HUGE,
  '?token=' + OVERSIZED,
  '?' + 'token=a&'.repeat(1000),
  '?__proto__=a&token=a&token=b',
  '?constructor=a&token=x',
  '?token=null',
  '?token=undefined',
  '?token=[object Object]',
  '?token=Bearer%20a&token=Bearer%20b',
];

/** Origins a page the portal does not serve would send (the header is the browser's). */
const HOSTILE_ORIGINS: string[] = [
  'http://evil.example',
  'null',
  'https://',
  '%',
  'http://127.0.0.1:1',
  'file://',
  `http://${'a'.repeat(4000)}.example`,
];

/** Variants of a channel's path that name no channel: refused, never a 5xx. */
const pathVariants = (path: string) => [
  path.replace(/\/$/, ''),
  `${path}/`,
  path.toUpperCase(),
  `${path}%2e%2e/`,
  `${path}..%2f..%2f`,
  path.replace('/ws/', '/ws//'),
  `${path}%00`,
];

/**
 * After refusing an upgrade the server must let the connection go: one it keeps (never
 * read again, so never noticing the client left) holds a file descriptor for ever and
 * stops a graceful shutdown from finishing.
 */
/** A websocket upgrade request as a client writes it, raw (so hostile targets go as they are). */
function upgradeRequest(target: string, headers: [string, string][]): string {
  const lines = [
    `GET ${target} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Connection: Upgrade',
    'Upgrade: websocket',
    'Sec-WebSocket-Version: 13',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    ...headers.map(([k, v]) => `${k}: ${v}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function released(target: string, headers: [string, string][] = []): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let head = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(`kept open after ${head.split('\r\n')[0] || 'no answer'}`);
    }, RELEASE_TIMEOUT_MS);
    socket.on('connect', () => socket.write(upgradeRequest(target, headers)));
    socket.on('data', (d) => {
      head += d.toString('latin1');
      // An upgrade that went through is the gateway's to close: say so and let it go.
      if (head.startsWith('HTTP/1.1 101')) socket.end(CLOSE_FRAME);
    });
    const done = () => {
      clearTimeout(timer);
      resolve('released');
    };
    socket.on('end', done);
    socket.on('error', done);
    socket.on('close', done);
  });
}

describe('websocket upgrade paths under hostile query strings and origins', () => {
  let token: string;
  let ticket: string;
  const channels = Object.entries(WS_CHANNELS);

  beforeAll(async () => {
    token = await s.token('admin');
  });

  it('lists every websocket path the server registers', () => {
    expect(channels.map(([, p]) => p)).toEqual(
      expect.arrayContaining(['/ws/notification/', '/ws/admins/', '/ws/agent/', '/ws/share/']),
    );
  });

  it('lets the connection of every refused upgrade go (API routes, unknown paths, foreign origins)', async () => {
    const targets: [string, [string, string][]][] = [
      ['/api/auth/me/', []],
      ['/api/admin/users/', []],
      ['/api/auth/jwt/login/', []],
      ['/api/openapi.json', []],
      ['/nowhere/', []],
      [`${WS_CHANNELS.notification}?token=a`, [['Origin', 'http://evil.example']]],
      [`${WS_CHANNELS.notification}?token=a&token=b`, []],
    ];
    const outcomes = await Promise.all(targets.map(([t, h]) => released(t, h)));
    expect(Object.fromEntries(targets.map(([t], i) => [t, outcomes[i]]))).toEqual(
      Object.fromEntries(targets.map(([t]) => [t, 'released'])),
    );
  });

  for (const [name, path] of channels) {
    it(`${name} (${path}): refuses cleanly, never a 5xx or a dropped socket`, async () => {
      // The channel's own credential: a user's token everywhere but the agent's channel.
      const valid = path === WS_CHANNELS.agent ? null : token;
      const res = await s.api<{ ticket: string }>('POST', '/api/auth/ws-ticket/', { token });
      expect(res.status).toBe(200);
      ticket = res.body.ticket;

      const attempts: Attempt[] = HOSTILE_QUERIES.map((q) => ({
        label: q.slice(0, 80),
        query: q,
        credentialed: false,
      }));
      for (const origin of HOSTILE_ORIGINS) {
        for (const q of ['?token=a&token=b', valid ? `?token=${valid}` : '?token=a'])
          attempts.push({
            label: `Origin ${origin.slice(0, 40)} ${q === '?token=a&token=b' ? q : '?token=<valid>'}`,
            query: q,
            headers: [['Origin', origin]],
            credentialed: false, // a foreign origin must be refused even with a good token
          });
      }
      attempts.push({
        label: 'two Origin headers',
        query: '?token=a&token=b',
        headers: [
          ['Origin', s.url],
          ['Origin', 'http://evil.example'],
        ],
        credentialed: false,
      });
      if (valid) {
        for (const q of [
          `?token=${valid}&token=${valid}`,
          `?token=${valid}&token=x`,
          `?token=x&token=${valid}`,
          `?token[]=${valid}`,
          `?tok%65n=${valid}&token=x`,
          `?token=${ticket}&token=${ticket}`,
        ])
          attempts.push({
            label: q.replaceAll(valid, '<valid>').replaceAll(ticket, '<ticket>'),
            query: q,
            credentialed: true,
          });
      }
      for (const p of pathVariants(path))
        attempts.push({ label: `path ${p}`, target: p, query: '?token=a&token=b', credentialed: false });

      const failures: { attempt: string; outcome: string; logged?: string }[] = [];
      const run = async (a: Attempt) => {
        const logLine = s.logs.length;
        const outcome = await upgrade((a.target ?? path) + a.query, a.headers);
        const noChannel = a.target !== undefined;
        const problem =
          broken(outcome, noChannel) ??
          (!a.credentialed && !refused(outcome, noChannel) ? 'accepted without a credential' : null);
        if (problem)
          failures.push({
            attempt: a.label,
            outcome: `${problem}: ${describeOutcome(outcome)}`,
            logged: loggedError(logLine),
          });
      };
      for (const a of attempts) await run(a);

      // Random combinations, from a fixed seed: names, values and repetitions mixed.
      const nameArb = fc.constantFrom('token', 'tok%65n', 'token[]', 'token[0]', 'TOKEN', '%74oken', 'token%00', '');
      const valueArb = fc.oneof(
        fc.constantFrom('', 'a', '%', '%zz', '%00', '%ED%A0%80', HUGE, 'null', '[]', '{}'),
        fc.string({ maxLength: 30 }).map(encodeURIComponent),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(nameArb, valueArb), { minLength: 1, maxLength: 6 }), async (pairs) => {
          const query = `?${pairs.map(([k, v]) => (k ? `${k}=${v}` : v)).join('&')}`;
          await run({ label: `random ${query.slice(0, 100)}`, query, credentialed: false });
          return true; // failures are collected: every input runs
        }),
        {
          seed: SEED ^ crypto.createHash('sha256').update(path).digest().readUInt32BE(0),
          numRuns: RANDOM_RUNS_PER_CHANNEL,
        },
      );

      // Still serving everyone else.
      const me = await s.api('GET', '/api/auth/me/', { token });
      expect(me.status).toBe(200);
      expect(failures).toEqual([]);
    });
  }
});
