/**
 * The ticket's rules, pure (no I/O, unit-tested in ticket-workflow.test.ts): which
 * status a request leads to, who may set it, and the waiting clock the desk figures use
 * (`waiting_since` runs while the ticket is in the desk's court). The permission
 * questions themselves are asked of contracts' ticket-access module.
 */
import {
  canAssignTicket,
  canSeeInternalNotes,
  canSetTicketPriority,
  isDeskReply,
  isTicketOwner,
  TICKET_REOPEN_DAYS,
  type TicketAccessShape,
  ticketStatusChoices,
  type TicketViewer,
  type TTicketPriority,
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
  priority?: TTicketPriority;
}

/** The ticket as the rules see it. */
export interface TicketState extends TicketAccessShape {
  priority: TTicketPriority;
  first_response_at: Date | string | null;
  waiting_since: Date | string | null;
  assignee_id: number | null;
}

/** A validated update request (contracts' ZUpdateTicketRequest, parsed). */
export interface TicketUpdateRequest {
  reply?: string;
  /** The reply is an internal note (desk only). */
  internal?: boolean;
  status?: TTicketStatus;
  priority?: TTicketPriority;
  assignee?: number | null;
}

/** A new ticket is open and waiting for the desk. */
export const NEW_TICKET = { status: 'open', waiting_since: 'now' } as const satisfies TicketPatch;

export interface TicketPlan {
  /** The status after the change. */
  next: TTicketStatus;
  /** The reply (if any) is the desk's (an internal note always is). */
  deskReply: boolean;
  replying: boolean;
  /** The reply is an internal note: it answers nothing and the owner never learns of it. */
  note: boolean;
  statusChanged: boolean;
  /** A new assignee (or none) differs from the current one; who is allowed was checked. */
  assigning: boolean;
  /** The assignee after the change: asked for, or the desk member answering an unassigned ticket. */
  assignee: number | null;
  priorityChanged: boolean;
  /** Something the owner can see changes (anything but a note). */
  visible: boolean;
  /** Nothing would change: the caller answers the ticket as it is. */
  noop: boolean;
  patch: TicketPatch;
}

function refusedStatus(user: TicketViewer, t: TicketState, wanted: TTicketStatus): Error {
  if (t.status === 'closed' && wanted === 'open' && isTicketOwner(user, t)) {
    return fieldError('status', 'ticketReopenExpired', { count: TICKET_REOPEN_DAYS });
  }
  if (t.status === 'closed') return fieldError('status', 'ticketClosedOnlyReopen');
  return forbidden('ticketStatusDeskOnly');
}

/**
 * A reply or internal note, and/or a status, priority or assignee change. Without an
 * explicit status, a desk reply marks an active ticket `answered` and the owner's reply
 * to an answered ticket reopens it; a note moves nothing (it is not an answer, and the
 * waiting clock keeps running). A desk reply to an unassigned ticket assigns it to its
 * author unless the request names an assignee. Throws the API error for a refused request.
 */
export function planTicketUpdate(user: TicketViewer, t: TicketState, req: TicketUpdateRequest): TicketPlan {
  const replying = req.reply !== undefined;
  const note = replying && req.internal === true;
  if (req.internal === true && !canSeeInternalNotes(user, t)) {
    throw fieldError('internal', 'internalNotesDeskOnly');
  }
  const deskReply = note || isDeskReply(user, t);
  // A reply the owner sees: only these answer the ticket or move its clocks.
  const answering = replying && !note;

  let next: TTicketStatus = t.status;
  if (req.status !== undefined && req.status !== t.status) {
    if (!ticketStatusChoices(user, t).includes(req.status)) throw refusedStatus(user, t, req.status);
    next = req.status;
  } else if (req.status === undefined && answering) {
    if (deskReply && (t.status === 'open' || t.status === 'in_progress')) next = 'answered';
    if (!deskReply && t.status === 'answered') next = 'open';
  }
  if (replying && t.status === 'closed' && next === 'closed') {
    throw fieldError('reply', 'ticketClosedReopenToReply');
  }
  // A desk member who answers an unassigned ticket takes it: the requester and the rest of
  // the desk then see who is on it, and a second colleague does not answer it too.
  const takes =
    answering && deskReply && req.assignee === undefined && t.assignee_id === null && canAssignTicket(user, t);
  const assignee = takes ? user.id : req.assignee;
  const assigning = assignee !== undefined && assignee !== t.assignee_id;
  if (assigning && !canAssignTicket(user, t)) {
    throw t.status === 'closed'
      ? fieldError('assignee', 'ticketClosedReopenToAssign')
      : forbidden('ticketAssignDeskOnly');
  }
  const priorityChanged = req.priority !== undefined && req.priority !== t.priority;
  if (priorityChanged && !canSetTicketPriority(user, t)) {
    throw fieldError('priority', t.status === 'closed' ? 'ticketClosedReopenToPrioritise' : 'ticketPriorityDeskOnly');
  }
  const statusChanged = next !== t.status;

  const patch: TicketPatch = {};
  if (answering) {
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
      if (!deskReply || !answering) patch.waiting_since = 'now';
    }
  }
  if (assigning) patch.assignee_id = assignee ?? null;
  if (priorityChanged) patch.priority = req.priority;

  const visible = answering || statusChanged || assigning || priorityChanged;
  return {
    next,
    deskReply,
    replying,
    note,
    statusChanged,
    assigning,
    assignee: assigning ? (assignee ?? null) : t.assignee_id,
    priorityChanged,
    visible,
    noop: !visible && !note,
    patch,
  };
}
