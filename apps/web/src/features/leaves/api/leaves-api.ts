import {
  leaveEndpoints,
  type TBalancesQuery,
  type TBulkLeaveDecisionRequest,
  type TCalendarQuery,
  type TCreateLeaveRequest,
  type THolidayRequest,
  type TLeaveCancelRequest,
  type TLeaveDecisionRequest,
  type TLeaveInboxQuery,
  type TLeaveSettings,
  type TLeaveTypeRequest,
  type TMyLeavesQuery,
} from '@portal/contracts';
import { api } from '../../../lib/api/api';
import { fromContract } from '../../../lib/api/endpoint';

/**
 * Leave requests. Own tags: 'Leave' (one request), 'LeaveList' (mine, inbox),
 * 'LeaveBalance', 'LeaveCalendar' (calendar and coverage), 'LeaveSettings' (types,
 * holidays, working week). A change to a request refreshes lists, balances and calendar.
 */
const leavesTaggedApi = api.enhanceEndpoints({
  addTagTypes: ['Leave', 'LeaveList', 'LeaveBalance', 'LeaveCalendar', 'LeaveSettings'],
});

/** JSON without files; multipart with the same fields as text parts plus the files. */
function leaveBody(fields: TCreateLeaveRequest, files: readonly File[] = []): FormData | TCreateLeaveRequest {
  const present = Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined && v !== ''),
  ) as TCreateLeaveRequest;
  if (files.length === 0) return present;
  const form = new FormData();
  for (const [key, value] of Object.entries(present)) form.append(key, String(value));
  for (const file of files) form.append('attachments', file, file.name);
  return form;
}

const requestChanged = (id: number) => [
  { type: 'Leave' as const, id },
  'LeaveList' as const,
  'LeaveBalance' as const,
  'LeaveCalendar' as const,
];

const L = leaveEndpoints;

export const leavesApi = leavesTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    leaveTypes: build.query({
      ...fromContract(L.listLeaveTypes, (_: void) => ({})),
      providesTags: ['LeaveSettings'],
    }),
    createLeaveType: build.mutation({
      ...fromContract(L.createLeaveType, (body: TLeaveTypeRequest) => ({ body })),
      invalidatesTags: (r) => (r ? ['LeaveSettings', 'LeaveBalance'] : []),
    }),
    updateLeaveType: build.mutation({
      ...fromContract(L.updateLeaveType, ({ id, body }: { id: number; body: TLeaveTypeRequest }) => ({
        params: { id },
        body,
      })),
      invalidatesTags: (r) => (r ? ['LeaveSettings', 'LeaveBalance'] : []),
    }),
    holidays: build.query({
      ...fromContract(L.listHolidays, (query: { year?: number }) => ({ query })),
      providesTags: ['LeaveSettings'],
    }),
    createHoliday: build.mutation({
      ...fromContract(L.createHoliday, (body: THolidayRequest) => ({ body })),
      invalidatesTags: (r) => (r ? ['LeaveSettings', 'LeaveCalendar'] : []),
    }),
    deleteHoliday: build.mutation({
      ...fromContract(L.deleteHoliday, (id: number) => ({ params: { id } })),
      invalidatesTags: (_r, error) => (error ? [] : ['LeaveSettings', 'LeaveCalendar']),
    }),
    leaveSettings: build.query({
      ...fromContract(L.getLeaveSettings, (_: void) => ({})),
      providesTags: ['LeaveSettings'],
    }),
    updateLeaveSettings: build.mutation({
      ...fromContract(L.updateLeaveSettings, (body: TLeaveSettings) => ({ body })),
      invalidatesTags: (r) => (r ? ['LeaveSettings', 'LeaveCalendar'] : []),
    }),
    leaveBalances: build.query({
      ...fromContract(L.getLeaveBalances, (query: TBalancesQuery) => ({ query })),
      providesTags: ['LeaveBalance'],
    }),
    leaveQuote: build.mutation({
      ...fromContract(L.quoteLeave, (body: TCreateLeaveRequest) => ({ body })),
    }),
    createLeave: build.mutation({
      ...fromContract(L.createLeave, ({ fields, files }: { fields: TCreateLeaveRequest; files?: File[] }) => ({
        body: leaveBody(fields, files),
      })),
      invalidatesTags: (r) => (r ? ['LeaveList', 'LeaveBalance', 'LeaveCalendar'] : []),
    }),
    myLeaves: build.query({
      ...fromContract(L.listMyLeaves, (query: TMyLeavesQuery) => ({ query })),
      providesTags: ['LeaveList'],
    }),
    leaveInbox: build.query({
      ...fromContract(L.listLeaveInbox, (query: TLeaveInboxQuery | void) => ({ query: query ?? {} })),
      providesTags: ['LeaveList'],
    }),
    decideLeaves: build.mutation({
      ...fromContract(L.decideLeaves, (body: TBulkLeaveDecisionRequest) => ({ body })),
      // Refused ones may have changed too (decided elsewhere meanwhile): re-read them all.
      invalidatesTags: (r, _e, { ids }) => (r ? ids.flatMap(requestChanged) : []),
    }),
    leave: build.query({
      ...fromContract(L.getLeave, (id: number) => ({ params: { id } })),
      providesTags: (_r, _e, id) => [{ type: 'Leave', id }],
    }),
    leaveCoverage: build.query({
      ...fromContract(L.getLeaveCoverage, (id: number) => ({ params: { id } })),
      providesTags: ['LeaveCalendar'],
    }),
    decideLeave: build.mutation({
      ...fromContract(L.decideLeave, ({ id, body }: { id: number; body: TLeaveDecisionRequest }) => ({
        params: { id },
        body,
      })),
      invalidatesTags: (r, _e, { id }) => (r ? requestChanged(id) : []),
    }),
    cancelLeave: build.mutation({
      ...fromContract(L.cancelLeave, ({ id, body }: { id: number; body?: TLeaveCancelRequest }) => ({
        params: { id },
        body: body ?? {},
      })),
      invalidatesTags: (r, _e, { id }) => (r ? requestChanged(id) : []),
    }),
    revokeLeave: build.mutation({
      ...fromContract(L.revokeLeave, ({ id, body }: { id: number; body?: TLeaveCancelRequest }) => ({
        params: { id },
        body: body ?? {},
      })),
      invalidatesTags: (r, _e, { id }) => (r ? requestChanged(id) : []),
    }),
    leaveCalendar: build.query({
      ...fromContract(L.getTeamCalendar, (query: TCalendarQuery) => ({ query })),
      providesTags: ['LeaveCalendar'],
    }),
  }),
});

export const {
  useLeaveTypesQuery,
  useCreateLeaveTypeMutation,
  useUpdateLeaveTypeMutation,
  useHolidaysQuery,
  useCreateHolidayMutation,
  useDeleteHolidayMutation,
  useLeaveSettingsQuery,
  useUpdateLeaveSettingsMutation,
  useLeaveBalancesQuery,
  useLeaveQuoteMutation,
  useCreateLeaveMutation,
  useMyLeavesQuery,
  useLeaveInboxQuery,
  useDecideLeavesMutation,
  useLeaveQuery,
  useLeaveCoverageQuery,
  useDecideLeaveMutation,
  useCancelLeaveMutation,
  useRevokeLeaveMutation,
  useLeaveCalendarQuery,
} = leavesApi;
