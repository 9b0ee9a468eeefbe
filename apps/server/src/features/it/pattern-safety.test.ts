/**
 * A rule like `^(a+)+$` backtracks exponentially, so one process
 * name an agent chooses stalled ingest and every page that categorised it. Through real
 * HTTP and a real agent socket: such a pattern is refused on its field when saved (and the
 * refusal changes nothing), everyday patterns are still accepted, and one stored before
 * the check existed is left out of ingest and reads while the safe rules keep working.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itEndpoints as I } from '@portal/contracts';
import { callAs } from '../../../test/client.js';
import { factories } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { agentSocket, appEvent, enrollAgent } from '../../../test/agent-socket.js';
import { SLOW_PATTERN_MESSAGE } from './pattern-safety.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.stop());

const eventCount = async () => (await s.database.db.selectFrom('event_logs').select('id').execute()).length;

describe('saving a rule', () => {
  it('refuses catastrophic patterns on the pattern field, storing and logging nothing', async () => {
    const before = {
      redaction: (await callAs(s, 'it', I.listRedactionRules)).body,
      category: (await callAs(s, 'it', I.listCategoryRules)).body,
      log: await eventCount(),
    };
    for (const pattern of ['^(a+)+$', '(x+x+)+y', '(a|a)*b', '(\\w+\\s?)*$', 'a.*b.*c.*d$']) {
      for (const [rule, save] of [
        ['redaction', () => callAs(s, 'it', I.createRedactionRule, { body: { pattern } })],
        [
          'category',
          () =>
            callAs(s, 'it', I.createCategoryRule, { body: { field: 'process', pattern, category: 'unproductive' } }),
        ],
      ] as const) {
        const res = await save();
        expect([pattern, rule, res.status]).toEqual([pattern, rule, 400]);
        expect(res.body).toEqual({
          message: SLOW_PATTERN_MESSAGE,
          code: 'patternTooSlow',
          extra: { fields: { pattern: [SLOW_PATTERN_MESSAGE] }, codes: { pattern: [{ code: 'patternTooSlow' }] } },
        });
      }
    }
    expect((await callAs(s, 'it', I.listRedactionRules)).body).toEqual(before.redaction);
    expect((await callAs(s, 'it', I.listCategoryRules)).body).toEqual(before.category);
    expect(await eventCount()).toBe(before.log);
  });

  it('accepts everyday patterns, quadratic ones included', async () => {
    for (const pattern of ['online bank', 'bank.*statement', '(facebook|twitter)\\.com', '^chrome$', '\\d+\\.\\d+']) {
      const res = await callAs(s, 'it', I.createRedactionRule, { body: { pattern } });
      expect([pattern, res.status]).toEqual([pattern, 201]);
      expect((await callAs(s, 'it', I.deleteRedactionRule, { params: { id: res.body.id } })).status).toBe(204);
    }
  });
});

describe('a catastrophic rule stored before the check', () => {
  it('is left out of ingest and reads, while the safe rules still apply', async () => {
    const db = s.database.db;
    // The factories store rules as they are, as the table held them before the check existed.
    const make = factories(db);
    await make.redactionRule('^(a+)+$', 'stored before the check');
    await make.redactionRule('secret');
    await make.categoryRule({ field: 'process', pattern: '^(a+)+$', category: 'unproductive' });
    await make.categoryRule({ field: 'process', pattern: '^chrome$', category: 'productive' });

    const agent = await enrollAgent(s, 'quality');
    const a = await agentSocket(s, agent.credential);
    // The first title is the attack (seconds of backtracking per character more); the
    // second matches the stored pattern and would be redacted if it were evaluated.
    const t0 = Date.now();
    const ack = await a.send([
      appEvent(1, `${'a'.repeat(25)}!`, new Date(t0 - 3000).toISOString(), `${'a'.repeat(25)}!`),
      appEvent(2, 'aaaa', new Date(t0 - 2000).toISOString(), 'aaaa'),
      appEvent(3, 'my secret plan', new Date(t0 - 1000).toISOString()),
    ]);
    expect(ack).toMatchObject({ accepted: 3, last_seq: 3 });
    const titles = await sql<{ seq: number; title: string }>`
      select seq, title from it_app_events where agent_id = ${agent.agent_id} order by seq`.execute(db);
    expect(titles.rows.map((r) => r.title)).toEqual([`${'a'.repeat(25)}!`, 'aaaa', '[redacted]']);

    const list = (await callAs(s, 'it', I.getItList)).body.find((r) => r.username === 'quality')!;
    const categories = Object.fromEntries(list.app_usage.map((u) => [u.active_app_process, u.category]));
    expect(categories).toMatchObject({ aaaa: 'neutral', chrome: 'productive' });
    a.sock.ws.close();
  });
});
