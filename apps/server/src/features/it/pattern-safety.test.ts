/**
 * A rule like `^(a+)+$` backtracks exponentially, so one process
 * name an agent chooses stalled ingest and every page that categorised it. Through real
 * HTTP and a real agent socket: such a pattern is refused on its field when saved (and the
 * refusal changes nothing), everyday patterns are still accepted, and one stored before
 * the check existed is left out of ingest and reads while the safe rules keep working.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCategoryRule, TItList, TRedactionRule } from '@portal/contracts';
import { factories } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { agentSocket, appEvent, enrollAgent } from '../../../test/agent-socket.js';
import { SLOW_PATTERN_MESSAGE } from './pattern-safety.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.stop());

const call = async <T = any>(method: string, url: string, body?: unknown) =>
  s.api<T>(method, url, { token: await s.token('it'), body });
const eventCount = async () => (await s.database.db.selectFrom('event_logs').select('id').execute()).length;

describe('saving a rule', () => {
  it('refuses catastrophic patterns on the pattern field, storing and logging nothing', async () => {
    const before = {
      redaction: (await call<TRedactionRule[]>('GET', '/api/it/redaction-rules/')).body,
      category: (await call<TCategoryRule[]>('GET', '/api/it/category-rules/')).body,
      log: await eventCount(),
    };
    for (const pattern of ['^(a+)+$', '(x+x+)+y', '(a|a)*b', '(\\w+\\s?)*$', 'a.*b.*c.*d$']) {
      for (const [url, body] of [
        ['/api/it/redaction-rules/', { pattern }],
        ['/api/it/category-rules/', { field: 'process', pattern, category: 'unproductive' }],
      ] as const) {
        const res = await call('POST', url, body);
        expect([pattern, url, res.status]).toEqual([pattern, url, 400]);
        expect(res.body).toEqual({
          message: SLOW_PATTERN_MESSAGE,
          extra: { fields: { pattern: [SLOW_PATTERN_MESSAGE] } },
        });
      }
    }
    expect((await call<TRedactionRule[]>('GET', '/api/it/redaction-rules/')).body).toEqual(before.redaction);
    expect((await call<TCategoryRule[]>('GET', '/api/it/category-rules/')).body).toEqual(before.category);
    expect(await eventCount()).toBe(before.log);
  });

  it('accepts everyday patterns, quadratic ones included', async () => {
    for (const pattern of ['online bank', 'bank.*statement', '(facebook|twitter)\\.com', '^chrome$', '\\d+\\.\\d+']) {
      const res = await call('POST', '/api/it/redaction-rules/', { pattern });
      expect([pattern, res.status]).toEqual([pattern, 201]);
      expect((await call('DELETE', `/api/it/redaction-rules/${res.body.id}/`)).status).toBe(204);
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

    const list = (await call<TItList>('GET', '/api/script/it-list/')).body.quality!;
    const categories = Object.fromEntries(list.app_usage.map((u) => [u.active_app_process, u.category]));
    expect(categories).toMatchObject({ aaaa: 'neutral', chrome: 'productive' });
    a.sock.ws.close();
  });
});
