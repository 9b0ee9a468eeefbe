import {
  wfmEndpoints as W,
  type TShiftImportRequest,
  type TShiftRequest,
  type TShiftsQuery,
  type TShiftUpdateRequest,
  type TStaffingRequirement,
  type TWfmDayQuery,
  type TWfmHistoryQuery,
} from '@portal/contracts';
import { api } from '../../../lib/api/api';
import { downloadServerFile } from '../../../lib/api/download';
import { fromContract } from '../../../lib/api/endpoint';

/**
 * Workforce management. Own tags: 'WfmShift' (the schedule; a change also
 * moves the day board and histories, which compare presence with it: 'WfmDay',
 * 'WfmHistory'), 'WfmStaffing' (required online per pair and hour, shown on the board).
 */
const wfmTaggedApi = api.enhanceEndpoints({ addTagTypes: ['WfmShift', 'WfmDay', 'WfmHistory', 'WfmStaffing'] });

const scheduleChanged = ['WfmShift', 'WfmDay', 'WfmHistory'] as const;

export const wfmApi = wfmTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    wfmDay: build.query({
      ...fromContract(W.getWfmDay, (query: TWfmDayQuery) => ({ query })),
      providesTags: ['WfmDay'],
    }),
    wfmHistory: build.query({
      ...fromContract(W.getWfmHistory, ({ username, ...query }: { username: string } & TWfmHistoryQuery) => ({
        params: { username },
        query,
      })),
      providesTags: ['WfmHistory'],
    }),
    shifts: build.query({
      ...fromContract(W.listShifts, (query: TShiftsQuery) => ({ query })),
      providesTags: ['WfmShift'],
    }),
    createShift: build.mutation({
      ...fromContract(W.createShift, (body: TShiftRequest) => ({ body })),
      invalidatesTags: (r) => (r ? [...scheduleChanged] : []),
    }),
    updateShift: build.mutation({
      ...fromContract(W.updateShift, ({ id, body }: { id: number; body: TShiftUpdateRequest }) => ({
        params: { id },
        body,
      })),
      invalidatesTags: (r) => (r ? [...scheduleChanged] : []),
    }),
    deleteShift: build.mutation({
      ...fromContract(W.deleteShift, (id: number) => ({ params: { id } })),
      invalidatesTags: (_r, error) => (error ? [] : [...scheduleChanged]),
    }),
    importShifts: build.mutation({
      ...fromContract(W.importShifts, (body: TShiftImportRequest) => ({ body })),
      // A dry run saves nothing: only a real import changes the schedule.
      invalidatesTags: (r) => (r && !r.dry_run ? [...scheduleChanged] : []),
    }),
    staffing: build.query({
      ...fromContract(W.listStaffing, (_: void) => ({})),
      providesTags: ['WfmStaffing'],
    }),
    setStaffing: build.mutation({
      ...fromContract(W.saveStaffing, (body: TStaffingRequirement) => ({ body })),
      invalidatesTags: (r) => (r ? ['WfmStaffing', 'WfmDay'] : []),
    }),
    deleteStaffing: build.mutation({
      ...fromContract(W.deleteStaffing, (language: string) => ({ query: { language } })),
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
  return downloadServerFile(
    `${W.exportWfmDayCsv.path.slice(1)}?${new URLSearchParams({ date })}`,
    token,
    `wfm-${date}.csv`,
  );
}
