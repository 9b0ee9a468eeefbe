/**
 * The rules IT defines (redaction and category patterns) through real HTTP: IT and ADMIN
 * manage them, each change is in the event log, bad patterns are refused on their field,
 * every refusal changes nothing, and a category rule re-colours what it-list shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itEndpoints as I } from '@portal/contracts';
import { callAs } from '../../../test/client.js';
import { factories } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.stop());

/** Deliberately malformed requests (a body or path the contract would not type). */
const raw = async (method: string, url: string, who: string, body?: unknown) =>
  s.api(method, url, { token: await s.token(who), body });
const logOf = (action: string) =>
  s.database.db
    .selectFrom('event_logs')
    .select(['actor_username', 'target_id', 'details'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();

describe('redaction rules', () => {
  it('IT adds, lists and removes them, each change in the event log', async () => {
    const made = await callAs(s, 'it', I.createRedactionRule, {
      body: { pattern: '  online banking ', description: 'Banks' },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ pattern: 'online banking', description: 'Banks', created_by: 'it' });
    expect(Date.parse(made.body.created_at)).not.toBeNaN();
    const byAdmin = await callAs(s, 'admin', I.createRedactionRule, { body: { pattern: 'clinic|hospital' } });
    expect(byAdmin.body).toMatchObject({ pattern: 'clinic|hospital', description: '', created_by: 'admin' });

    const listed = await callAs(s, 'admin', I.listRedactionRules);
    expect(listed.body.map((r) => r.id)).toEqual([made.body.id, byAdmin.body.id]);
    expect(listed.body[0]).toEqual(made.body);

    const removeMade = async () =>
      (await callAs(s, 'it', I.deleteRedactionRule, { params: { id: made.body.id } })).status;
    expect(await removeMade()).toBe(204);
    expect((await callAs(s, 'it', I.listRedactionRules)).body.map((r) => r.id)).toEqual([byAdmin.body.id]);
    expect(await removeMade()).toBe(404);

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
    for (const pattern of ['(unclosed', '   ', 'a'.repeat(201)]) {
      const res = await callAs(s, 'it', I.createRedactionRule, { body: { pattern } });
      expect(res.status, pattern).toBe(400);
      expect(Object.keys(res.error.extra?.fields ?? {})).toEqual(['pattern']);
    }
    const none = await raw('POST', '/api/it/redaction-rules/', 'it', {});
    expect(none.status).toBe(400);
    expect(Object.keys(none.body.extra.fields)).toEqual(['pattern']);
    const invalid = await callAs(s, 'it', I.createRedactionRule, { body: { pattern: '(unclosed' } });
    expect(invalid.error.extra?.fields?.pattern).toEqual(['This is not a valid pattern.']);
    expect((await raw('POST', '/api/it/redaction-rules/', 'it', { pattern: 'x', extra: 1 })).status).toBe(400);
    expect((await raw('DELETE', '/api/it/redaction-rules/abc/', 'it')).status).toBe(400);
  });
});

describe('category rules', () => {
  it('IT adds and removes them, and it-list categorises by them at once', async () => {
    const make = factories(s.database.db);
    const worker = await make.user({ user_type: 'INTERPRETER' });
    const agent = await make.agent({ user: worker });
    await make.telemetry({ apps: [{ agent, at: new Date(), title: 'Quarterly report', process: 'libreoffice' }] });
    const categoryNow = async () =>
      (await callAs(s, 'it', I.getItList)).body.find((r) => r.username === worker.username)!.app_usage[0]!.category;
    expect(await categoryNow()).toBe('neutral');

    const made = await callAs(s, 'it', I.createCategoryRule, {
      body: { field: 'title', pattern: 'report', category: 'productive' },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ field: 'title', pattern: 'report', category: 'productive', created_by: 'it' });
    expect(await categoryNow()).toBe('productive');
    // A later rule never beats an earlier one.
    await callAs(s, 'admin', I.createCategoryRule, {
      body: { field: 'process', pattern: 'libre', category: 'unproductive' },
    });
    expect(await categoryNow()).toBe('productive');
    expect((await callAs(s, 'it', I.listCategoryRules)).body.map((r) => r.pattern)).toEqual(['report', 'libre']);

    expect((await callAs(s, 'admin', I.deleteCategoryRule, { params: { id: made.body.id } })).status).toBe(204);
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
    // A field or category outside the contract's choices is sent as it comes.
    for (const [body, field] of [
      [{ field: 'window', pattern: 'x', category: 'productive' }, 'field'],
      [{ field: 'site', pattern: 'x', category: 'great' }, 'category'],
    ] as const) {
      const res = await raw('POST', '/api/it/category-rules/', 'it', body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.extra.fields)).toEqual([field]);
    }
    const res = await callAs(s, 'it', I.createCategoryRule, {
      body: { field: 'site', pattern: '[z-a]', category: 'productive' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.error.extra?.fields ?? {})).toEqual(['pattern']);
  });
});

describe('who manages the rules', () => {
  it('refuses everyone but IT and ADMIN (403), and a refusal changes nothing', async () => {
    const refused = ['hr', 'quality', 'director.gi', 'manager.hr', 'interpreter01'];
    // Signed in first: a sign-in is an event of its own.
    for (const who of refused) await s.token(who);
    const before = {
      redaction: (await callAs(s, 'it', I.listRedactionRules)).body,
      category: (await callAs(s, 'it', I.listCategoryRules)).body,
      log: (await s.database.db.selectFrom('event_logs').select('id').execute()).length,
    };
    const someRedaction = before.redaction[0]!.id;
    const someCategory = before.category[0]!.id;
    for (const who of refused) {
      for (const [name, attempt] of [
        ['listRedactionRules', () => callAs(s, who, I.listRedactionRules)],
        ['createRedactionRule', () => callAs(s, who, I.createRedactionRule, { body: { pattern: 'secret' } })],
        ['deleteRedactionRule', () => callAs(s, who, I.deleteRedactionRule, { params: { id: someRedaction } })],
        ['listCategoryRules', () => callAs(s, who, I.listCategoryRules)],
        [
          'createCategoryRule',
          () => callAs(s, who, I.createCategoryRule, { body: { field: 'site', pattern: 'x', category: 'productive' } }),
        ],
        ['deleteCategoryRule', () => callAs(s, who, I.deleteCategoryRule, { params: { id: someCategory } })],
      ] as const) {
        expect([who, name, (await attempt()).status]).toEqual([who, name, 403]);
      }
    }
    expect((await callAs(s, 'it', I.listRedactionRules)).body).toEqual(before.redaction);
    expect((await callAs(s, 'it', I.listCategoryRules)).body).toEqual(before.category);
    expect((await s.database.db.selectFrom('event_logs').select('id').execute()).length).toBe(before.log);
  });
});
