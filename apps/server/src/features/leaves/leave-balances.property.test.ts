import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveEndpoints as L, type TLeaveTypeRequest } from '@portal/contracts';
import { call } from '../../../test/client.js';
import { factories } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { balancesOf } from './leave-reads.service.js';
import { addDays } from './leave-rules.js';
import * as repo from './leaves.repository.js';

/**
 * The balance invariant over random histories on a real database: whatever
 * sequence of submissions, HR recordings, approvals (HR's confirmation included),
 * rejections, cancellations, revocations and allowance changes one person goes through,
 * across three years and New Year, no year's available balance ends below zero, and no
 * step answers 5xx. fast-check prints the seed and the shortest failing history.
 */

let s: TestServer;
let hr: string;

beforeAll(async () => {
  s = await startTestServer();
  hr = await s.token('hr');
});
afterAll(() => s?.stop());

/** The first year of the histories: the next one, so no date is in the past. */
const BASE = new Date().getUTCFullYear() + 1;
/** Every year a history can touch or carry into. */
const YEARS = Array.from({ length: 9 }, (_, i) => BASE - 1 + i);

/** Sunday of week `week` of `year` (weeks past 51 run into the next year). */
function sunday(year: number, week: number): string {
  const d = new Date(Date.UTC(year, 0, 1));
  while (d.getUTCDay() !== 0) d.setUTCDate(d.getUTCDate() + 1);
  return addDays(d.toISOString().slice(0, 10), week * 7);
}

const pick = fc.nat({ max: 50 });
const action = fc.oneof(
  fc.record({
    kind: fc.constant('submit' as const),
    year: fc.integer({ min: 0, max: 2 }),
    week: fc.integer({ min: 0, max: 52 }),
    /** Calendar days after the Sunday it starts on (Friday and Saturday are the weekend). */
    length: fc.integer({ min: 0, max: 12 }),
    half: fc.boolean(),
    byHr: fc.boolean(),
  }),
  fc.record({
    kind: fc.constantFrom('approve' as const, 'reject' as const, 'cancel' as const, 'revoke' as const),
    pick,
  }),
  fc.record({
    kind: fc.constant('allowance' as const),
    yearly: fc.integer({ min: 0, max: 16 }).map((n) => n / 2),
    carry: fc.integer({ min: 0, max: 8 }).map((n) => n / 2),
  }),
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

const history = fc.record({
  yearly: fc.constantFrom(2, 4, 6),
  carry: fc.constantFrom(0, 1, 3),
  hrConfirms: fc.boolean(),
  actions: fc.array(action, { minLength: 1, maxLength: 14 }),
});

let run = 0;

describe('leave balances', () => {
  it('never go below zero in any year, whatever happens in whatever order', { timeout: 600_000 }, async () => {
    const make = factories(s.database.db);
    await fc.assert(
      fc.asyncProperty(history, async ({ yearly, carry, hrConfirms, actions }) => {
        const user = await make.user({ user_type: 'FINANCE' });
        const token = await s.token(user);
        const typeBody: TLeaveTypeRequest = {
          name: `Property leave ${++run}`,
          yearly_days: yearly,
          carry_over_max_days: carry,
          half_days_allowed: true,
          attachment_required_after_days: null,
          counts_against_balance: true,
          requires_hr_confirmation: hrConfirms,
          is_active: true,
        };
        const created = await call(s.api, L.createLeaveType, { token: hr, body: typeBody });
        expect(created.status).toBe(201);
        const typeId = created.body.id;
        const leaves: number[] = [];

        const perform = async (a: Action) => {
          const at = (n: number) => leaves[n % leaves.length]!;
          switch (a.kind) {
            case 'submit': {
              const start = sunday(BASE + a.year, a.week);
              const half = a.half && a.length === 0;
              const body = {
                leave_type: typeId,
                start_date: start,
                end_date: addDays(start, a.length),
                reason: 'Property',
                ...(half ? { half_day: 'first' as const } : {}),
                ...(a.byHr ? { user: user.id } : {}),
              };
              const res = await call(s.api, L.createLeave, { token: a.byHr ? hr : token, body });
              if (res.status === 201) leaves.push(res.body.id);
              return res;
            }
            case 'approve':
            case 'reject':
              if (leaves.length === 0) return null;
              return call(s.api, L.decideLeave, {
                token: hr,
                params: { id: at(a.pick) },
                body: { decision: a.kind, comment: a.kind === 'reject' ? 'No.' : '' },
              });
            case 'cancel':
              if (leaves.length === 0) return null;
              return call(s.api, L.cancelLeave, { token, params: { id: at(a.pick) }, body: {} });
            case 'revoke':
              if (leaves.length === 0) return null;
              return call(s.api, L.revokeLeave, { token: hr, params: { id: at(a.pick) }, body: {} });
            case 'allowance':
              return call(s.api, L.updateLeaveType, {
                token: hr,
                params: { id: typeId },
                body: { ...typeBody, yearly_days: a.yearly, carry_over_max_days: a.carry },
              });
          }
        };

        const person = (await repo.findPerson(s.database.db, user.id))!;
        for (const [i, a] of actions.entries()) {
          const res = await perform(a);
          // Refusals are 4xx with the API's shape; nothing answers 5xx.
          if (res) expect(res.status, `step ${i} ${JSON.stringify(res.body)}`).toBeLessThan(500);
          const { balance } = await balancesOf(s.database.db, person, YEARS);
          for (const year of YEARS) {
            expect(balance(typeId, year).available, `step ${i}, ${year}`).toBeGreaterThanOrEqual(0);
          }
        }
      }),
      // Each run is a few dozen requests: forty take well under a minute on a loaded 2-core machine.
      { numRuns: 40 },
    );
  });
});
