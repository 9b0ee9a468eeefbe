/**
 * The ticket's rules, pure (no I/O, unit-tested in ticket-workflow.test.ts): which
 * status a request leads to, who may set it, and the waiting clock the desk figures use
 * (`waiting_since` runs while the ticket is in the desk's court). The permission
 * questions themselves are asked of contracts' ticket-access module.
 */
import {
  canAssignTicket,
  isDeskReply,
  isTicketOwner,
  TICKET_REOPEN_DAYS,
  ticketStatusChoices,
  type TicketAccessShape,
  type TicketViewer,
  type TTicketStatus,
} from '@portal/contracts';
import { fieldError, forbidden } from '../../lib/errors.js';

/** A timestamp column's change: set to the database's `now()`, or cleared. */
export type Stamp = 'now' | null;

/** What a change writes to the ticket row (timestamps as stamps; the repository applies them). */
export interface TicketPatch {
  status?: TTicketStatus;
  first_response_at?: 'now';
  waiting_since?: Stamp;
  closed_at?: Stamp;
  assignee_id?: number | null;
}

/** The ticket as the rules see it. */
export interface TicketState extends TicketAccessShape {
  first_response_at: Date | string | null;
  waiting_since: Date | string | null;
  assignee_id: number | null;
}

/** A validated update request (contracts' ZUpdateTicketRequest, parsed). */
export interface TicketUpdateRequest {
  reply?: string;
  status?: TTicketStatus;
  assignee?: number | null;
}

/** A new ticket is open and waiting for the desk. */
export const NEW_TICKET = { status: 'open', waiting_since: 'now' } as const satisfies TicketPatch;

export interface TicketPlan {
  /** The status after the change. */
  next: TTicketStatus;
  /** The reply (if any) is the desk's. */
  deskReply: boolean;
  replying: boolean;
  statusChanged: boolean;
  /** A new assignee (or none) differs from the current one; who is allowed was checked. */
  assigning: boolean;
  /** Nothing would change: the caller answers the ticket as it is. */
  noop: boolean;
  patch: TicketPatch;
}

function refusedStatus(user: TicketViewer, t: TicketState, wanted: TTicketStatus): Error {
  if (t.status === 'closed' && wanted === 'open' && isTicketOwner(user, t)) {
    return fieldError(
      'status',
      `This ticket was closed more than ${TICKET_REOPEN_DAYS} days ago and can no longer be reopened; open a new ticket.`,
    );
  }
  if (t.status === 'closed') return fieldError('status', 'This ticket is closed; it can only be reopened.');
  return forbidden('Only the desk can set this status.');
}

/**
 * A reply and/or a status change and/or an assignment. Without an explicit status, a
 * desk reply marks an active ticket `answered` and the owner's reply to an answered
 * ticket reopens it. Throws the API error for a refused request.
 */
export function planTicketUpdate(user: TicketViewer, t: TicketState, req: TicketUpdateRequest): TicketPlan {
  const deskReply = isDeskReply(user, t);
  const replying = req.reply !== undefined;

  let next: TTicketStatus = t.status;
  if (req.status !== undefined && req.status !== t.status) {
    if (!ticketStatusChoices(user, t).includes(req.status)) throw refusedStatus(user, t, req.status);
    next = req.status;
  } else if (req.status === undefined && replying) {
    if (deskReply && (t.status === 'open' || t.status === 'in_progress')) next = 'answered';
    if (!deskReply && t.status === 'answered') next = 'open';
  }
  if (replying && t.status === 'closed' && next === 'closed') {
    throw fieldError('reply', 'This ticket is closed; reopen it to reply.');
  }
  const assigning = req.assignee !== undefined && req.assignee !== t.assignee_id;
  if (assigning && !canAssignTicket(user, t)) {
    throw t.status === 'closed'
      ? fieldError('assignee', 'This ticket is closed; reopen it to assign it.')
      : forbidden('Only the desk assigns tickets.');
  }
  const statusChanged = next !== t.status;

  const patch: TicketPatch = {};
  if (replying) {
    if (deskReply) {
      if (!t.first_response_at) patch.first_response_at = 'now';
      patch.waiting_since = null;
    } else if (!t.waiting_since) {
      patch.waiting_since = 'now';
    }
  }
  if (statusChanged) {
    patch.status = next;
    if (next === 'closed' || next === 'answered') patch.waiting_since = null;
    if (next === 'closed') patch.closed_at = 'now';
    if (t.status === 'closed') patch.closed_at = null;
    if ((next === 'open' || next === 'in_progress') && (t.status === 'closed' || t.status === 'answered')) {
      // Back in the desk's court (a reopen, or the owner's follow-up).
      if (!deskReply || !replying) patch.waiting_since = 'now';
    }
  }
  if (assigning) patch.assignee_id = req.assignee ?? null;

  return {
    next,
    deskReply,
    replying,
    statusChanged,
    assigning,
    noop: !replying && !statusChanged && !assigning,
    patch,
  };
}
