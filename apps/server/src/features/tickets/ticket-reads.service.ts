import {
  canSeeTicket,
  isTicketDesk,
  STAFF_DEPARTMENTS,
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

/** The ticket with its thread, as clients see it. */
export async function loadTicket(db: Database, id: number): Promise<TTicket | undefined> {
  const row = await repo.findThread(db, id);
  return row ? presentTicket(row) : undefined;
}

/** The ticket, or 404 when it does not exist or the caller may not see it (never a hint). */
export async function visibleTicket(db: Database, user: UserRow, id: number): Promise<repo.TicketRow> {
  const row = await repo.findTicket(db, id);
  if (!row || !canSeeTicket(user, accessShape(row))) throw notFound('Ticket not found.');
  return row;
}

export async function listActiveTickets(ctx: AppContext, user: UserRow, query: TActiveTicketsQuery) {
  const q = ZActiveTicketsQuery.parse(query);
  const { rows, total } = await repo.listActive(
    ctx.db,
    { viewerId: user.id, deskDepartments: deskDepartments(user), scope: q.scope },
    {
      status: q.status,
      department: q.department,
      priority: q.priority,
      search: q.search || undefined,
      assignee: q.assignee === 'me' ? user.id : q.assignee === 'none' ? null : undefined,
    },
    q.limit,
  );
  return { tickets: rows.map(presentTicket), total };
}

export async function getTicket(ctx: AppContext, user: UserRow, id: number): Promise<TTicket> {
  const row = await repo.findThread(ctx.db, id);
  if (!row || !canSeeTicket(user, accessShape(row))) throw notFound('Ticket not found.');
  return presentTicket(row);
}

export async function ticketHistory(ctx: AppContext, user: UserRow, query: TTicketHistoryQuery) {
  const q = ZTicketHistoryQuery.parse(query);
  const { rows, count } = await repo.historyPage(
    ctx.db,
    { viewerId: user.id, deskDepartments: deskDepartments(user), scope: q.scope },
    { department: q.department, priority: q.priority, search: q.search || undefined },
    q.page_size,
    (q.page - 1) * q.page_size,
  );
  return { results: rows.map(presentSummary), count, page: q.page, pageSize: q.page_size };
}

export async function getAttachment(ctx: AppContext, user: UserRow, id: number) {
  const a = await repo.findAttachment(ctx.db, id);
  if (!a || !canSeeTicket(user, { user: { id: a.owner_id }, department: a.department })) {
    throw notFound('Attachment not found.');
  }
  const file = await readStoredFile(ctx.db, a.file_id);
  if (!file) throw notFound('Attachment not found.');
  return file;
}

/**
 * Who may take a department's tickets (the assignment picker). Only for that desk: to
 * anyone else the list does not exist (404), like the tickets themselves.
 */
export async function deskMembers(ctx: AppContext, user: UserRow, query: TDeskMembersQuery): Promise<TTicketUser[]> {
  const { department } = ZDeskMembersQuery.parse(query);
  if (!isTicketDesk(user, department)) throw notFound('Desk not found.');
  return repo.activeUsersOfTypes(ctx.db, ticketDeskTypes(department));
}
