import {
  ticketEndpoints,
  type TActiveTicketsQuery,
  type TCreateTicketRequest,
  type TTicket,
  type TTicketDepartment,
  type TTicketHistoryQuery,
  type TTicketReply,
  type TTicketStatsQuery,
  type TTicketStatus,
  type TUpdateTicketRequest,
} from '@portal/contracts';
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api } from '../../../lib/api/api';
import { contractRequest, fromContract } from '../../../lib/api/endpoint';
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
function body<F extends object>(fields: F, files: readonly File[] = []): FormData | F {
  const present = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as F;
  if (files.length === 0) return present;
  const form = new FormData();
  for (const [key, value] of Object.entries(present)) if (value !== null) form.append(key, String(value));
  for (const file of files) form.append('attachments', file, file.name);
  return form;
}

/** The feature's own cache tags: 'Ticket' (a thread), 'TicketList' (lists, history), 'TicketStats'. */
const ticketsTaggedApi = api.enhanceEndpoints({ addTagTypes: ['Ticket', 'TicketList', 'TicketStats'] });

const T = ticketEndpoints;

/** Support tickets: the owner's and the desk's endpoints. */
export const ticketsApi = ticketsTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    activeTickets: build.query<ActiveTicketsPage, TActiveTicketsQuery>({
      query: (query) => contractRequest(T.listActiveTickets, { query }),
      // The list, and the number of all matching tickets from its header.
      transformResponse: (raw: unknown, meta) => {
        const tickets = T.listActiveTickets.responses[200].parse(raw);
        const header = (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('x-total-count');
        return { tickets, total: header ? Number(header) : tickets.length };
      },
      providesTags: ['TicketList'],
    }),
    ticketDetail: build.query({
      ...fromContract(T.getTicket, (id: number) => ({ params: { id } })),
      providesTags: (_r, _e, id) => [{ type: 'Ticket', id }],
    }),
    createTicket: build.mutation({
      ...fromContract(T.createTicket, ({ fields, files }: { fields: TCreateTicketRequest; files?: File[] }) => ({
        body: body(fields, files),
      })),
      invalidatesTags: ['TicketList', 'TicketStats'],
    }),
    answerTicket: build.mutation({
      ...fromContract(
        T.updateTicket,
        ({ id, fields, files }: { id: number; fields: TicketAnswer; files?: File[] }) => ({
          params: { ticket: id },
          body: body(fields, files),
        }),
      ),
      // The answer is the whole ticket: put it straight into the thread's cache.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(ticketsApi.util.upsertQueryData('ticketDetail', id, data));
      },
      invalidatesTags: (result) => (result ? ['TicketList', 'TicketStats'] : []),
    }),
    ticketHistory: build.query({
      ...fromContract(T.listTicketHistory, (query: TTicketHistoryQuery) => ({ query })),
      providesTags: ['TicketList'],
    }),
    deskMembers: build.query({
      ...fromContract(T.listDeskMembers, (department: TTicketDepartment) => ({ query: { department } })),
    }),
    ticketStats: build.query({
      ...fromContract(T.getTicketStats, (query: TTicketStatsQuery) => ({ query })),
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
