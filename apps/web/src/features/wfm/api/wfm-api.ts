import {
  ZShift,
  ZShiftImportResult,
  ZShiftList,
  ZStaffingList,
  ZWfmDay,
  ZWfmHistory,
  type TShift,
  type TShiftImportRequest,
  type TShiftImportResult,
  type TShiftRequest,
  type TShiftsQuery,
  type TShiftUpdateRequest,
  type TStaffingList,
  type TStaffingRequirement,
  type TWfmDay,
  type TWfmDayQuery,
  type TWfmHistory,
  type TWfmHistoryQuery,
} from '@portal/contracts';
import { api } from '../../../lib/api/api';
import { downloadServerFile } from '../../../lib/api/download';

/**
 * Workforce management. Own tags: 'WfmShift' (the schedule; a change also
 * moves the day board and histories, which compare presence with it: 'WfmDay',
 * 'WfmHistory'), 'WfmStaffing' (required online per pair and hour, shown on the board).
 */
const wfmTaggedApi = api.enhanceEndpoints({ addTagTypes: ['WfmShift', 'WfmDay', 'WfmHistory', 'WfmStaffing'] });

const scheduleChanged = ['WfmShift', 'WfmDay', 'WfmHistory'] as const;

export const wfmApi = wfmTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    wfmDay: build.query<TWfmDay, TWfmDayQuery>({
      query: (params) => ({ url: 'wfm/day/', params }),
      responseSchema: ZWfmDay,
      providesTags: ['WfmDay'],
    }),
    wfmHistory: build.query<TWfmHistory, { username: string } & TWfmHistoryQuery>({
      query: ({ username, ...params }) => ({ url: `wfm/users/${encodeURIComponent(username)}/history/`, params }),
      responseSchema: ZWfmHistory,
      providesTags: ['WfmHistory'],
    }),
    shifts: build.query<TShift[], TShiftsQuery>({
      query: (params) => ({ url: 'wfm/shifts/', params }),
      responseSchema: ZShiftList,
      providesTags: ['WfmShift'],
    }),
    createShift: build.mutation<TShift, TShiftRequest>({
      query: (body) => ({ url: 'wfm/shifts/', method: 'POST', body }),
      responseSchema: ZShift,
      invalidatesTags: (r) => (r ? [...scheduleChanged] : []),
    }),
    updateShift: build.mutation<TShift, { id: number; body: TShiftUpdateRequest }>({
      query: ({ id, body }) => ({ url: `wfm/shifts/${id}/`, method: 'PUT', body }),
      responseSchema: ZShift,
      invalidatesTags: (r) => (r ? [...scheduleChanged] : []),
    }),
    deleteShift: build.mutation<void, number>({
      query: (id) => ({ url: `wfm/shifts/${id}/`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : [...scheduleChanged]),
    }),
    importShifts: build.mutation<TShiftImportResult, TShiftImportRequest>({
      query: (body) => ({ url: 'wfm/shifts/import/', method: 'POST', body }),
      responseSchema: ZShiftImportResult,
      // A dry run saves nothing: only a real import changes the schedule.
      invalidatesTags: (r) => (r && !r.dry_run ? [...scheduleChanged] : []),
    }),
    staffing: build.query<TStaffingList, void>({
      query: () => 'wfm/staffing/',
      responseSchema: ZStaffingList,
      providesTags: ['WfmStaffing'],
    }),
    setStaffing: build.mutation<TStaffingList, TStaffingRequirement>({
      query: (body) => ({ url: 'wfm/staffing/', method: 'PUT', body }),
      responseSchema: ZStaffingList,
      invalidatesTags: (r) => (r ? ['WfmStaffing', 'WfmDay'] : []),
    }),
    deleteStaffing: build.mutation<void, string>({
      query: (language) => ({ url: 'wfm/staffing/', method: 'DELETE', params: { language } }),
      invalidatesTags: (_r, error) => (error ? [] : ['WfmStaffing', 'WfmDay']),
    }),
  }),
});

export const {
  useWfmDayQuery,
  useWfmHistoryQuery,
  useShiftsQuery,
  useCreateShiftMutation,
  useUpdateShiftMutation,
  useDeleteShiftMutation,
  useImportShiftsMutation,
  useStaffingQuery,
  useSetStaffingMutation,
  useDeleteStaffingMutation,
} = wfmApi;

/** The day board as the server's CSV, saved under the server's name. */
export function downloadWfmDayCsv(date: string, token: string): Promise<void> {
  return downloadServerFile(`wfm/day/export.csv?${new URLSearchParams({ date })}`, token, `wfm-${date}.csv`);
}
