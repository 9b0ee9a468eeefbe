import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors.js';
import type { TicketViewer } from '@portal/contracts';
import { planTicketUpdate, type TicketState, type TicketUpdateRequest } from './ticket-workflow.js';

const owner: TicketViewer = { id: 1, user_type: 'HR' };
const desk: TicketViewer = { id: 2, user_type: 'IT' };
const director: TicketViewer = { id: 3, user_type: 'G.I' };
const stranger: TicketViewer = { id: 4, user_type: 'FINANCE' };

const DAY = 86_400_000;

function ticket(over: Partial<TicketState> = {}): TicketState {
  return {
    user: { id: owner.id },
    department: 'IT',
    status: 'open',
    priority: 'normal',
    closed_at: null,
    first_response_at: null,
    waiting_since: new Date('2026-11-01T08:00:00Z'),
    assignee_id: null,
    ...over,
  };
}

function refusal(fn: () => unknown): { status: number; fields?: Record<string, string[]> } {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return { status: err.statusCode, fields: err.fields };
    throw err;
  }
  throw new Error('expected the request to be refused');
}

const plan = (user: TicketViewer, t: TicketState, req: TicketUpdateRequest) => planTicketUpdate(user, t, req);

describe('planTicketUpdate: replies move the status', () => {
  it('a desk reply answers an open ticket, stops the waiting clock and stamps the first response', () => {
    const p = plan(desk, ticket(), { reply: 'On it' });
    expect(p).toMatchObject({ next: 'answered', deskReply: true, statusChanged: true, noop: false });
    // Unassigned: the desk member answering takes it.
    expect(p.patch).toEqual({ status: 'answered', first_response_at: 'now', waiting_since: null, assignee_id: 2 });
    expect(p).toMatchObject({ assigning: true, assignee: 2 });
  });

  it('a desk reply leaves an assigned ticket with its assignee, and `assignee: null` keeps it unassigned', () => {
    expect(plan(desk, ticket({ assignee_id: 9 }), { reply: 'On it' })).toMatchObject({
      assigning: false,
      assignee: 9,
    });
    expect(plan(desk, ticket(), { reply: 'On it', assignee: null })).toMatchObject({
      assigning: false,
      assignee: null,
    });
    // A note answers nothing and takes nothing; nor does the owner's reply.
    expect(plan(desk, ticket(), { reply: 'Checking', internal: true })).toMatchObject({ assigning: false });
    expect(plan(owner, ticket(), { reply: 'Any news?' })).toMatchObject({ assigning: false, assignee: null });
  });

  it('a second desk reply keeps the first response time', () => {
    const p = plan(desk, ticket({ status: 'in_progress', first_response_at: new Date() }), { reply: 'Still on it' });
    expect(p.patch).toEqual({ status: 'answered', waiting_since: null, assignee_id: 2 });
  });

  it("the owner's reply to an answered ticket reopens it and restarts the waiting clock", () => {
    const p = plan(owner, ticket({ status: 'answered', waiting_since: null }), { reply: 'Still broken' });
    expect(p).toMatchObject({ next: 'open', deskReply: false });
    expect(p.patch).toEqual({ status: 'open', waiting_since: 'now' });
  });

  it("the owner's follow-up on an open ticket keeps the clock that already runs", () => {
    const p = plan(owner, ticket(), { reply: 'Any news?' });
    expect(p).toMatchObject({ next: 'open', statusChanged: false });
    expect(p.patch).toEqual({});
  });

  it('a director above the department replies as the desk', () => {
    expect(plan(director, ticket(), { reply: 'Escalated' }).deskReply).toBe(true);
  });

  it('an explicit status wins over the reply rule', () => {
    const p = plan(desk, ticket(), { reply: 'Looking', status: 'in_progress' });
    expect(p.next).toBe('in_progress');
    expect(p.patch.status).toBe('in_progress');
    // The desk replied: the clock stops even though the ticket stays active.
    expect(p.patch.waiting_since).toBeNull();
  });
});

describe('planTicketUpdate: closing and reopening', () => {
  it('closing stamps closed_at and stops the clock', () => {
    const p = plan(owner, ticket(), { status: 'closed' });
    expect(p.patch).toEqual({ status: 'closed', closed_at: 'now', waiting_since: null });
  });

  it('reopening clears closed_at and puts the ticket back in the desk’s court', () => {
    const closed = ticket({ status: 'closed', closed_at: new Date(), waiting_since: null });
    expect(plan(owner, closed, { status: 'open' }).patch).toEqual({
      status: 'open',
      closed_at: null,
      waiting_since: 'now',
    });
  });

  it('the owner may not reopen after the window, and is told so on status', () => {
    const old = ticket({ status: 'closed', closed_at: new Date(Date.now() - 8 * DAY) });
    const r = refusal(() => plan(owner, old, { status: 'open' }));
    expect(r.status).toBe(400);
    expect(r.fields?.status?.[0]).toMatch(/can no longer be reopened/);
  });

  it('a reply to a closed ticket is refused on reply', () => {
    const r = refusal(() => plan(owner, ticket({ status: 'closed', closed_at: new Date() }), { reply: 'hello?' }));
    expect(r).toMatchObject({ status: 400, fields: { reply: [expect.stringMatching(/closed/)] } });
  });

  it('only the desk sets in_progress or answered (403 for the owner)', () => {
    expect(refusal(() => plan(owner, ticket(), { status: 'in_progress' })).status).toBe(403);
    expect(refusal(() => plan(owner, ticket(), { status: 'answered' })).status).toBe(403);
  });
});

