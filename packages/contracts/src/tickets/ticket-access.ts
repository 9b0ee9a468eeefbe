import { ALLOWED_ABOVE, canActOnDepartment, isStaff } from '../users/permissions.js';
import type { TUserType } from '../users/user-types.js';
import { TICKET_REOPEN_DAYS, type TTicketStatus } from './tickets.js';

/**
 * Who may do what with a ticket. The server enforces these; the web app asks
 * the same functions to decide which controls to show.
 */
export interface TicketViewer {
  id: number;
  user_type: TUserType;
}

/** The parts of a ticket the rules look at (a TTicket fits). */
export interface TicketAccessShape {
  user: { id: number };
  department: TUserType;
  status: TTicketStatus;
  closed_at: string | Date | null;
}

const DAY_MS = 86_400_000;

/**
 * The desk of a department: its own staff, the groups allowed above it (spec §6) and
 * ADMIN — the one hierarchy rule, asked of the permissions module.
 */
export function isTicketDesk(viewer: Pick<TicketViewer, 'user_type'>, department: TUserType): boolean {
  return canActOnDepartment(viewer.user_type, department);
}

/** The user types on a department's desk (notification levels for a new ticket). */
export function ticketDeskTypes(department: TUserType): TUserType[] {
  return [department, ...ALLOWED_ABOVE[department]];
}

export function isTicketOwner(viewer: Pick<TicketViewer, 'id'>, ticket: Pick<TicketAccessShape, 'user'>): boolean {
  return viewer.id === ticket.user.id;
}

/** Owner and desk see a ticket; anyone else gets 404 (never a hint that it exists). */
export function canSeeTicket(viewer: TicketViewer, ticket: Pick<TicketAccessShape, 'user' | 'department'>): boolean {
  return isStaff(viewer) && (isTicketOwner(viewer, ticket) || isTicketDesk(viewer, ticket.department));
}

/** A reply counts as the desk's when its author is on the desk and is not the owner. */
export function isDeskReply(viewer: TicketViewer, ticket: Pick<TicketAccessShape, 'user' | 'department'>): boolean {
  return !isTicketOwner(viewer, ticket) && isTicketDesk(viewer, ticket.department);
}

/** Until when the owner may reopen a ticket closed at `closedAt`. */
export function reopenDeadline(closedAt: string | Date): Date {
  return new Date(new Date(closedAt).getTime() + TICKET_REOPEN_DAYS * DAY_MS);
}

/** Replies go to tickets that are not closed (reopen first). */
export function canReplyToTicket(viewer: TicketViewer, ticket: TicketAccessShape): boolean {
  return canSeeTicket(viewer, ticket) && ticket.status !== 'closed';
}

/**
 * The statuses `viewer` may set now (never the current one). The desk sets any status
 * of an active ticket and reopens a closed one; the owner closes an active ticket and
 * reopens a closed one within TICKET_REOPEN_DAYS.
 */
export function ticketStatusChoices(
  viewer: TicketViewer,
  ticket: TicketAccessShape,
  now: Date = new Date(),
): TTicketStatus[] {
  if (!canSeeTicket(viewer, ticket)) return [];
  const desk = isTicketDesk(viewer, ticket.department);
  const owner = isTicketOwner(viewer, ticket);
  if (ticket.status === 'closed') {
    const withinWindow = !!ticket.closed_at && now.getTime() <= reopenDeadline(ticket.closed_at).getTime();
    return desk || (owner && withinWindow) ? ['open'] : [];
  }
  const choices: TTicketStatus[] = desk ? ['open', 'in_progress', 'answered', 'closed'] : ['closed'];
  return choices.filter((s) => s !== ticket.status);
}

/** The desk (never the owner as such) assigns and unassigns active tickets. */
export function canAssignTicket(viewer: TicketViewer, ticket: TicketAccessShape): boolean {
  return isStaff(viewer) && isTicketDesk(viewer, ticket.department) && ticket.status !== 'closed';
}

/** Who may be assigned: an active staff member on the ticket's desk. */
export function canBeAssignee(
  user: Pick<TicketViewer, 'user_type'> & { is_active: boolean },
  department: TUserType,
): boolean {
  return user.is_active && isStaff(user) && isTicketDesk(user, department);
}

/** Only the desk writes internal notes and sees them (never the owner as such). */
export function canSeeInternalNotes(
  viewer: TicketViewer,
  ticket: Pick<TicketAccessShape, 'user' | 'department'>,
): boolean {
  return isStaff(viewer) && isTicketDesk(viewer, ticket.department);
}

/** The desk changes a ticket's priority while it is active. */
export function canSetTicketPriority(viewer: TicketViewer, ticket: TicketAccessShape): boolean {
  return canAssignTicket(viewer, ticket);
}

/** A desk's managers: managers on that desk (is_manager), and ADMIN. */
export function isDeskManager(
  viewer: Pick<TicketViewer, 'user_type'> & { is_manager: boolean },
  department: TUserType,
): boolean {
  return isTicketDesk(viewer, department) && (viewer.is_manager || viewer.user_type === 'ADMIN');
}

/** SLA targets are set by the desk's managers; every desk member reads them. */
export function canSetSlaTargets(
  viewer: Pick<TicketViewer, 'user_type'> & { is_manager: boolean },
  department: TUserType,
): boolean {
  return isDeskManager(viewer, department);
}

/** Any desk member adds canned replies; their author or a desk manager edits or removes one. */
export function canEditCannedReply(
  viewer: TicketViewer & { is_manager: boolean },
  reply: { department: TUserType; created_by: { id: number } | null },
): boolean {
  return (
    isTicketDesk(viewer, reply.department) &&
    (reply.created_by?.id === viewer.id || isDeskManager(viewer, reply.department))
  );
}
