/**
 * The rules IT defines (redaction and category patterns) through real HTTP: IT and ADMIN
 * manage them, each change is in the event log, bad patterns are refused on their field,
 * every refusal changes nothing, and a category rule re-colours what it-list shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCategoryRule, TItList, TRedactionRule } from '@portal/contracts';
import { factories } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.stop());

const call = async <T = any>(method: string, url: string, who: string, body?: unknown) =>
  s.api<T>(method, url, { token: await s.token(who), body });
const logOf = (action: string) =>
  s.database.db
    .selectFrom('event_logs')
    .select(['actor_username', 'target_id', 'details'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();

describe('redaction rules', () => {
  const URL = '/api/it/redaction-rules/';

  it('IT adds, lists and removes them, each change in the event log', async () => {
    const made = await call<TRedactionRule>('POST', URL, 'it', { pattern: '  online banking ', description: 'Banks' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ pattern: 'online banking', description: 'Banks', created_by: 'it' });
    expect(Date.parse(made.body.created_at)).not.toBeNaN();
    const byAdmin = await call<TRedactionRule>('POST', URL, 'admin', { pattern: 'clinic|hospital' });
    expect(byAdmin.body).toMatchObject({ pattern: 'clinic|hospital', description: '', created_by: 'admin' });

    const listed = await call<TRedactionRule[]>('GET', URL, 'admin');
    expect(listed.body.map((r) => r.id)).toEqual([made.body.id, byAdmin.body.id]);
    expect(listed.body[0]).toEqual(made.body);

    expect((await call('DELETE', `${URL}${made.body.id}/`, 'it')).status).toBe(204);
    expect((await call<TRedactionRule[]>('GET', URL, 'it')).body.map((r) => r.id)).toEqual([byAdmin.body.id]);
    expect((await call('DELETE', `${URL}${made.body.id}/`, 'it')).status).toBe(404);

    expect(await logOf('it.redaction_rule_created')).toEqual([
      {
        actor_username: 'it',
        target_id: String(made.body.id),
        details: { pattern: 'online banking', description: 'Banks' },
      },
      {
        actor_username: 'admin',
        target_id: String(byAdmin.body.id),
        details: { pattern: 'clinic|hospital', description: '' },
      },
    ]);
    expect(await logOf('it.redaction_rule_deleted')).toEqual([
      { actor_username: 'it', target_id: String(made.body.id), details: { pattern: 'online banking' } },
    ]);
  });

  it('refuses a pattern that does not compile, or none, on the field', async () => {
    for (const body of [{ pattern: '(unclosed' }, { pattern: '   ' }, { pattern: 'a'.repeat(201) }, {}]) {
      const res = await call('POST', URL, 'it', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.extra.fields)).toEqual(['pattern']);
    }
    const invalid = await call('POST', URL, 'it', { pattern: '(unclosed' });
    expect(invalid.body.extra.fields.pattern).toEqual(['This is not a valid pattern.']);
    expect((await call('POST', URL, 'it', { pattern: 'x', extra: 1 })).status).toBe(400);
    expect((await call('DELETE', `${URL}abc/`, 'it')).status).toBe(400);
  });
});

describe('category rules', () => {
  const URL = '/api/it/category-rules/';

  it('IT adds and removes them, and it-list categorises by them at once', async () => {
    const make = factories(s.database.db);
    const worker = await make.user({ user_type: 'INTERPRETER' });
    const agent = await make.agent({ user: worker });
    await make.telemetry({ apps: [{ agent, at: new Date(), title: 'Quarterly report', process: 'libreoffice' }] });
    const categoryNow = async () =>
      (await call<TItList>('GET', '/api/script/it-list/', 'it')).body[worker.username]!.app_usage[0]!.category;
    expect(await categoryNow()).toBe('neutral');

    const made = await call<TCategoryRule>('POST', URL, 'it', {
      field: 'title',
      pattern: 'report',
      category: 'productive',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ field: 'title', pattern: 'report', category: 'productive', created_by: 'it' });
    expect(await categoryNow()).toBe('productive');
    // A later rule never beats an earlier one.
    await call('POST', URL, 'admin', { field: 'process', pattern: 'libre', category: 'unproductive' });
    expect(await categoryNow()).toBe('productive');
    expect((await call<TCategoryRule[]>('GET', URL, 'it')).body.map((r) => r.pattern)).toEqual(['report', 'libre']);

    expect((await call('DELETE', `${URL}${made.body.id}/`, 'admin')).status).toBe(204);
    expect(await categoryNow()).toBe('unproductive');
    expect(await logOf('it.category_rule_created')).toHaveLength(2);
    expect(await logOf('it.category_rule_deleted')).toEqual([
      {
        actor_username: 'admin',
        target_id: String(made.body.id),
        details: { field: 'title', pattern: 'report', category: 'productive' },
      },
    ]);
  });

  it('refuses a bad field, category or pattern on its field', async () => {
    for (const [body, field] of [
      [{ field: 'window', pattern: 'x', category: 'productive' }, 'field'],
      [{ field: 'site', pattern: 'x', category: 'great' }, 'category'],
      [{ field: 'site', pattern: '[z-a]', category: 'productive' }, 'pattern'],
    ] as const) {
      const res = await call('POST', URL, 'it', body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.extra.fields)).toEqual([field]);
    }
  });
});

describe('who manages the rules', () => {
  it('refuses everyone but IT and ADMIN (403), and a refusal changes nothing', async () => {
    const refused = ['hr', 'quality', 'director.gi', 'manager.hr', 'interpreter01'];
    // Signed in first: a sign-in is an event of its own.
    for (const who of refused) await s.token(who);
    const before = {
      redaction: (await call<TRedactionRule[]>('GET', '/api/it/redaction-rules/', 'it')).body,
      category: (await call<TCategoryRule[]>('GET', '/api/it/category-rules/', 'it')).body,
      log: (await s.database.db.selectFrom('event_logs').select('id').execute()).length,
    };
    const someRedaction = before.redaction[0]!.id;
    const someCategory = before.category[0]!.id;
    for (const who of refused) {
      for (const [method, url, body] of [
        ['GET', '/api/it/redaction-rules/'],
        ['POST', '/api/it/redaction-rules/', { pattern: 'secret' }],
        ['DELETE', `/api/it/redaction-rules/${someRedaction}/`],
        ['GET', '/api/it/category-rules/'],
        ['POST', '/api/it/category-rules/', { field: 'site', pattern: 'x', category: 'productive' }],
        ['DELETE', `/api/it/category-rules/${someCategory}/`],
      ] as const) {
        expect([who, method, url, (await call(method, url, who, body)).status]).toEqual([who, method, url, 403]);
      }
    }
    expect((await call<TRedactionRule[]>('GET', '/api/it/redaction-rules/', 'it')).body).toEqual(before.redaction);
    expect((await call<TCategoryRule[]>('GET', '/api/it/category-rules/', 'it')).body).toEqual(before.category);
    expect((await s.database.db.selectFrom('event_logs').select('id').execute()).length).toBe(before.log);
  });
});
