/**
 * Login limits with two servers on one PostgreSQL: a burst of concurrent failed
 * sign-ins from one address, split across both servers, is counted as each attempt
 * starts, so the per-address limit and the per-account limit hold across processes.
 * PostgreSQL pass only (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../factories.js';
import { startTestServer, type TestServer } from '../harness.js';

let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  first = await startTestServer({ LOGIN_ADDRESS_MAX_FAILURES: '40' });
  second = await startTestServer({ DATABASE_URL: first.config.DATABASE_URL!, LOGIN_ADDRESS_MAX_FAILURES: '40' });
  expect(second.database.kind).toBe('postgres');
});
// The second server shares the first one's database: stop it first (the first drops it).
afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

const signIn = (server: TestServer, username: string, password: string) =>
  server.api('POST', '/api/auth/jwt/login/', { body: { username, password } });
const tally = (statuses: number[]) => ({
  refused: statuses.filter((c) => c === 400).length,
  limited: statuses.filter((c) => c === 429).length,
});

describe('login limits on several servers', () => {
  it('one account: 24 concurrent wrong passwords through both servers, only LOGIN_MAX_FAILURES are checked', async () => {
    const user = await factories(first.database.db).user({ user_type: 'HR' });
    const statuses = (
      await Promise.all(
        Array.from({ length: 24 }, (_, i) => signIn(i % 2 ? second : first, user.username, `Wrong-${i}`)),
      )
    ).map((r) => r.status);
    const max = first.config.LOGIN_MAX_FAILURES;
    expect(tally(statuses)).toEqual({ refused: max, limited: 24 - max });
  });

  it('one address: 60 concurrent failed sign-ins with different usernames through both servers, 40 are tried', async () => {
    // The account burst above spent 10 of this address's 40.
    const statuses = (
      await Promise.all(Array.from({ length: 60 }, (_, i) => signIn(i % 2 ? second : first, `nobody-${i}`, 'guess')))
    ).map((r) => r.status);
    expect(tally(statuses)).toEqual({ refused: 30, limited: 30 });
  });
});
