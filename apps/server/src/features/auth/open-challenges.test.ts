/**
 * Sign-ins anyone may start (a passkey sign-in here; a provider sign-in uses the same
 * bound) write a challenge row before anyone is known: one address may hold only so many
 * live ones, so a flood cannot fill the table, while other addresses are unaffected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeyEndpoints as P } from '@portal/contracts';
import { call } from '../../../test/client.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { createOpenChallenge, OPEN_SIGN_INS_PER_ADDRESS, spendChallenge } from './challenges.repository.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.stop());

describe('sign-ins anyone may start', () => {
  it('refuses a passkey sign-in start past the bound for one address, in the error shape, and writes nothing more', async () => {
    const starts = await Promise.all(
      Array.from({ length: OPEN_SIGN_INS_PER_ADDRESS }, () => call(s.api, P.passkeyLoginOptions, {})),
    );
    expect(starts.map((r) => r.status)).toEqual(starts.map(() => 200));
    const rows = () =>
      s.database.db
        .selectFrom('auth_challenges')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    const before = await rows();

    const refused = await call(s.api, P.passkeyLoginOptions, {});
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'signInStartThrottled' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await rows()).toBe(before);
  });

  it('counts live challenges per address and kind: another address may start, and a spent one frees its place', async () => {
    const open = (address: string) =>
      createOpenChallenge(s.database.db, { purpose: 'oidc_state', ttlSeconds: 60, address, maxOpen: 2 });
    const first = await open('203.0.113.7');
    expect(first).toBeTypeOf('string');
    expect(await open('203.0.113.7')).toBeTypeOf('string');
    expect(await open('203.0.113.7')).toBeUndefined();
    expect(await open('198.51.100.4')).toBeTypeOf('string');
    expect(await spendChallenge(s.database.db, 'oidc_state', first!)).toBeDefined();
    expect(await open('203.0.113.7')).toBeTypeOf('string');
  });
});
