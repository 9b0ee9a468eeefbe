import {
  ZActiveTicketList,
  ZCannedReply,
  ZCannedReplyList,
  ZSlaTargets,
  ZTicketRequester,
  type TBulkTicketsRequest,
  type TCannedRepliesQuery,
  type TCannedReply,
  type TCannedReplyRequest,
  type TSlaTargets,
  type TSlaTargetsRequest,
  type TTicket,
  type TTicketDepartment,
  type TTicketRequester,
} from '@portal/contracts';
import { ticketsApi } from './tickets-api';

/**
 * The desk's tools around tickets: canned replies, SLA targets, bulk changes,
 * the requester panel. Own tags ('CannedReplies', 'SlaTargets', 'TicketRequester'); a
 * bulk change or new targets also refresh the tickets feature's lists and threads.
 */
export const helpDeskApi = ticketsApi
  .enhanceEndpoints({ addTagTypes: ['CannedReplies', 'SlaTargets', 'TicketRequester'] })
  .injectEndpoints({
    endpoints: (build) => ({
      cannedReplies: build.query<TCannedReply[], TCannedRepliesQuery>({
        query: (params) => ({ url: 'user/canned-replies/', params }),
        responseSchema: ZCannedReplyList,
        providesTags: ['CannedReplies'],
      }),
      createCannedReply: build.mutation<TCannedReply, TCannedReplyRequest>({
        query: (body) => ({ url: 'user/canned-replies/', method: 'POST', body }),
        responseSchema: ZCannedReply,
        invalidatesTags: (r) => (r ? ['CannedReplies'] : []),
      }),
      updateCannedReply: build.mutation<TCannedReply, { id: number; body: TCannedReplyRequest }>({
        query: ({ id, body }) => ({ url: `user/canned-replies/${id}/`, method: 'PUT', body }),
        responseSchema: ZCannedReply,
        invalidatesTags: (r) => (r ? ['CannedReplies'] : []),
      }),
      deleteCannedReply: build.mutation<void, number>({
        query: (id) => ({ url: `user/canned-replies/${id}/`, method: 'DELETE' }),
        invalidatesTags: (_r, error) => (error ? [] : ['CannedReplies']),
      }),
      slaTargets: build.query<TSlaTargets, TTicketDepartment>({
        query: (department) => ({ url: 'user/ticket-sla/', params: { department } }),
        responseSchema: ZSlaTargets,
        providesTags: ['SlaTargets'],
      }),
      setSlaTargets: build.mutation<TSlaTargets, TSlaTargetsRequest>({
        query: (body) => ({ url: 'user/ticket-sla/', method: 'PUT', body }),
        responseSchema: ZSlaTargets,
        // Due times of every ticket of that desk follow from the targets.
        invalidatesTags: (r) => (r ? ['SlaTargets', 'TicketList', 'Ticket'] : []),
      }),
      bulkUpdateTickets: build.mutation<TTicket[], TBulkTicketsRequest>({
        query: (body) => ({ url: 'user/tickets/bulk/', method: 'POST', body }),
        responseSchema: ZActiveTicketList,
        invalidatesTags: (r) =>
          r ? ['TicketList', 'TicketStats', 'TicketRequester', ...r.map((t) => ({ type: 'Ticket' as const, id: t.id }))] : [],
      }),
      ticketRequester: build.query<TTicketRequester, number>({
        query: (ticket) => ({ url: `user/ticket-requester/${ticket}/` }),
        responseSchema: ZTicketRequester,
        providesTags: (_r, _e, ticket) => [{ type: 'TicketRequester', id: ticket }, 'TicketRequester'],
      }),
    }),
  });

export const {
  useCannedRepliesQuery,
  useCreateCannedReplyMutation,
  useUpdateCannedReplyMutation,
  useDeleteCannedReplyMutation,
  useSlaTargetsQuery,
  useSetSlaTargetsMutation,
  useBulkUpdateTicketsMutation,
  useTicketRequesterQuery,
} = helpDeskApi;
