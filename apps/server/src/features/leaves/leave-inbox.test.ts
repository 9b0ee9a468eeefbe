/**
 * The approvals inbox: what an approver lists (only what they may decide), its filters and
 * orders, bulk decisions taking the single decision's rules request by request, and the
 * bodyless withdrawals (cancel and revoke take no fields, so none at all is a valid call).
 */
import { describe, expect, it } from 'vitest';
import {
  leaveEndpoints as L,
  type TBulkLeaveDecisionRequest,
  type TLeaveInboxQuery,
  type TUserType,
} from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import { callAs } from '../../../test/client.js';
import { serveTestFile, type Factories } from '../../../test/factories.js';
import { openSocket, ready, type TestServer } from '../../../test/harness.js';

let s: TestServer;
let make: Factories;
serveTestFile((server, made) => void ([s, make] = [server, made]));

/** A year no demo request and no other test file touches. */
const Y = new Date().getUTCFullYear() + 3;
const day = (month: number, d: number) => `${Y}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

const staff = (user_type: TUserType = 'FINANCE', flags: { is_manager?: boolean } = {}) =>
  make.user({ user_type, ...flags });

const inbox = (who: UserRow | string, query: TLeaveInboxQuery = {}) => callAs(s, who, L.listLeaveInbox, { query });
const ids = async (who: UserRow | string, query: TLeaveInboxQuery = {}) => {
  const res = await inbox(who, query);
  expect(res.status).toBe(200);
  return res.body.map((l) => l.id);
};

describe('the approvals inbox', () => {
  it('lists only what the caller decides, filtered by type, department and dates, in the order asked', async () => {
    const manager = await staff('FINANCE', { is_manager: true });
    const [ana, ben] = [await staff(), await staff()];
    const early = await make.leave({ user: ana, start_date: day(3, 10), end_date: day(3, 12), days: 3 });
    const sick = await make.leave({ user: ben, type: 'sick', start_date: day(2, 1), days: 1 });
    const late = await make.leave({ user: ben, start_date: day(5, 3), end_date: day(5, 5), days: 3 });
    const decided = await make.leave({ user: ana, start_date: day(6, 1), status: 'approved' });
    const own = await make.leave({ user: manager, start_date: day(7, 1) });
    const elsewhere = await make.leave({ user: await staff('IT'), start_date: day(3, 11) });

    const inYear = { from: day(1, 1), to: day(12, 31) };
    // Oldest waiting first by default; never one's own, a decided one or another department's.
    expect(await ids(manager, inYear)).toEqual([early.id, sick.id, late.id]);
    expect(await ids(manager, { ...inYear, sort: 'newest' })).toEqual([late.id, sick.id, early.id]);
    expect(await ids(manager, { ...inYear, sort: 'start' })).toEqual([sick.id, early.id, late.id]);
    expect(await ids(manager, { ...inYear, leave_type: sick.type.id })).toEqual([sick.id]);
    // A leave touching the span counts, whichever of its days does.
    expect(await ids(manager, { from: day(3, 12), to: day(5, 3) })).toEqual([early.id, late.id]);
    expect(await ids(manager, { from: day(5, 4) })).toEqual(expect.arrayContaining([late.id]));
    expect(await ids(manager, { from: day(5, 4) })).not.toContain(early.id);
    expect(await ids(manager, { ...inYear, department: 'FINANCE' })).toEqual([early.id, sick.id, late.id]);
    // A department that is not theirs narrows to nothing: no hint of what waits there.
    expect(await ids(manager, { ...inYear, department: 'IT' })).toEqual([]);
    for (const id of [decided.id, own.id, elsewhere.id]) expect(await ids(manager, inYear)).not.toContain(id);

    // Not an approver: an empty inbox, whatever the filters.
    expect(await ids(ana, inYear)).toEqual([]);
    expect(await ids(await staff('IT', { is_manager: true }), inYear)).toEqual([elsewhere.id]);

    const backwards = await inbox(manager, { from: day(5, 1), to: day(4, 1) });
    expect(backwards.status).toBe(400);
    expect(backwards.error.extra?.codes?.to?.[0]?.code).toBe('lastDayBeforeFirst');
    const badSort = await s.api('GET', '/api/leaves/inbox/?sort=sideways', { token: await s.token(manager) });
    expect(badSort.status).toBe(400);
  });
});

describe('bulk decisions', () => {
  const bulk = (who: UserRow | string, body: TBulkLeaveDecisionRequest) => callAs(s, who, L.decideLeaves, { body });

  it('decide each request by the single decision’s rules and answer each one, in the order asked', async () => {
    const manager = await staff('FINANCE', { is_manager: true });
    const [ana, ben] = [await staff(), await staff()];
    const sock = openSocket(s.url, '/ws/notification/', await s.token(ana));
    await ready(sock);
    const fits = await make.leave({ user: ana, start_date: day(9, 6), end_date: day(9, 7), days: 2 });
    const alsoFits = await make.leave({ user: ben, start_date: day(9, 8), days: 1 });
    // More than a year's allowance (held before the check existed): approving it is refused.
    const tooLong = await make.leave({ user: ben, start_date: day(10, 1), end_date: day(11, 30), days: 40 });
    const notTheirs = await make.leave({ user: await staff('IT'), start_date: day(9, 6) });
    const own = await make.leave({ user: manager, start_date: day(9, 9) });
    const done = await make.leave({ user: ana, start_date: day(8, 2), status: 'approved' });

    const asked = [fits.id, tooLong.id, notTheirs.id, own.id, done.id, alsoFits.id];
    const res = await bulk(manager, { ids: asked, decision: 'approve', comment: 'Covered by the rota.' });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r) => r.id)).toEqual(asked);
    expect(res.body.results.map((r) => [r.outcome, r.refusal?.status ?? null, r.refusal?.code ?? null])).toEqual([
      ['decided', null, null],
      ['refused', 409, 'leaveBalanceShort'],
      ['refused', 404, 'leaveNotFound'],
      ['refused', 403, 'leaveOwnDecision'],
      ['refused', 409, 'leaveAlreadyDecided'],
      ['decided', null, null],
    ]);
    expect(res.body).toMatchObject({ decided: 2, refused: 4 });
    const approved = res.body.results[0]!.leave!;
    expect(approved.status).toBe('approved');
    expect(approved.timeline.at(-1)).toMatchObject({ event: 'approved', comment: 'Covered by the rota.' });
    // Refused ones are untouched; the decided ones left the inbox.
    expect((await callAs(s, 'hr', L.getLeave, { params: { id: tooLong.id } })).body.status).toBe('pending');
    expect((await callAs(s, 'hr', L.getLeave, { params: { id: notTheirs.id } })).body.status).toBe('pending');
    const left = await ids(manager, { from: day(8, 1), to: day(11, 30) });
    expect(left).toEqual([tooLong.id]);
    // Live, as a single decision is: the requester's socket hears of theirs.
    await sock.next((m) => m.message?.command === 'leave_update' && m.message.leave === fits.id);
    sock.ws.close();
  });

  it('reject with one required comment, and refuse a malformed list whole', async () => {
    const manager = await staff('FINANCE', { is_manager: true });
    const ana = await staff();
    const a = await make.leave({ user: ana, start_date: day(4, 6) });
    const b = await make.leave({ user: ana, start_date: day(4, 7) });

    const noWhy = await bulk(manager, { ids: [a.id, b.id], decision: 'reject', comment: ' ' });
    expect(noWhy.status).toBe(400);
    expect(noWhy.error.extra?.codes?.comment?.[0]?.code).toBe('rejectionReasonMissing');
    const twice = await bulk(manager, { ids: [a.id, a.id], decision: 'approve' });
    expect(twice.status).toBe(400);
    expect(twice.error.extra?.codes?.ids?.[0]?.code).toBe('leaveListedTwice');
    expect((await bulk(manager, { ids: [], decision: 'approve' })).status).toBe(400);
    const many = Array.from({ length: 51 }, (_, i) => i + 1);
    expect((await bulk(manager, { ids: many, decision: 'approve' })).error.extra?.codes?.ids?.[0]?.code).toBe(
      'bulkLeavesTooMany',
    );
    // Nothing changed by the refused calls.
    expect(await ids(manager, { from: day(4, 1), to: day(4, 30) })).toEqual([a.id, b.id]);

    // Someone who decides nothing: every request refused as if it did not exist.
    const outsider = await bulk(ana, { ids: [a.id], decision: 'approve' });
    expect(outsider.status).toBe(200);
    expect(outsider.body.results[0]).toMatchObject({ outcome: 'refused', refusal: { status: 403 } });
    const stranger = await bulk(await staff('IT'), { ids: [a.id, b.id], decision: 'approve' });
    expect(stranger.body.results.map((r) => r.refusal?.code)).toEqual(['leaveNotFound', 'leaveNotFound']);

    const no = await bulk(manager, { ids: [a.id, b.id], decision: 'reject', comment: 'Month-end close.' });
    expect(no.body.results.map((r) => r.leave?.status)).toEqual(['rejected', 'rejected']);
    expect(no.body.results[1]!.leave!.timeline.at(-1)).toMatchObject({
      event: 'rejected',
      comment: 'Month-end close.',
    });
  });
});

describe('withdrawing without a body', () => {
  it('cancels and revokes on a bare POST (no fields to send means none is needed)', async () => {
    const ana = await staff();
    const waiting = await make.leave({ user: ana, start_date: day(12, 6) });
    const cancelled = await s.api('POST', `/api/leaves/${waiting.id}/cancel/`, { token: await s.token(ana) });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');

    const approved = await make.leave({ user: ana, start_date: day(12, 8), status: 'approved' });
    const revoked = await s.api('POST', `/api/leaves/${approved.id}/revoke/`, { token: await s.token('hr') });
    expect(revoked.status).toBe(200);
    expect(revoked.body.status).toBe('revoked');
    // A body that is there is still read: an unknown field is refused as before.
    const odd = await make.leave({ user: ana, start_date: day(12, 9) });
    const refused = await s.api('POST', `/api/leaves/${odd.id}/cancel/`, {
      token: await s.token(ana),
      body: { why: 'x' },
    });
    expect(refused.status).toBe(400);
  });
});

describe('the quote says what Send would meet', () => {
  it('names an overlap and an overdrawn balance beside the days, as submitting would refuse them', async () => {
    const ana = await staff();
    const types = new Map((await callAs(s, ana, L.listLeaveTypes)).body.map((t) => [t.code, t.id]));
    await make.leave({ user: ana, start_date: day(3, 1), end_date: day(3, 3), days: 3 });
    const overlapping = { leave_type: types.get('annual')!, start_date: day(3, 3), end_date: day(3, 4), reason: '' };
    const quote = await callAs(s, ana, L.quoteLeave, { body: overlapping });
    expect(quote.status).toBe(200);
    expect(quote.body.refusals).toEqual([{ code: 'leaveOverlapOwn', params: { from: day(3, 1), to: day(3, 3) } }]);
    const sent = await callAs(s, ana, L.createLeave, { body: overlapping });
    expect(sent.error.extra?.codes?.start_date?.[0]?.code).toBe('leaveOverlapOwn');

    // Far more than a year's annual allowance.
    const long = { leave_type: types.get('annual')!, start_date: day(5, 1), end_date: day(8, 31), reason: '' };
    const over = await callAs(s, ana, L.quoteLeave, { body: long });
    expect(over.body.by_year[0]!.available_after).toBeLessThan(0);
    expect(over.body.refusals.map((r) => r.code)).toEqual(['leaveBalanceShort']);
    expect((await callAs(s, ana, L.createLeave, { body: long })).status).toBe(400);

    const fine = await callAs(s, ana, L.quoteLeave, { body: { ...long, end_date: day(5, 1) } });
    expect(fine.body.refusals).toEqual([]);
  });
});
