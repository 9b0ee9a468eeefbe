/**
 * A backup of a server that is taking writes: every write acknowledged before the backup
 * began is in it (tickets with their files, leave with its file, OCR results, telemetry,
 * the signing key), every file byte-exact, and the event-log chain intact once restored
 * into a fresh embedded directory. Writes acknowledged while it ran are in it whole or not
 * at all (a ticket never without its files).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketEndpoints as T, ZTicket } from '@portal/contracts';
import { openDatabase } from '../../src/db/database.js';
import { createBackup, restoreBackup } from '../../src/lib/backup/index.js';
import { verifyChain } from '../../src/features/event-logs/index.js';
import { call } from '../client.js';
import { factories } from '../factories.js';
import { multipartBody, startTestServer, tempDir, type TestServer } from '../harness.js';

let s: TestServer;
const work = tempDir('portal-backup-live-');
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
/** A PDF by its bytes (what the upload check sniffs), with a random body: no two alike. */
const pdf = (size: number) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(size), Buffer.from('\n%%EOF\n')]);

describe('backup while the server takes writes', () => {
  it('restores every acknowledged record and file, byte-exact, with the chain intact', async () => {
    const f = factories(s.database.db);
    const owner = await f.user({ user_type: 'IT', first_name: 'نور', last_name: 'Backup' });
    const leaveFile = { filename: 'note.pdf', data: pdf(20_000) };
    const leave = await f.leave({
      user: owner,
      start_date: '2026-12-14',
      half_day: 'second',
      days: 0.5,
      files: [leaveFile],
    });
    const ocr = await f.ocrJob({ owner, texts: ['Invoice 2026-0042 total 1,250.00', 'صفحة ثانية'] });
    const agent = await f.agent({ user: owner });
    const at = Date.UTC(2026, 10, 27, 9);
    await f.telemetry({
      apps: [{ agent, at, title: 'Spreadsheet — budget.xlsx', process: 'soffice' }],
      activity: [{ agent, at: at + 60_000, state: 'idle', idle_seconds: 300 }],
      samples: [{ agent, at: at + 120_000, kind: 'device', data: { cpu: 0.25, memory: { used: 1234567890123 } } }],
    });

    // Tickets with files through the API: each acknowledged (201) one is recorded with its files' hashes.
    const token = await s.token('hr');
    const acked = new Map<number, string[]>();
    const raise = async (n: number) => {
      const files = [pdf(30_000 + (n % 7) * 1000), pdf(5_000)];
      const res = await call(s.api, T.createTicket, {
        token,
        body: multipartBody(
          { department: 'IT', subject: `Ticket ${n}`, description: `Written ${n}`, priority: 'normal' },
          [
            { name: `a${n}.pdf`, data: files[0]! },
            { name: `b${n}.pdf`, data: files[1]! },
          ],
        ),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      acked.set(ZTicket.parse(res.body).id, files.map(sha));
    };
    for (let n = 0; n < 8; n++) await raise(n);

    // A writer that keeps going while the backup runs, and until it has finished.
    let backupDone = false;
    let afterBackup = 0;
    let n = 100;
    const writer = (async () => {
      while (!backupDone || afterBackup < 2) {
        const done = backupDone;
        await raise(n++);
        if (done) afterBackup++;
      }
    })();
    const before = new Set(acked.keys());
    const file = path.join(work, 'live.portal.gz');
    const manifest = await createBackup(s.database.db, { to: file, dataDir: s.config.DATA_DIR });
    backupDone = true;
    await writer;
    expect(manifest.database_kind).toBe('embedded');
    expect(manifest.row_counts.tickets).toBeGreaterThanOrEqual(before.size);
    expect(fs.readdirSync(work)).toEqual(['live.portal.gz']); // no temp file left beside it

    const signingKey = fs.readFileSync(path.join(s.config.DATA_DIR, 'jwt-secret'), 'utf8').trim();
    const dir = path.join(work, 'restored');
    const h = await openDatabase({ dataDir: dir, poolSize: 1 });
    try {
      await restoreBackup(h.pool, file, {
        target: { kind: 'embedded', dataDir: dir },
        verifyEventLog: (db) => verifyChain(db),
      });
      const q = async (text: string, values: unknown[] = []) => (await h.pool.query(text, values)).rows;

      const tickets = await q(
        `select t.id, coalesce(array_agg(encode(sha256(f.data), 'hex') order by a.id) filter (where f.id is not null), '{}') as files
         from tickets t left join ticket_attachments a on a.ticket_id = t.id and a.reply_id is null
         left join files f on f.id = a.file_id group by t.id`,
      );
      const restored = new Map(tickets.map((t) => [t.id as number, t.files as string[]]));
      for (const id of before) expect(restored.get(id), `ticket ${id}`).toEqual(acked.get(id));
      // Those acknowledged during the backup: whole or absent, never a ticket without its files.
      for (const [id, files] of restored) if (acked.has(id)) expect(files).toEqual(acked.get(id));
      expect(tickets.length).toBe(manifest.row_counts.tickets);

      const [l] = await q(
        `select r.days, r.half_day, encode(sha256(f.data), 'hex') as file from leave_requests r
         join leave_attachments a on a.leave_id = r.id join files f on f.id = a.file_id where r.id = $1`,
        [leave.id],
      );
      expect(l).toEqual({ days: 0.5, half_day: 'second', file: sha(leaveFile.data) });
      const pages = await q(`select number, text from ocr_pages where job_id = $1 order by number`, [ocr.id]);
      expect(pages.map((p) => p.text)).toEqual(['Invoice 2026-0042 total 1,250.00', 'صفحة ثانية']);
      // The generated search column is rebuilt by the database from the restored text, as it was.
      const searchOf = `select number, search::text as search from ocr_pages where job_id = $1 order by number`;
      expect(await q(searchOf, [ocr.id])).toEqual((await s.database.pool.query(searchOf, [ocr.id])).rows);
      const apps = await q(`select title, process from it_app_events where agent_id = $1`, [agent.id]);
      expect(apps).toEqual([{ title: 'Spreadsheet — budget.xlsx', process: 'soffice' }]);
      const samples = await q(`select data from it_samples where agent_id = $1`, [agent.id]);
      expect(samples[0].data).toMatchObject({ cpu: 0.25, memory: { used: 1234567890123 } });
      // The embedded signing key (kept in DATA_DIR, beside the data) came along.
      expect(fs.readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(signingKey);
      const chain = await verifyChain(h.db);
      expect(chain.broken).toBeNull();
      expect(chain.checked).toBe(manifest.row_counts.event_logs);
      const [head] = await q(`select id, hash from event_logs order by id desc limit 1`);
      expect({ id: Number(head.id), hash: head.hash }).toEqual(manifest.event_log_head);
    } finally {
      await h.close();
    }
  });
});
