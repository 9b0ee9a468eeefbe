/**
 * What an attacker found, each fixed at its root, kept fixed here: bad text and
 * numbers at the edge, throttles keyed on accounts and addresses, event-log scope and
 * secrecy, and the smaller URL rules. The fuzz test (fuzz.test.ts) sweeps every route;
 * these pin the exact findings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from './factories.js';
import { WS_CHANNELS } from '@portal/contracts';
import { DEMO_PASSWORD, openSocket, ready, startTestServer, type TestServer } from './harness.js';

let s: TestServer;
let admin: string;
let hr: string;
beforeAll(async () => {
  s = await startTestServer();
  [admin, hr] = await Promise.all([s.login('admin'), s.login('hr')]);
});
afterAll(() => s?.stop());

const NUL = 'a\u0000b';
const LONE_HIGH = 'x\ud800y';
const LONE_LOW = '\udc00';

/** Rows that a refused request must not have added to. */
async function counts() {
  const db = s.database.db;
  const n = async (table: 'users' | 'tickets' | 'notifications' | 'event_logs') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { users: await n('users'), tickets: await n('tickets'), notifications: await n('notifications') };
}

describe('NUL and lone surrogates are a 400 on the field, never a 500', () => {
  it('in JSON bodies of every kind of route, changing nothing', async () => {
    const before = await counts();
    for (const bad of [NUL, LONE_HIGH, LONE_LOW]) {
      const cases: [string, string, object, string, string?][] = [
        ['POST', '/api/auth/jwt/login/', { username: bad, password: 'x' }, 'username'],
        ['POST', '/api/auth/me/', { first_name: bad }, 'first_name', hr],
        [
          'POST',
          '/api/user/create-admin/',
          { username: 'probe.x', email: 'p@x.example', password: `Long-Pass-${bad}-9`, user_type: 'IT' },
          'password',
          admin,
        ],
        ['POST', '/api/notifications/announce/', { message: bad, levels: ['HR'] }, 'message', admin],
        ['POST', '/api/user/create_ticket/', { department: 'IT', subject: bad, description: 'd' }, 'subject', hr],
      ];
      for (const [method, url, body, field, token] of cases) {
        const res = await s.api(method, url, { token, body });
        expect(res.status, `${url} ${JSON.stringify(bad)}`).toBe(400);
        expect(res.body.extra.fields[field], url).toEqual([expect.any(String)]);
        expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts|stack/i);
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('in path and query strings: users/{username}, searches and event-log filters, and the CSV export before streaming', async () => {
    for (const raw of ['%00', '%ED%A0%80']) {
      expect((await s.api('GET', `/api/users/hr${raw}/`, { token: hr })).status, raw).toBeGreaterThanOrEqual(400);
      expect((await s.api('GET', `/api/users/hr${raw}/`, { token: hr })).status, raw).toBeLessThan(500);
    }
    const nul = encodeURIComponent(NUL);
    for (const url of [
      `/api/users/${nul}/`,
      `/api/admin/users/?search=${nul}`,
      `/api/user/ticket-history/?search=${nul}`,
      `/api/eventlogs/?actor=${nul}`,
      `/api/eventlogs/export.csv?actor=${nul}`,
    ]) {
      const res = await s.api('GET', url, { token: admin });
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toEqual(expect.any(String));
    }
  });
});

describe('ids and cursors are bounded to their columns; path ids are canonical digits', () => {
  it('answers 404 past int4 and 400 for loosely written numbers, never reaching user 53', async () => {
    expect(
      (await s.api('PATCH', '/api/admin/users/2147483648/', { token: admin, body: { first_name: 'X' } })).status,
    ).toBe(404);
    expect((await s.api('GET', '/api/user/ticket_detail/9007199254740991/', { token: hr })).status).toBe(404);
    for (const id of ['0x35', '0b110101', '5.3e1', '+53', '%2053', '053', '-1', '0']) {
      const res = await s.api('PATCH', `/api/admin/users/${id}/`, { token: admin, body: { first_name: 'Loose' } });
      expect(res.status, id).toBe(400);
    }
    const anyone = await s.database.db.selectFrom('users').select('id').where('first_name', '=', 'Loose').execute();
    expect(anyone).toEqual([]);
  });

  it('refuses ids past int4 in bodies and event-log cursors past bigint as 400', async () => {
    const read = await s.api('POST', '/api/notifications/read/', { token: hr, body: { data: [2 ** 40] } });
    expect(read.status).toBe(400);
    const huge = Buffer.from(`${new Date().toISOString()}|99999999999999999999`).toString('base64url');
    const page = await s.api('GET', `/api/eventlogs/?cursor=${huge}`, { token: admin });
    expect(page.status).toBe(400);
    expect(page.body.extra.fields.cursor).toEqual(['Invalid cursor.']);
  });
});

describe('throttles follow the account, not the text typed', () => {
  it('ten wrong guesses by email lock the username too (and the right password)', async () => {
    const make = factories(s.database.db);
    const victim = await make.user({ user_type: 'RTM' });
    for (let i = 0; i < 10; i++) {
      const res = await s.api('POST', '/api/auth/jwt/login/', {
        body: { username: victim.email, password: `guess-${i}` },
      });
      expect(res.status).toBe(400);
    }
    const byName = await s.api('POST', '/api/auth/jwt/login/', {
      body: { username: victim.username, password: DEMO_PASSWORD },
    });
    expect(byName.status).toBe(429);
    expect(Number(byName.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('password change: ten wrong old passwords, then even the right one is refused; failures are event-logged', async () => {
    const make = factories(s.database.db);
    const user = await make.user({ user_type: 'WFM' });
    const token = await s.login(user.username);
    const change = (old_password: string) =>
      s.api('POST', '/api/auth/change_password/', { token, body: { old_password, new_password: 'Fresh-Orchid-2027' } });
    for (let i = 0; i < 10; i++) expect((await change(`wrong-${i}`)).status).toBe(400);
    const right = await change(DEMO_PASSWORD);
    expect(right.status).toBe(429);
    // Still the old password: the refused change changed nothing.
    expect(
      (await s.api('POST', '/api/auth/jwt/login/', { body: { username: user.username, password: DEMO_PASSWORD } }))
        .status,
    ).toBe(200);
    const logged = await s.api(
      'GET',
      `/api/eventlogs/?action=auth.password_change_failed&target_id=${user.id}&limit=50`,
      {
        token: admin,
      },
    );
    expect(logged.body.results).toHaveLength(10);
  });
});

describe('event logs: directors read their branch only; typed secrets are not stored', () => {
  it('a G.I director reads records of IT tickets, not of a FINANCE ticket; G.AD the reverse; ADMIN both', async () => {
    const create = (department: string) =>
      s.api('POST', '/api/user/create_ticket/', {
        token: hr,
        body: { department, subject: `Scope ${department}`, description: 'Audit scope check' },
      });
    const [it, finance] = [(await create('IT')).body.id, (await create('FINANCE')).body.id];
    const seen = async (who: string, id: number) =>
      (await s.api('GET', `/api/eventlogs/?target_type=ticket&target_id=${id}`, { token: await s.login(who) })).body
        .results.length;
    expect(await seen('director.gi', it)).toBe(1);
    expect(await seen('director.gi', finance)).toBe(0);
    expect(await seen('director.ad', finance)).toBe(1);
    expect(await seen('admin', it)).toBe(1);
    expect(await seen('admin', finance)).toBe(1);
    // The CSV export has the same scope.
    const csv = await fetch(`${s.url}/api/eventlogs/export.csv?target_type=ticket&target_id=${finance}`, {
      headers: { authorization: `Bearer ${await s.login('director.gi')}` },
    });
    expect((await csv.text()).trim().split('\r\n')).toHaveLength(1);
  });

  it('a password typed into the username box is never stored; a real username is', async () => {
    const typed = 'Secret-In-The-Wrong-Box-77';
    await s.api('POST', '/api/auth/jwt/login/', { body: { username: typed, password: 'whatever' } });
    await s.api('POST', '/api/auth/jwt/login/', { body: { username: 'marketing', password: 'wrong-one' } });
    const rows = await s.database.db
      .selectFrom('event_logs')
      .select('details')
      .where('action', '=', 'auth.login_failed')
      .execute();
    const all = JSON.stringify(rows);
    expect(all).not.toContain(typed);
    expect(all.toLowerCase()).not.toContain(typed.toLowerCase());
    expect(rows.some((r) => (r.details as { username?: string }).username === 'marketing')).toBe(true);
    const throttle = await s.database.db.selectFrom('login_failures').select('username_key').execute();
    expect(JSON.stringify(throttle).toLowerCase()).not.toContain(typed.toLowerCase());
  });
});

describe('links: avatars and announcements', () => {
  it('avatars are https or the portal’s own files; never javascript:, data: or http:', async () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'http://cdn.example/a.png',
      '//evil.example/a.png',
    ]) {
      const res = await s.api('POST', '/api/auth/me/', { token: hr, body: { avatar: bad } });
      expect(res.status, bad).toBe(400);
      expect(res.body.extra.fields.avatar).toHaveLength(1);
    }
    for (const good of ['https://cdn.example/a.png', '/api/files/12/', '']) {
      expect((await s.api('POST', '/api/auth/me/', { token: hr, body: { avatar: good } })).status, good).toBe(200);
    }
  });

  it('announcement links are same-origin paths, normalised', async () => {
    for (const bad of [
      '/\\evil.example',
      '//evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/a b',
      'ticket/1',
    ]) {
      const res = await s.api('POST', '/api/notifications/announce/', {
        token: admin,
        body: { message: 'Link check', url: bad, levels: ['HR'] },
      });
      expect(res.status, bad).toBe(400);
      expect(res.body.extra.fields.url).toHaveLength(1);
    }
    const ok = await s.api('POST', '/api/notifications/announce/', {
      token: admin,
      body: { message: 'Normalised link', url: '/ticket/1/../2?x=1', levels: ['HR'] },
    });
    expect(ok.status).toBe(201);
    const stored = await s.database.db
      .selectFrom('notifications')
      .select('url')
      .where('id', '=', ok.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.url).toBe('/ticket/2?x=1');
  });
});

describe('a flood of failed logins from one address', () => {
  it('gets 429s, and other users’ requests keep being answered quickly meanwhile', async () => {
    const flood = await startTestServer({ LOGIN_ADDRESS_MAX_FAILURES: '40' });
    try {
      const other = await flood.login('it');
      const statuses: number[] = [];
      let done = false;
      const attack = (async () => {
        for (let round = 0; round < 20; round++) {
          const batch = Array.from({ length: 8 }, (_, i) =>
            flood.api('POST', '/api/auth/jwt/login/', {
              body: { username: `nobody-${round}-${i}`, password: 'guess' },
            }),
          );
          statuses.push(...(await Promise.all(batch)).map((r) => r.status));
        }
        done = true;
      })();
      // Answers the other user got while the flood was still going (a count, not a timing).
      let answeredDuringFlood = 0;
      while (!done) {
        const me = await flood.api('GET', '/api/auth/me/', { token: other });
        expect(me.status).toBe(200);
        if (!done) answeredDuringFlood++;
      }
      await attack;
      expect(statuses.filter((c) => c === 429).length).toBeGreaterThan(100);
      expect(statuses.every((c) => c === 400 || c === 429)).toBe(true);
      // Served beside the flood, not after it: 160 sign-ins take many auth/me round trips.
      expect(answeredDuringFlood).toBeGreaterThanOrEqual(3);
    } finally {
      await flood.stop();
    }
  });
});

describe('repeated query parameters and re-parsed links are a 4xx, never a 500', () => {
  it('a repeated ?token= on every websocket path is refused in our error shape, upgrade or not', async () => {
    for (const path of Object.values(WS_CHANNELS)) {
      const plain = await s.api('GET', `${path}?token=a&token=b`);
      expect(plain.status, path).toBe(400);
      expect(plain.body.extra.fields.token, path).toEqual([expect.any(String)]);
      // A real upgrade with a live token twice: refused before the socket opens.
      const socket = openSocket(s.url, `${path}?token=${hr}&token=${hr}`);
      const refused = await new Promise<number>((resolve) => {
        socket.ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        socket.ws.once('open', () => resolve(101));
      });
      expect(refused, path).toBe(400);
    }
    // One token still opens the socket.
    await ready(openSocket(s.url, '/ws/notification/', hr));
  });

  it('an announcement link that normalises to another site is a 400 on the field, and nothing is sent', async () => {
    const before = await counts();
    for (const bad of ['/..//evil.example', '/a/../..//evil.example/x', '/./\\evil.example', '/%2e%2e//evil.example']) {
      const res = await s.api('POST', '/api/notifications/announce/', {
        token: admin,
        body: { message: 'Link check', url: bad, levels: ['HR'] },
      });
      expect(res.status, bad).toBe(400);
      expect(res.body.extra.fields.url, bad).toEqual([expect.any(String)]);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('login limits hold under concurrency (an attempt counts when it starts)', () => {
  it('120 concurrent failed sign-ins from one address, each a different username: only 100 are tried', async () => {
    const burst = await startTestServer();
    try {
      expect(burst.config.LOGIN_ADDRESS_MAX_FAILURES).toBe(100);
      const statuses = (
        await Promise.all(
          Array.from({ length: 120 }, (_, i) =>
            burst.api('POST', '/api/auth/jwt/login/', { body: { username: `burst-${i}`, password: 'guess' } }),
          ),
        )
      ).map((r) => r.status);
      expect(statuses.filter((c) => c === 400)).toHaveLength(100);
      expect(statuses.filter((c) => c === 429)).toHaveLength(20);
      // Spent: the right password is refused from this address too, and a success is never counted.
      expect(
        (await burst.api('POST', '/api/auth/jwt/login/', { body: { username: 'hr', password: DEMO_PASSWORD } })).status,
      ).toBe(429);
    } finally {
      await burst.stop();
    }
  });

  it('30 concurrent wrong passwords for one account: only LOGIN_MAX_FAILURES are checked; a right one first still signs in', async () => {
    const burst = await startTestServer({ LOGIN_ADDRESS_MAX_FAILURES: '1000' });
    try {
      const user = await factories(burst.database.db).user({ user_type: 'HR' });
      const attempt = (password: string) =>
        burst.api('POST', '/api/auth/jwt/login/', { body: { username: user.username, password } });
      // Successes do not count: ten in a row, concurrently, all sign in.
      expect(
        (await Promise.all(Array.from({ length: 10 }, () => attempt(DEMO_PASSWORD)))).map((r) => r.status),
      ).toEqual(Array(10).fill(200));
      const statuses = (await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(`Wrong-${i}`)))).map(
        (r) => r.status,
      );
      expect(statuses.filter((c) => c === 400)).toHaveLength(burst.config.LOGIN_MAX_FAILURES);
      expect(statuses.filter((c) => c === 429)).toHaveLength(30 - burst.config.LOGIN_MAX_FAILURES);
    } finally {
      await burst.stop();
    }
  });
});
