import {
  canSeeInternalNotes,
  canSeeTicket,
  isStaff,
  isTicketDesk,
  STAFF_DEPARTMENTS,
  TICKET_SORT_DIRECTION,
  ticketDeskTypes,
  ZActiveTicketsQuery,
  ZDeskMembersQuery,
  ZTicketHistoryQuery,
  type TActiveTicketsQuery,
  type TDeskMembersQuery,
  type TicketViewer,
  type TTicket,
  type TTicketDepartment,
  type TTicketHistoryQuery,
  type TTicketRequester,
  type TTicketUser,
} from '@portal/contracts';
import type { Database } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import type { AppContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { readStoredFile } from '../../lib/files/index.js';
import { accessShape, presentSummary, presentTicket } from './tickets.presenter.js';
import * as repo from './tickets.repository.js';

/** The staff departments whose desk `user` is on. */
export function deskDepartments(user: TicketViewer): TTicketDepartment[] {
  return STAFF_DEPARTMENTS.filter((d) => isTicketDesk(user, d));
}

/**
 * The departments whose tickets' internal notes `user` sees (canSeeInternalNotes: the
 * rule looks at the ticket's department, whoever owns it).
 */
export function noteDepartments(user: TicketViewer): repo.NoteReader {
  return STAFF_DEPARTMENTS.filter((department) => canSeeInternalNotes(user, { user: { id: user.id }, department }));
}

/** The ticket with its thread, as a reader who sees the notes of `notes`' departments sees it. */
export async function loadTicket(db: Database, id: number, notes: repo.NoteReader): Promise<TTicket | undefined> {
  const row = await repo.findThread(db, id, notes);
  return row ? presentTicket(row) : undefined;
}

const visibility = (user: UserRow, scope: repo.Visibility['scope']): repo.Visibility => ({
  viewerId: user.id,
  deskDepartments: deskDepartments(user),
  notes: noteDepartments(user),
  scope,
});

/** The ticket, or 404 when it does not exist or the caller may not see it (never a hint). */
export async function visibleTicket(db: Database, user: UserRow, id: number): Promise<repo.TicketRow> {
  const row = await repo.findTicket(db, id);
  if (!row || !canSeeTicket(user, accessShape(row))) throw notFound('ticketNotFound');
  return row;
}

export async function listActiveTickets(ctx: AppContext, user: UserRow, query: TActiveTicketsQuery) {
  const q = ZActiveTicketsQuery.parse(query);
  const { rows, total } = await repo.listActive(
    ctx.db,
    visibility(user, q.scope),
    {
      status: q.status,
      department: q.department,
      priority: q.priority,
      search: q.search || undefined,
      assignee: q.assignee === 'me' ? user.id : q.assignee === 'none' ? null : undefined,
    },
    { sort: q.sort, reversed: q.dir !== undefined && q.dir !== TICKET_SORT_DIRECTION[q.sort] },
    q.limit,
  );
  return { tickets: rows.map(presentTicket), total };
}

export async function getTicket(ctx: AppContext, user: UserRow, id: number): Promise<TTicket> {
  const row = await repo.findThread(ctx.db, id, noteDepartments(user));
  if (!row || !canSeeTicket(user, accessShape(row))) throw notFound('ticketNotFound');
  return presentTicket(row);
}

export async function ticketHistory(ctx: AppContext, user: UserRow, query: TTicketHistoryQuery) {
  const q = ZTicketHistoryQuery.parse(query);
  const { rows, count } = await repo.historyPage(
    ctx.db,
    visibility(user, q.scope),
    { department: q.department, priority: q.priority, search: q.search || undefined },
    q.page_size,
    (q.page - 1) * q.page_size,
  );
  return { results: rows.map(presentSummary), count, page: q.page, pageSize: q.page_size };
}

export async function getAttachment(ctx: AppContext, user: UserRow, id: number) {
  const a = await repo.findAttachment(ctx.db, id);
  const ticket = a && { user: { id: a.owner_id }, department: a.department };
  // A note's files exist only for those who see the note.
  if (!ticket || !canSeeTicket(user, ticket) || (a.internal && !canSeeInternalNotes(user, ticket))) {
    throw notFound('attachmentNotFound');
  }
  const file = await readStoredFile(ctx.db, a.file_id);
  if (!file) throw notFound('attachmentNotFound');
  return file;
}

/**
 * Who may take a department's tickets (the assignment picker). Only for that desk: to
 * anyone else the list does not exist (404), like the tickets themselves.
 */
export async function deskMembers(ctx: AppContext, user: UserRow, query: TDeskMembersQuery): Promise<TTicketUser[]> {
  const { department } = ZDeskMembersQuery.parse(query);
  if (!isTicketDesk(user, department)) throw notFound('deskNotFound');
  return repo.activeUsersOfTypes(ctx.db, ticketDeskTypes(department));
}

/** How many of a requester's tickets the panel lists. */
const REQUESTER_OPEN_MAX = 20;
const REQUESTER_RECENT_MAX = 5;

/**
 * The requester panel: who raised the ticket and their other tickets, for the ticket's
 * desk only (to its owner as such, and anyone else, it does not exist: 404). Only tickets
 * of the desks the caller is on: the panel never reveals another desk's work.
 */
export async function ticketRequester(ctx: AppContext, user: UserRow, id: number): Promise<TTicketRequester> {
  const row = await repo.findTicket(ctx.db, id);
  if (!row || !isStaff(user) || !isTicketDesk(user, row.department)) throw notFound('ticketNotFound');
  const [person, theirs] = await Promise.all([
    repo.findRequester(ctx.db, row.owner_id),
    repo.requesterTickets(ctx.db, row.owner_id, deskDepartments(user), row.id, {
      open: REQUESTER_OPEN_MAX,
      recent: REQUESTER_RECENT_MAX,
    }),
  ]);
  if (!person) throw notFound('ticketNotFound');
  const { email, phone, is_active, user_type, ...name } = person;
  return {
    user: { ...name, user_type, email, phone, is_active, department: user_type },
    open: theirs.open.map(presentSummary),
    recent: theirs.recent.map(presentSummary),
    total: theirs.total,
  };
}
