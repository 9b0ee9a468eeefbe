import { describe, expect, it } from 'vitest';
import {
  canAssignTicket,
  canBeAssignee,
  canReplyToTicket,
  canSeeTicket,
  isDeskReply,
  isTicketDesk,
  reopenDeadline,
  ticketDeskTypes,
  ticketStatusChoices,
  type TicketAccessShape,
} from './ticket-access.js';
import { ZCreateTicketRequest, ZUpdateTicketRequest } from './tickets.js';
import type { TUserType } from '../users/user-types.js';

const user = (id: number, user_type: TUserType) => ({ id, user_type });
const owner = user(1, 'HR');
const ticket = (over: Partial<TicketAccessShape> = {}): TicketAccessShape => ({
  user: { id: owner.id },
  department: 'IT',
  status: 'open',
  closed_at: null,
  ...over,
});
const DAY = 86_400_000;

describe('the desk of a department', () => {
  it('is its own staff, the group above it (spec §6) and ADMIN', () => {
    for (const t of ['IT', 'G.I', 'ADMIN'] as const) expect(isTicketDesk({ user_type: t }, 'IT'), t).toBe(true);
    for (const t of ['HR', 'G.AD', 'G.E', 'QUALITY', 'INTERPRETER', 'GUEST'] as const) {
      expect(isTicketDesk({ user_type: t }, 'IT'), t).toBe(false);
    }
    expect(ticketDeskTypes('IT')).toEqual(['IT', 'G.I', 'ADMIN']);
    expect(ticketDeskTypes('ADMIN')).toEqual(['ADMIN']);
    expect(ticketDeskTypes('G.SDM')).toEqual(['G.SDM', 'ADMIN']);
  });

  it('and the owner see a ticket; no one else, and never a non-staff user', () => {
    expect(canSeeTicket(owner, ticket())).toBe(true);
    expect(canSeeTicket(user(2, 'IT'), ticket())).toBe(true);
    expect(canSeeTicket(user(3, 'QUALITY'), ticket())).toBe(false);
    expect(canSeeTicket(user(1, 'INTERPRETER'), ticket())).toBe(false);
    expect(isDeskReply(user(2, 'IT'), ticket())).toBe(true);
    // Replying to your own ticket is never the desk's answer, even on your own desk.
    expect(isDeskReply(user(1, 'IT'), ticket())).toBe(false);
  });
});

describe('status choices', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('the desk sets any status of an active ticket; the owner only closes it', () => {
    expect(ticketStatusChoices(user(2, 'IT'), ticket(), now)).toEqual(['in_progress', 'answered', 'closed']);
    expect(ticketStatusChoices(owner, ticket({ status: 'answered' }), now)).toEqual(['closed']);
    expect(ticketStatusChoices(user(3, 'QUALITY'), ticket(), now)).toEqual([]);
  });

  it('the owner reopens within 7 days of closing; the desk at any time', () => {
    const closedAt = new Date(now.getTime() - 7 * DAY);
    expect(reopenDeadline(closedAt).getTime()).toBe(now.getTime());
    expect(ticketStatusChoices(owner, ticket({ status: 'closed', closed_at: closedAt }), now)).toEqual(['open']);
    const later = new Date(now.getTime() + 1);
    expect(ticketStatusChoices(owner, ticket({ status: 'closed', closed_at: closedAt }), later)).toEqual([]);
    expect(ticketStatusChoices(user(2, 'G.I'), ticket({ status: 'closed', closed_at: closedAt }), later)).toEqual([
      'open',
    ]);
    expect(canReplyToTicket(owner, ticket({ status: 'closed', closed_at: closedAt }))).toBe(false);
  });
});

describe('assignment', () => {
  it('the desk assigns active tickets, to active members of that desk', () => {
    expect(canAssignTicket(user(2, 'IT'), ticket())).toBe(true);
    expect(canAssignTicket(user(2, 'G.I'), ticket())).toBe(true);
    expect(canAssignTicket(owner, ticket())).toBe(false);
    expect(canAssignTicket(user(2, 'IT'), ticket({ status: 'closed', closed_at: new Date() }))).toBe(false);
    expect(canBeAssignee({ user_type: 'ADMIN', is_active: true }, 'IT')).toBe(true);
    expect(canBeAssignee({ user_type: 'IT', is_active: false }, 'IT')).toBe(false);
    expect(canBeAssignee({ user_type: 'QUALITY', is_active: true }, 'IT')).toBe(false);
  });
});

describe('payloads', () => {
  it('trim and require subject and description, default the priority', () => {
    expect(ZCreateTicketRequest.parse({ department: 'IT', subject: ' A ', description: 'b' })).toEqual({
      department: 'IT',
      subject: 'A',
      description: 'b',
      priority: 'normal',
    });
    const bad = ZCreateTicketRequest.safeParse({ department: 'GUEST', subject: ' ', description: '' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['department', 'Choose a department.'],
      ['subject', 'Write a subject.'],
      ['description', 'Describe the problem.'],
    ]);
  });

  it('an answer needs a reply or a status', () => {
    expect(ZUpdateTicketRequest.safeParse({}).success).toBe(false);
    expect(ZUpdateTicketRequest.safeParse({ status: 'closed' }).success).toBe(true);
    expect(ZUpdateTicketRequest.safeParse({ reply: '  ' }).success).toBe(false);
  });
});
