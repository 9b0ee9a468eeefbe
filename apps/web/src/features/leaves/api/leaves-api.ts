import {
  ZCalendar,
  ZHoliday,
  ZHolidayList,
  ZLeaveBalances,
  ZLeaveCoverage,
  ZLeaveQuote,
  ZLeaveRequest,
  ZLeaveRequestList,
  ZLeaveSettings,
  ZLeaveType,
  ZLeaveTypeList,
  type TBalancesQuery,
  type TCalendar,
  type TCalendarQuery,
  type TCreateLeaveRequest,
  type THoliday,
  type THolidayRequest,
  type TLeaveBalances,
  type TLeaveCancelRequest,
  type TLeaveCoverage,
  type TLeaveDecisionRequest,
  type TLeaveQuote,
  type TLeaveRequest,
  type TLeaveSettings,
  type TLeaveType,
  type TLeaveTypeRequest,
  type TMyLeavesQuery,
} from '@portal/contracts';
import { api } from '../../../lib/api/api';

/**
 * Leave requests. Own tags: 'Leave' (one request), 'LeaveList' (mine, inbox),
 * 'LeaveBalance', 'LeaveCalendar' (calendar and coverage), 'LeaveSettings' (types,
 * holidays, working week). A change to a request refreshes lists, balances and calendar.
 */
const leavesTaggedApi = api.enhanceEndpoints({
  addTagTypes: ['Leave', 'LeaveList', 'LeaveBalance', 'LeaveCalendar', 'LeaveSettings'],
});

/** JSON without files; multipart with the same fields as text parts plus the files. */
function leaveBody(fields: TCreateLeaveRequest, files: readonly File[] = []): FormData | object {
  const present = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== ''));
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

export const leavesApi = leavesTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    leaveTypes: build.query<TLeaveType[], void>({
      query: () => 'leaves/types/',
      responseSchema: ZLeaveTypeList,
      providesTags: ['LeaveSettings'],
    }),
    createLeaveType: build.mutation<TLeaveType, TLeaveTypeRequest>({
      query: (body) => ({ url: 'leaves/types/', method: 'POST', body }),
      responseSchema: ZLeaveType,
      invalidatesTags: (r) => (r ? ['LeaveSettings', 'LeaveBalance'] : []),
    }),
    updateLeaveType: build.mutation<TLeaveType, { id: number; body: TLeaveTypeRequest }>({
      query: ({ id, body }) => ({ url: `leaves/types/${id}/`, method: 'PUT', body }),
      responseSchema: ZLeaveType,
      invalidatesTags: (r) => (r ? ['LeaveSettings', 'LeaveBalance'] : []),
    }),
    holidays: build.query<THoliday[], { year?: number }>({
      query: (params) => ({ url: 'leaves/holidays/', params }),
      responseSchema: ZHolidayList,
      providesTags: ['LeaveSettings'],
    }),
    createHoliday: build.mutation<THoliday, THolidayRequest>({
      query: (body) => ({ url: 'leaves/holidays/', method: 'POST', body }),
      responseSchema: ZHoliday,
      invalidatesTags: (r) => (r ? ['LeaveSettings', 'LeaveCalendar'] : []),
    }),
    deleteHoliday: build.mutation<void, number>({
      query: (id) => ({ url: `leaves/holidays/${id}/`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : ['LeaveSettings', 'LeaveCalendar']),
    }),
    leaveSettings: build.query<TLeaveSettings, void>({
      query: () => 'leaves/settings/',
      responseSchema: ZLeaveSettings,
      providesTags: ['LeaveSettings'],
    }),
    updateLeaveSettings: build.mutation<TLeaveSettings, TLeaveSettings>({
      query: (body) => ({ url: 'leaves/settings/', method: 'PUT', body }),
      responseSchema: ZLeaveSettings,
      invalidatesTags: (r) => (r ? ['LeaveSettings', 'LeaveCalendar'] : []),
    }),
    leaveBalances: build.query<TLeaveBalances, TBalancesQuery>({
      query: (params) => ({ url: 'leaves/balances/', params }),
      responseSchema: ZLeaveBalances,
      providesTags: ['LeaveBalance'],
    }),
    leaveQuote: build.mutation<TLeaveQuote, TCreateLeaveRequest>({
      query: (body) => ({ url: 'leaves/quote/', method: 'POST', body }),
      responseSchema: ZLeaveQuote,
    }),
    createLeave: build.mutation<TLeaveRequest, { fields: TCreateLeaveRequest; files?: File[] }>({
      query: ({ fields, files }) => ({ url: 'leaves/', method: 'POST', body: leaveBody(fields, files) }),
      responseSchema: ZLeaveRequest,
      invalidatesTags: (r) => (r ? ['LeaveList', 'LeaveBalance', 'LeaveCalendar'] : []),
    }),
    myLeaves: build.query<TLeaveRequest[], TMyLeavesQuery>({
      query: (params) => ({ url: 'leaves/mine/', params }),
      responseSchema: ZLeaveRequestList,
      providesTags: ['LeaveList'],
    }),
    leaveInbox: build.query<TLeaveRequest[], void>({
      query: () => 'leaves/inbox/',
      responseSchema: ZLeaveRequestList,
      providesTags: ['LeaveList'],
    }),
    leave: build.query<TLeaveRequest, number>({
      query: (id) => `leaves/${id}/`,
      responseSchema: ZLeaveRequest,
      providesTags: (_r, _e, id) => [{ type: 'Leave', id }],
    }),
    leaveCoverage: build.query<TLeaveCoverage, number>({
      query: (id) => `leaves/${id}/coverage/`,
      responseSchema: ZLeaveCoverage,
      providesTags: ['LeaveCalendar'],
    }),
    decideLeave: build.mutation<TLeaveRequest, { id: number; body: TLeaveDecisionRequest }>({
      query: ({ id, body }) => ({ url: `leaves/${id}/decision/`, method: 'POST', body }),
      responseSchema: ZLeaveRequest,
      invalidatesTags: (r, _e, { id }) => (r ? requestChanged(id) : []),
    }),
    cancelLeave: build.mutation<TLeaveRequest, { id: number; body?: TLeaveCancelRequest }>({
      query: ({ id, body }) => ({ url: `leaves/${id}/cancel/`, method: 'POST', body: body ?? {} }),
      responseSchema: ZLeaveRequest,
      invalidatesTags: (r, _e, { id }) => (r ? requestChanged(id) : []),
    }),
    revokeLeave: build.mutation<TLeaveRequest, { id: number; body?: TLeaveCancelRequest }>({
      query: ({ id, body }) => ({ url: `leaves/${id}/revoke/`, method: 'POST', body: body ?? {} }),
      responseSchema: ZLeaveRequest,
      invalidatesTags: (r, _e, { id }) => (r ? requestChanged(id) : []),
    }),
    leaveCalendar: build.query<TCalendar, TCalendarQuery>({
      query: (params) => ({ url: 'leaves/calendar/', params }),
      responseSchema: ZCalendar,
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
  useLeaveQuery,
  useLeaveCoverageQuery,
  useDecideLeaveMutation,
  useCancelLeaveMutation,
  useRevokeLeaveMutation,
  useLeaveCalendarQuery,
} = leavesApi;
