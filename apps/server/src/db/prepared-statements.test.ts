/**
 * Named prepared statements on a real database (embedded, or PostgreSQL with
 * TEST_DATABASE_URL): prepared once per connection, the least used forgotten, and a
 * statement left stale by a schema change prepared afresh after one refusal.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, tempDir } from '../../test/harness.js';
import { openDatabase, type DatabaseHandle } from './database.js';

let handle: DatabaseHandle;
let dataDir: string;
let drop: (() => Promise<void>) | undefined;
beforeAll(async () => {
  dataDir = tempDir();
  const pgUrl = process.env.TEST_DATABASE_URL;
  const database = pgUrl ? await freshPostgresDatabase(pgUrl) : undefined;
  drop = database?.drop;
  handle = await openDatabase({ databaseUrl: database?.url, dataDir, poolSize: 1, statementCache: 2 });
  await handle.pool.query('create table prep_probe (id int primary key, name text)');
  await handle.pool.query("insert into prep_probe values (1, 'one'), (2, 'two'), (3, 'three')");
});
afterAll(async () => {
  await handle?.close();
  await drop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** This session's prepared statements whose text mentions prep_probe, by text. */
async function prepared(): Promise<string[]> {
  const r = await handle.pool.query<{ statement: string }>(
    "select statement from pg_prepared_statements where statement like '%from prep_probe where%' order by statement",
  );
  return r.rows.map((x) => x.statement);
}

describe('prepared statements per connection', () => {
  it('prepares a parameterised query once and answers every run right', async () => {
    const q = 'select name from prep_probe where id = $1';
    for (const id of [1, 2, 3, 1]) {
      const r = await handle.pool.query(q, [id]);
      expect(r.rows).toEqual([{ name: ['one', 'two', 'three'][id - 1] }]);
    }
    expect(await prepared()).toEqual([q]);
  });

  it('keeps the most used within its size, deallocating the least recently used', async () => {
    const a = 'select id from prep_probe where name = $1';
    const b = 'select id, name from prep_probe where id > $1';
    await handle.pool.query(a, ['two']);
    await handle.pool.query(b, [0]);
    // Three texts through a cache of two: the first one of this file has gone.
    expect(await prepared()).toEqual([b, a].sort());
    expect((await handle.pool.query(b, [2])).rows).toEqual([{ id: 3, name: 'three' }]);
  });

  it('after a table changes under a prepared select *, refuses once and then prepares afresh', async () => {
    const q = 'select * from prep_probe where id = $1';
    expect((await handle.pool.query(q, [1])).rows).toEqual([{ id: 1, name: 'one' }]);
    await handle.pool.query("alter table prep_probe add column extra text default 'x'");
    const first = await handle.pool.query(q, [1]).catch((err: { code?: string }) => err);
    expect(first).toMatchObject({ code: '0A000' });
    expect((await handle.pool.query(q, [1])).rows).toEqual([{ id: 1, name: 'one', extra: 'x' }]);
  });

  it('leaves queries without parameters on the simple protocol (several statements in one text)', async () => {
    const r = await handle.pool.query("select 1 as a; select 'b' as b");
    expect((r as unknown as { rows: unknown[] }[]).map((x) => x.rows)).toEqual([[{ a: 1 }], [{ b: 'b' }]]);
  });
});
