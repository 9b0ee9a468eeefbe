import { describe, expect, it } from 'vitest';
import { fillMessage, msg, ZApiError } from '@portal/contracts';
import { serveTestFile, type Factories } from './factories.js';
import { type TestServer } from './harness.js';

/**
 * Every error answers its message by code beside the English text (common/messages.ts in
 * contracts): the code and its values at the top, and each field message's code under
 * `extra.codes` in the order of `extra.fields`. One representative refusal per kind.
 */
let s: TestServer;
let make: Factories;
serveTestFile((server, made) => void ([s, make] = [server, made]));

/** The first `dow` (0 Sunday … 6 Saturday) of May in `year`. */
function firstOfMay(year: number, dow: number): string {
  const d = new Date(Date.UTC(year, 4, 1));
  while (d.getUTCDay() !== dow) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('errors by code', () => {
  it('say a leave overlap by code, its dates as ISO values, on the field and at the top', async () => {
    const user = await make.user({ user_type: 'IT' });
    const from = firstOfMay(new Date().getUTCFullYear() + 2, 0);
    const to = addDays(from, 2);
    await make.leave({ user, start_date: from, end_date: to, days: 3 });
    const types = await s.api('GET', '/api/leaves/types/', { token: await s.token(user) });
    const annual = (types.body as { id: number; code: string | null }[]).find((t) => t.code === 'annual')!;

    const res = await s.api('POST', '/api/leaves/', {
      token: await s.token(user),
      body: { leave_type: annual.id, start_date: addDays(from, 1), end_date: addDays(from, 3), reason: 'Again.' },
    });
    expect(res.status).toBe(400);
    const said = { code: 'leaveOverlapOwn', params: { from, to } };
    expect(res.body).toEqual({
      message: `You already have leave from ${from} to ${to}.`,
      ...said,
      extra: { fields: { start_date: [res.body.message] }, codes: { start_date: [said] } },
    });
    expect(ZApiError.parse(res.body)).toEqual(res.body);
  });

  it('name each refused ticket of a bulk change with the reason inside, by code', async () => {
    const owner = await make.user({ user_type: 'HR' });
    const closed = await make.ticket({ owner, department: 'IT', status: 'closed' });
    const res = await s.api('POST', '/api/user/tickets/bulk/', {
      token: await s.token('admin'),
      body: { ids: [closed.id], priority: 'high' },
    });
    expect(res.status).toBe(400);
    const line = msg('bulkRefused', { tickets: `#${closed.id}`, reason: msg('ticketClosedReopenFirst') });
    expect(res.body.code).toBe('bulkRefused');
    expect(res.body.extra.codes).toEqual({ ids: [line] });
    expect(res.body.extra.fields).toEqual({ ids: [fillMessage('bulkRefused', line.params as never)] });
  });

  it('say a ticket nobody may see is not found, like a missing one', async () => {
    const res = await s.api('GET', '/api/user/ticket_detail/2147483000/', { token: await s.token('admin') });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Ticket not found.', code: 'ticketNotFound' });
  });

  it('give validation issues the contract’s codes: the schema’s own, and the plain ones with their limits', async () => {
    const token = await s.token('hr');
    const body = { department: 'IT', subject: '', description: 'x'.repeat(10_001), priority: 'high' };
    const res = await s.api('POST', '/api/user/create_ticket/', { token, body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('fieldProblem');
    expect(res.body.params).toEqual({
      field: expect.any(String),
      reason: expect.objectContaining({ code: expect.any(String) }),
    });
    expect(res.body.extra.codes.subject).toEqual([{ code: 'subjectMissing' }]);
    expect(res.body.extra.fields.subject).toEqual(['Write a subject.']);
    expect(res.body.extra.codes.description).toEqual([{ code: 'maxChars', params: { count: expect.any(Number) } }]);
    expect(res.body.extra.fields.description).toEqual([
      fillMessage('maxChars', { count: res.body.extra.codes.description[0].params.count }),
    ]);

    const missing = await s.api('POST', '/api/auth/jwt/login/', { body: { username: 'hr' } });
    expect(missing.body).toMatchObject({
      message: 'password: This field is required.',
      code: 'fieldProblem',
      params: { field: 'password', reason: { code: 'required' } },
      extra: { codes: { password: [{ code: 'required' }] } },
    });
  });

  it('say 401 and 404 by code', async () => {
    const anonymous = await s.api('GET', '/api/auth/me/');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      message: 'Authentication credentials were not provided or are invalid.',
      code: 'notAuthenticated',
    });
    const nowhere = await s.api('GET', '/api/no-such-thing/', { token: await s.token('hr') });
    expect(nowhere.status).toBe(404);
    expect(nowhere.body).toEqual({ message: 'Not found.', code: 'notFound' });
  });

  it('say a throttled sign-in by code, with Retry-After', async () => {
    const user = await make.user({ user_type: 'IT' });
    for (let i = 0; i < 10; i++) {
      const wrong = await s.api('POST', '/api/auth/jwt/login/', {
        body: { username: user.username, password: `no-${i}` },
      });
      expect(wrong.body.extra.codes).toEqual({ non_field_errors: [{ code: 'loginFailed' }] });
    }
    const blocked = await s.api('POST', '/api/auth/jwt/login/', { body: { username: user.username, password: 'x' } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body).toEqual({
      message: 'Too many failed login attempts. Try again later.',
      code: 'loginThrottled',
    });
  });
});
