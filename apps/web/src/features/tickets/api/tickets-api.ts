import {
  ZActiveTicketList,
  ZDeskMembers,
  ZTicket,
  ZTicketHistoryPage,
  ZTicketStats,
  type TActiveTicketsQuery,
  type TCreateTicketRequest,
  type TTicket,
  type TTicketDepartment,
  type TTicketUser,
  type TTicketHistoryPage,
  type TTicketHistoryQuery,
  type TTicketReply,
  type TTicketStats,
  type TTicketStatsQuery,
  type TTicketStatus,
  type TUpdateTicketRequest,
} from '@portal/contracts';
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api } from '../../../lib/api/api';
import type { AppThunkDispatch } from '../../../lib/store-hooks';

/** An answer: a reply, a status and/or an assignee (a desk member's id, or null). */
export type TicketAnswer = Omit<TUpdateTicketRequest, 'assignee'> & { assignee?: number | null };

export interface ActiveTicketsPage {
  tickets: TTicket[];
  /** All matching tickets (the list is cut at the query's limit). */
  total: number;
}

/**
 * JSON when there are no files; multipart with the same fields as text parts plus the
 * files otherwise (the server validates both with the same contract schema).
 */
function body(
  fields: Record<string, string | number | boolean | null | undefined>,
  files: readonly File[] = [],
): FormData | object {
  const present = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  if (files.length === 0) return present;
  const form = new FormData();
  for (const [key, value] of Object.entries(present)) if (value !== null) form.append(key, String(value));
  for (const file of files) form.append('attachments', file, file.name);
  return form;
}

/** The feature's own cache tags: 'Ticket' (a thread), 'TicketList' (lists, history), 'TicketStats'. */
const ticketsTaggedApi = api.enhanceEndpoints({ addTagTypes: ['Ticket', 'TicketList', 'TicketStats'] });

/** Support tickets: the owner's and the desk's endpoints. */
export const ticketsApi = ticketsTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    activeTickets: build.query<ActiveTicketsPage, TActiveTicketsQuery>({
      query: (params) => ({ url: 'user/active-tickets/', params }),
      transformResponse: (raw: unknown, meta) => {
        const tickets = ZActiveTicketList.parse(raw);
        const header = (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('x-total-count');
        return { tickets, total: header ? Number(header) : tickets.length };
      },
      providesTags: ['TicketList'],
    }),
    ticketDetail: build.query<TTicket, number>({
      query: (id) => `user/ticket_detail/${id}/`,
      responseSchema: ZTicket,
      providesTags: (_r, _e, id) => [{ type: 'Ticket', id }],
    }),
    createTicket: build.mutation<TTicket, { fields: TCreateTicketRequest; files?: File[] }>({
      query: ({ fields, files }) => ({
        url: 'user/create_ticket/',
        method: 'POST',
        body: body({ ...fields }, files),
      }),
      responseSchema: ZTicket,
      invalidatesTags: ['TicketList', 'TicketStats'],
    }),
    answerTicket: build.mutation<TTicket, { id: number; fields: TicketAnswer; files?: File[] }>({
      query: ({ id, fields, files }) => ({
        url: `user/active-tickets/${id}/`,
        method: 'PUT',
        body: body({ ...fields }, files),
      }),
      responseSchema: ZTicket,
      // The answer is the whole ticket: put it straight into the thread's cache.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(ticketsApi.util.upsertQueryData('ticketDetail', id, data));
      },
      invalidatesTags: (result) => (result ? ['TicketList', 'TicketStats'] : []),
    }),
    ticketHistory: build.query<TTicketHistoryPage, TTicketHistoryQuery>({
      query: (params) => ({ url: 'user/ticket-history/', params }),
      responseSchema: ZTicketHistoryPage,
      providesTags: ['TicketList'],
    }),
    deskMembers: build.query<TTicketUser[], TTicketDepartment>({
      query: (department) => ({ url: 'user/ticket-desk-members/', params: { department } }),
      responseSchema: ZDeskMembers,
    }),
    ticketStats: build.query<TTicketStats, TTicketStatsQuery>({
      query: (params) => ({ url: 'user/ticket-stats/', params }),
      responseSchema: ZTicketStats,
      providesTags: ['TicketStats'],
    }),
  }),
});

export const {
  useActiveTicketsQuery,
  useTicketDetailQuery,
  useCreateTicketMutation,
  useAnswerTicketMutation,
  useTicketHistoryQuery,
  useTicketStatsQuery,
  useDeskMembersQuery,
} = ticketsApi;

/**
 * A live update (a reply and/or a status) applied to the open thread's cache. Replies
 * already in the thread (our own, answered by the PUT) are not added twice.
 */
export function applyTicketUpdate(
  dispatch: AppThunkDispatch,
  update: { ticket: number; data: TTicketReply | null; status: TTicketStatus },
) {
  let statusChanged = false;
  dispatch(
    ticketsApi.util.updateQueryData('ticketDetail', update.ticket, (draft) => {
      statusChanged = draft.status !== update.status;
      draft.status = update.status;
      const reply = update.data;
      if (reply && !draft.ticket_reply.some((r) => r.id === reply.id)) {
        draft.ticket_reply.push(reply);
        draft.updated_at = reply.created_at;
      }
    }),
  );
  // Lists, counts and statistics follow from the server (filters decide membership);
  // a new status also moves times the frame does not carry (closed_at, reopen_until), and
  // a frame without a reply or status change says something else changed (the assignee).
  dispatch(
    ticketsApi.util.invalidateTags([
      'TicketList',
      'TicketStats',
      ...(statusChanged || !update.data ? [{ type: 'Ticket' as const, id: update.ticket }] : []),
    ]),
  );
}