describe('planTicketUpdate: assignment', () => {
  it('the desk assigns; nothing else changes', () => {
    const p = plan(desk, ticket(), { assignee: desk.id });
    expect(p).toMatchObject({ assigning: true, statusChanged: false, noop: false, patch: { assignee_id: desk.id } });
  });

  it('the owner may not assign (403), nor anyone on a closed ticket (400 on assignee)', () => {
    expect(refusal(() => plan(owner, ticket(), { assignee: desk.id })).status).toBe(403);
    const closed = ticket({ status: 'closed', closed_at: new Date() });
    expect(refusal(() => plan(desk, closed, { assignee: desk.id })).fields?.assignee).toHaveLength(1);
  });

  it('the same assignee again, or the same status, is a no-op', () => {
    expect(plan(desk, ticket({ assignee_id: desk.id }), { assignee: desk.id }).noop).toBe(true);
    expect(plan(desk, ticket(), { status: 'open' }).noop).toBe(true);
  });

  it('unassigning (null) is an assignment', () => {
    const p = plan(desk, ticket({ assignee_id: 9 }), { assignee: null });
    expect(p).toMatchObject({ assigning: true, patch: { assignee_id: null } });
  });
});

describe('planTicketUpdate: who', () => {
  it('a stranger (neither owner nor desk) may set no status', () => {
    expect(refusal(() => planTicketUpdate(stranger, ticket(), { status: 'closed' })).status).toBe(403);
  });
});

describe('planTicketUpdate: internal notes', () => {
  it('a note answers nothing: no status change, no first response, the waiting clock keeps running', () => {
    const p = plan(desk, ticket(), { reply: 'Asked the vendor', internal: true });
    expect(p).toMatchObject({ note: true, deskReply: true, statusChanged: false, visible: false, noop: false });
    expect(p.patch).toEqual({});
  });

  it('a note on an answered ticket leaves it answered (the owner’s turn), clock stopped', () => {
    const p = plan(desk, ticket({ status: 'answered', waiting_since: null }), { reply: 'FYI', internal: true });
    expect(p).toMatchObject({ next: 'answered', statusChanged: false });
    expect(p.patch).toEqual({});
  });

  it('a note may come with a status, priority and assignee change, which the owner does see', () => {
    const p = plan(desk, ticket(), { reply: 'Escalating', internal: true, status: 'in_progress', priority: 'urgent' });
    expect(p).toMatchObject({ note: true, statusChanged: true, priorityChanged: true, visible: true });
    expect(p.patch).toEqual({ status: 'in_progress', priority: 'urgent' });
  });

  it('a note while reopening puts the ticket back in the desk’s court (a note is no answer)', () => {
    const closed = ticket({ status: 'closed', closed_at: new Date(), waiting_since: null });
    const p = plan(desk, closed, { reply: 'Reopened for the audit', internal: true, status: 'open' });
    expect(p.patch).toEqual({ status: 'open', closed_at: null, waiting_since: 'now' });
  });

  it('the owner may not write notes (400 on internal); a desk member who owns the ticket may', () => {
    const r = refusal(() => plan(owner, ticket(), { reply: 'Secret', internal: true }));
    expect(r).toMatchObject({ status: 400, fields: { internal: [expect.any(String)] } });
    const ownDesk = ticket({ user: { id: desk.id } });
    expect(plan(desk, ownDesk, { reply: 'Note to self', internal: true }).note).toBe(true);
  });

  it('internal: false is an ordinary reply', () => {
    expect(plan(desk, ticket(), { reply: 'Done', internal: false })).toMatchObject({ note: false, next: 'answered' });
  });

  it('a note on a closed ticket is refused like a reply', () => {
    const closed = ticket({ status: 'closed', closed_at: new Date() });
    expect(refusal(() => plan(desk, closed, { reply: 'late', internal: true })).fields?.reply).toHaveLength(1);
  });
});

describe('planTicketUpdate: priority', () => {
  it('the desk changes the priority of an active ticket; the same priority is a no-op', () => {
    const p = plan(desk, ticket(), { priority: 'high' });
    expect(p).toMatchObject({
      priorityChanged: true,
      statusChanged: false,
      visible: true,
      patch: { priority: 'high' },
    });
    expect(plan(desk, ticket(), { priority: 'normal' }).noop).toBe(true);
  });

  it('the owner may not (400 on priority), nor anyone on a closed ticket', () => {
    expect(refusal(() => plan(owner, ticket(), { priority: 'urgent' }))).toMatchObject({
      status: 400,
      fields: { priority: ['Only the desk changes the priority.'] },
    });
    const closed = ticket({ status: 'closed', closed_at: new Date() });
    expect(refusal(() => plan(desk, closed, { priority: 'urgent' })).fields?.priority?.[0]).toMatch(/closed/);
  });
});
