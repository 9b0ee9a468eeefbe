import {
  helpDeskEndpoints,
  ticketEndpoints,
  type TBulkTicketsRequest,
  type TCannedRepliesQuery,
  type TCannedReplyRequest,
  type TSlaTargetsRequest,
  type TTicketDepartment,
} from '@portal/contracts';
import { fromContract } from '../../../lib/api/endpoint';
import { ticketsApi } from './tickets-api';

const H = helpDeskEndpoints;
const T = ticketEndpoints;

/**
 * The desk's tools around tickets: canned replies, SLA targets, bulk changes,
 * the requester panel. Own tags ('CannedReplies', 'SlaTargets', 'TicketRequester'); a
 * bulk change or new targets also refresh the tickets feature's lists and threads.
 */
export const helpDeskApi = ticketsApi
  .enhanceEndpoints({ addTagTypes: ['CannedReplies', 'SlaTargets', 'TicketRequester'] })
  .injectEndpoints({
    endpoints: (build) => ({
      cannedReplies: build.query({
        ...fromContract(H.listCannedReplies, (query: TCannedRepliesQuery) => ({ query })),
        providesTags: ['CannedReplies'],
      }),
      createCannedReply: build.mutation({
        ...fromContract(H.createCannedReply, (body: TCannedReplyRequest) => ({ body })),
        invalidatesTags: (r) => (r ? ['CannedReplies'] : []),
      }),
      updateCannedReply: build.mutation({
        ...fromContract(H.updateCannedReply, ({ id, body }: { id: number; body: TCannedReplyRequest }) => ({
          params: { id },
          body,
        })),
        invalidatesTags: (r) => (r ? ['CannedReplies'] : []),
      }),
      deleteCannedReply: build.mutation({
        ...fromContract(H.deleteCannedReply, (id: number) => ({ params: { id } })),
        invalidatesTags: (_r, error) => (error ? [] : ['CannedReplies']),
      }),
      slaTargets: build.query({
        ...fromContract(H.getSlaTargets, (department: TTicketDepartment) => ({ query: { department } })),
        providesTags: ['SlaTargets'],
      }),
      setSlaTargets: build.mutation({
        ...fromContract(H.setSlaTargets, (body: TSlaTargetsRequest) => ({ body })),
        // Due times of every ticket of that desk follow from the targets.
        invalidatesTags: (r) => (r ? ['SlaTargets', 'TicketList', 'Ticket'] : []),
      }),
      bulkUpdateTickets: build.mutation({
        ...fromContract(T.bulkUpdateTickets, (body: TBulkTicketsRequest) => ({ body })),
        invalidatesTags: (r) =>
          r
            ? ['TicketList', 'TicketStats', 'TicketRequester', ...r.map((t) => ({ type: 'Ticket' as const, id: t.id }))]
            : [],
      }),
      ticketRequester: build.query({
        ...fromContract(T.getTicketRequester, (ticket: number) => ({ params: { ticket } })),
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
