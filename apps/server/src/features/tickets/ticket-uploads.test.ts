/**
 * Uploads without unbounded memory: file parts stream to temporary files that
 * are gone when the request ends, whatever the ending; a user has at most 2 uploads in
 * flight and a storage quota. Real server, real database, a hand-driven HTTP client so
 * the test decides when each byte arrives.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, ticketEndpoints as T, type TCreateTicketRequest } from '@portal/contracts';
import { loadConfig } from '../../lib/config.js';
import { uploadTempDir } from '../../lib/files/index.js';
import { call } from '../../../test/client.js';
import { factories } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

const MiB = 1024 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const EXE_HEAD = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);
/** One reused MiB of filler: the client holds no upload in memory either. */
const FILLER = Buffer.alloc(MiB, 0x61);

/** A file part's bytes, generated as they are sent: `head` then filler up to `size`. */
interface PartSpec {
  filename: string;
  size: number;
  head?: Buffer;
}

const png = (filename: string, size: number): PartSpec => ({ filename, size: Math.floor(size), head: PNG_SIGNATURE });

/** The bytes of a part (for comparing with what was stored). */
function bytesOf(p: PartSpec): Buffer {
  const out = Buffer.alloc(p.size, 0x61);
  p.head?.copy(out);
  return out;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/**
 * A multipart request written by hand, to an upload endpoint: raising a ticket (the
 * default) or answering one (`{ticket}`). `send` writes fields and parts (a part may be
 * left open after `upTo` bytes); `finish` completes the open part and the body; `abort`
 * cuts the connection.
 */
class Upload {
  readonly boundary = `----portal${crypto.randomBytes(8).toString('hex')}`;
  readonly req: http.ClientRequest;
  readonly answer: Promise<Answer>;
  private open: { spec: PartSpec; sent: number } | null = null;

  constructor(server: TestServer, token: string, answering?: { ticket: number }) {
    const endpoint = answering ? T.updateTicket : T.createTicket;
    this.req = http.request(`${server.url}/api${fillPath(endpoint.path, answering)}`, {
      method: endpoint.method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${this.boundary}`,
      },
    });
    this.answer = new Promise((resolve, reject) => {
      this.req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode!, headers: res.headers, body });
        });
      });
      this.req.on('error', reject);
    });
    // An early answer (429, 413) may cut our writes short; the answer says what happened.
    this.answer.catch(() => undefined);
  }

  private async write(chunk: Buffer | string) {
    if (this.req.destroyed) return;
    if (!this.req.write(chunk)) await Promise.race([once(this.req, 'drain'), once(this.req, 'close')]);
  }

  async fields(values: Record<string, string>) {
    for (const [name, value] of Object.entries(values)) {
      await this.write(`--${this.boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    }
  }

  /** Writes a file part; with `upTo`, only that many of its bytes (the part stays open). */
  async part(spec: PartSpec, upTo = spec.size) {
    await this.write(
      `--${this.boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="${spec.filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    this.open = { spec, sent: 0 };
    await this.more(upTo);
  }

  /** Writes `n` more bytes of the open part. */
  async more(n: number) {
    const open = this.open!;
    const end = Math.min(open.spec.size, open.sent + n);
    const head = open.spec.head ?? Buffer.alloc(0);
    while (open.sent < end) {
      const take = Math.min(end - open.sent, MiB);
      const chunk =
        open.sent < head.length
          ? Buffer.concat([head.subarray(open.sent), FILLER]).subarray(0, take)
          : FILLER.subarray(0, take);
      await this.write(chunk);
      open.sent += take;
    }
    if (open.sent === open.spec.size) {
      await this.write('\r\n');
      this.open = null;
    }
  }

  async send(values: Record<string, string>, parts: PartSpec[]) {
    await this.fields(values);
    for (const p of parts) await this.part(p);
  }

  async finish(): Promise<Answer> {
    if (this.open) await this.more(this.open.spec.size);
    await this.write(`--${this.boundary}--\r\n`);
    this.req.end();
    return this.answer;
  }

  abort() {
    this.req.destroy();
  }
}

const ticketFields: TCreateTicketRequest = {
  department: 'IT',
  subject: 'Scans',
  description: 'Attached.',
  priority: 'normal',
};

let s: TestServer;
let dir: string;
let make: ReturnType<typeof factories>;

beforeAll(async () => {
  s = await startTestServer();
  dir = uploadTempDir(s.config.DATA_DIR);
  make = factories(s.database.db);
});
afterAll(() => s?.stop());

/** A fresh HR user, signed in. */
async function someone() {
  const user = await make.user();
  return { user, token: await s.login(user.username) };
}

/** The temporary upload files on disk now, with their sizes. */
function tempFiles(): { name: string; size: number; mode: number }[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((n) => n.startsWith('upload-'))
    .flatMap((name) => {
      try {
        const st = fs.statSync(path.join(dir, name));
        return [{ name, size: st.size, mode: st.mode & 0o777 }];
      } catch {
        return []; // removed between the listing and the stat
      }
    });
}

async function waitFor(what: string, pred: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (!(await pred())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const watchers = new Set<NodeJS.Timeout>();
afterEach(() => {
  for (const t of watchers) clearInterval(t);
  watchers.clear();
});

/** Samples the temporary files every few ms (until stopped): the largest ever seen. */
function watchTempFiles() {
  let largest = 0;
  let seen = 0;
  const timer = setInterval(() => {
    for (const f of tempFiles()) {
      largest = Math.max(largest, f.size);
      seen++;
    }
  }, 5);
  watchers.add(timer);
  return {
    get seen() {
      return seen;
    },
    stop() {
      clearInterval(timer);
      return { largest, seen };
    },
  };
}

async function fileRows(userId?: number): Promise<number> {
  let q = s.database.db.selectFrom('files').select((eb) => eb.fn.countAll<number>().as('n'));
  if (userId !== undefined) q = q.where('uploaded_by', '=', userId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

// The retained-memory probe needs a full collection on demand (V8's flag, set at run time).
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const retained = () => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

describe('uploads on disk, not in memory', () => {
  it('spools each part to a 0600 temporary file while it arrives, stores the same bytes, and removes the file', async () => {
    const { token } = await someone();
    const spec = png('scan.png', 3 * MiB);
    const up = new Upload(s, token);
    await up.fields(ticketFields);
    await up.part(spec, 2 * MiB);
    await waitFor('the part on disk', () => tempFiles().some((f) => f.size > 0));
    expect(tempFiles().map((f) => f.mode)).toEqual([0o600]);
    const res = await up.finish();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // Removed before the answer went out.
    expect(tempFiles()).toEqual([]);
    const a = res.body.attachments[0];
    expect([a.filename, a.content_type, a.size]).toEqual(['scan.png', 'image/png', spec.size]);
    const row = await s.database.db
      .selectFrom('files')
      .innerJoin('ticket_attachments', 'ticket_attachments.file_id', 'files.id')
      .select(['files.sha256', 'files.data'])
      .where('ticket_attachments.id', '=', a.id)
      .executeTakeFirstOrThrow();
    const expected = bytesOf(spec);
    expect(Buffer.from(row.data).equals(expected)).toBe(true);
    expect(row.sha256).toBe(crypto.createHash('sha256').update(expected).digest('hex'));
  });

  it('holds 4 parallel uploads of 5 × 10 MiB (two with a 12 MiB part) on disk, not in memory, and leaves nothing behind', async () => {
    const before = await fileRows();
    const users = await Promise.all([someone(), someone(), someone(), someone()]);
    const plans: PartSpec[][] = users.map((_, u) =>
      Array.from({ length: 5 }, (_, i) => png(`u${u}-${i}.png`, u >= 2 && i === 2 ? 12 * MiB : 10 * MiB)),
    );
    const watch = watchTempFiles();
    const baseline = retained();
    const uploads = users.map(({ token }) => new Upload(s, token));
    // Every byte but the last MiB of each request: ~200 MiB are now on the server's side.
    await Promise.all(
      uploads.map(async (up, u) => {
        await up.fields(ticketFields);
        const parts = plans[u]!;
        for (const p of parts.slice(0, -1)) await up.part(p);
        await up.part(parts.at(-1)!, parts.at(-1)!.size - MiB);
      }),
    );
    // Two clean requests: 4 whole files + the open one each; two refused after their 12 MiB
    // third part: their first two files only (later parts are read, never written).
    await waitFor('the bytes sent to be on disk', () => {
      const files = tempFiles();
      return files.length === 2 * 5 + 2 * 2 && files.filter((f) => f.size >= 8 * MiB).length === 14;
    });
    const growth = retained() - baseline;
    // Buffered, this would be at least the ~200 MiB sent.
    expect(growth, `${Math.round(growth / MiB)} MiB retained`).toBeLessThan(40 * MiB);

    const answers = await Promise.all(uploads.map((up) => up.finish()));
    const { largest } = watch.stop();
    expect(answers.map((a) => a.status)).toEqual([201, 201, 413, 413]);
    expect(answers[2]!.body).toEqual({
      message: 'u2-2.png is larger than 10 MiB.',
      code: 'fileTooLarge',
      params: { name: 'u2-2.png', limit: '10 MiB' },
      extra: {
        fields: { attachments: ['u2-2.png is larger than 10 MiB.'] },
        codes: { attachments: [{ code: 'fileTooLarge', params: { name: 'u2-2.png', limit: '10 MiB' } }] },
      },
    });
    expect(largest).toBeLessThanOrEqual(10 * MiB);
    expect(tempFiles()).toEqual([]);
    expect(await fileRows()).toBe(before + 10);
  });

  it('stops writing a 12 MiB part at the limit and refuses it with 413, the rest of it never on disk', async () => {
    const { token } = await someone();
    const before = await fileRows();
    const watch = watchTempFiles();
    const up = new Upload(s, token);
    await up.fields(ticketFields);
    await up.part(png('huge.png', 12 * MiB), 5 * MiB);
    await waitFor('the part on disk', () => tempFiles().some((f) => f.size > 0));
    await up.more(6 * MiB);
    // Past the limit with the request still open: the partial file is already gone.
    await waitFor('the oversize part to be dropped', () => tempFiles().length === 0);
    const res = await up.finish();
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      message: 'huge.png is larger than 10 MiB.',
      code: 'fileTooLarge',
      params: { name: 'huge.png', limit: '10 MiB' },
      extra: {
        fields: { attachments: ['huge.png is larger than 10 MiB.'] },
        codes: { attachments: [{ code: 'fileTooLarge', params: { name: 'huge.png', limit: '10 MiB' } }] },
      },
    });
    expect(watch.stop().largest).toBeLessThanOrEqual(10 * MiB);
    expect(tempFiles()).toEqual([]);
    expect(await fileRows()).toBe(before);
  });

  it('never writes a part whose first bytes are no allowed type, nor the parts after it, and answers as before', async () => {
    const { token } = await someone();
    const watch = watchTempFiles();
    const up = new Upload(s, token);
    await up.fields(ticketFields);
    await up.part({ filename: 'setup.png', size: 4 * MiB, head: EXE_HEAD }, 3 * MiB);
    await new Promise((r) => setTimeout(r, 200));
    expect(tempFiles()).toEqual([]);
    await up.more(MiB);
    // A good file after a refused one: read (the request is refused anyway), not written, not blamed.
    await up.part(png('fine.png', 2 * MiB));
    const res = await up.finish();
    expect(res.status).toBe(400);
    expect(res.body.extra.fields.attachments).toEqual([
      'setup.png is not an allowed file type (its content must be PNG, JPEG, PDF or plain text).',
    ]);
    expect(watch.stop().seen).toBe(0);
  });

  it('removes the temporary files of a client that goes away mid-upload, and frees its slot', async () => {
    const { user, token } = await someone();
    for (let i = 0; i < 2; i++) {
      const up = new Upload(s, token);
      await up.fields(ticketFields);
      await up.part(png('whole.png', MiB));
      await up.part(png('half.png', 4 * MiB), 2 * MiB);
      await waitFor('both parts on disk', () => tempFiles().length === 2);
      up.abort();
      await waitFor('the files to be removed', () => tempFiles().length === 0, 5000);
    }
    expect(await fileRows(user.id)).toBe(0);
    // Both slots were given back: two uploads may run at once again.
    const again = [new Upload(s, token), new Upload(s, token)];
    await Promise.all(again.map((up) => up.send(ticketFields, [png('ok.png', 1000)])));
    expect((await Promise.all(again.map((up) => up.finish()))).map((a) => a.status)).toEqual([201, 201]);
  });
});

describe('uploads in flight per user', () => {
  it('answers a third parallel upload of one user 429 with Retry-After, and nobody else', async () => {
    const { token } = await someone();
    const held = [new Upload(s, token), new Upload(s, token)];
    for (const up of held) {
      await up.fields(ticketFields);
      await up.part(png('slow.png', 2 * MiB), MiB);
    }
    await waitFor('both uploads on disk', () => tempFiles().length === 2);

    const third = new Upload(s, token);
    await third.send(ticketFields, [png('third.png', 1000)]);
    const refused = await third.finish();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: 'You already have 2 uploads in progress. Wait for one to finish, then try again.',
      code: 'uploadsInProgress',
      params: { count: 2 },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // JSON requests are not uploads; other users have their own slots.
    const json = await call(s.api, T.createTicket, { token, body: ticketFields });
    expect(json.status).toBe(201);
    const other = new Upload(s, (await someone()).token);
    await other.send(ticketFields, [png('other.png', 1000)]);
    expect((await other.finish()).status).toBe(201);

    expect((await Promise.all(held.map((up) => up.finish()))).map((a) => a.status)).toEqual([201, 201]);
    const after = new Upload(s, token);
    await after.send(ticketFields, [png('after.png', 1000)]);
    expect((await after.finish()).status).toBe(201);
    expect(tempFiles()).toEqual([]);
  });
});

describe('storage quota', () => {
  let q: TestServer;
  beforeAll(async () => {
    q = await startTestServer({ UPLOAD_QUOTA_MB: '1' });
  });
  afterAll(() => q?.stop());

  it('is 200 MiB unless UPLOAD_QUOTA_MB says otherwise', () => {
    expect(loadConfig({}).UPLOAD_QUOTA_MB).toBe(200);
    expect(q.config.UPLOAD_QUOTA_MB).toBe(1);
  });

  it('refuses files past the uploader’s quota with 413 on attachments, saying quota and use, and stores nothing', async () => {
    const qmake = factories(q.database.db);
    const user = await qmake.user();
    const token = await q.login(user.username);
    // 0.7 MiB already stored by this user.
    const ticket = await qmake.ticket({
      owner: user,
      files: [{ filename: 'old.png', data: bytesOf(png('old.png', 0.7 * MiB)) }],
    });
    const count = async () =>
      Number(
        (
          await q.database.db
            .selectFrom('files')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const tickets = async () =>
      Number(
        (
          await q.database.db
            .selectFrom('tickets')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { files: await count(), tickets: await tickets() };
    const message =
      'Storage quota exceeded: you have used 0.7 MiB of your 1 MiB, and these files need 0.4 MiB more. Ask an administrator for more room.';

    const create = new Upload(q, token);
    await create.send(ticketFields, [png('a.png', 0.2 * MiB), png('b.png', 0.2 * MiB)]);
    const refused = await create.finish();
    expect(refused.status).toBe(413);
    const said = { code: 'storageQuotaExceeded', params: { used: '0.7 MiB', quota: '1 MiB', incoming: '0.4 MiB' } };
    expect(refused.body).toEqual({
      message,
      ...said,
      extra: { fields: { attachments: [message] }, codes: { attachments: [said] } },
    });

    const reply = new Upload(q, token, { ticket: ticket.id });
    await reply.send({ reply: 'More scans.' }, [png('a.png', 0.2 * MiB), png('b.png', 0.2 * MiB)]);
    const refusedReply = await reply.finish();
    expect(refusedReply.status).toBe(413);
    expect(refusedReply.body.extra.fields.attachments).toEqual([message]);

    expect({ files: await count(), tickets: await tickets() }).toEqual(before);
    expect(fs.readdirSync(uploadTempDir(q.config.DATA_DIR)).filter((n) => n.startsWith('upload-'))).toEqual([]);

    // Up to the quota exactly is fine; a reply without files needs no room.
    const fits = new Upload(q, token);
    await fits.send(ticketFields, [png('fits.png', 0.3 * MiB)]);
    expect((await fits.finish()).status).toBe(201);
    const text = await call(q.api, T.updateTicket, {
      token,
      params: { ticket: ticket.id },
      body: { reply: 'No file.' },
    });
    expect(text.status).toBe(200);
  });
});
