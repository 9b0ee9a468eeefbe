import {
  ZShareAvailability,
  ZShareCall,
  ZShareCallList,
  ZShareCandidates,
  ZShareConsentSetting,
  ZShareIceServers,
  type TShareAvailability,
  type TShareCall,
  type TShareCallList,
  type TShareCallsQuery,
  type TShareCandidates,
  type TShareCandidatesQuery,
  type TShareConsentSetting,
  type TShareIceServers,
  type TStartShareCallRequest,
} from '@portal/contracts';
import { api } from '../../../lib/api/api';
import type { AppThunkDispatch } from '../../../lib/store-hooks';

/**
 * The feature's own cache tags: 'SharePeople' (the people list and each person's
 * availability: both follow who is watched) and 'ShareCall' (a call by id; 'LIST' the
 * audit list).
 */
const shareTaggedApi = api.enhanceEndpoints({ addTagTypes: ['SharePeople', 'ShareCall'] });

const CALLS_LIST = { type: 'ShareCall' as const, id: 'LIST' };

/** A call changed: its record is the answer; the list and the viewer counts move with it. */
const callChanged = (id: number) => [{ type: 'ShareCall' as const, id }, CALLS_LIST, 'SharePeople' as const];

/** The snapshot as the one multipart part the server reads (`snapshot`, a PNG). */
function snapshotBody(png: Blob): FormData {
  const form = new FormData();
  form.append('snapshot', png, 'snapshot.png');
  return form;
}

/** Screen-sharing calls. */
export const shareApi = shareTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    shareIceServers: build.query<TShareIceServers, void>({
      query: () => 'share/ice-servers/',
      responseSchema: ZShareIceServers,
      // TURN credentials are short-lived: read them again for each call.
      keepUnusedDataFor: 0,
    }),
    sharePeople: build.query<TShareCandidates, TShareCandidatesQuery>({
      query: (params) => ({ url: 'share/people/', params }),
      responseSchema: ZShareCandidates,
      providesTags: ['SharePeople'],
    }),
    shareAvailability: build.query<TShareAvailability, string>({
      query: (userName) => `share/availability/${encodeURIComponent(userName)}/`,
      responseSchema: ZShareAvailability,
      providesTags: ['SharePeople'],
    }),
    shareCalls: build.query<TShareCallList, TShareCallsQuery>({
      query: (params) => ({ url: 'share/calls/', params }),
      responseSchema: ZShareCallList,
      providesTags: [CALLS_LIST],
    }),
    shareCall: build.query<TShareCall, number>({
      query: (id) => `share/calls/${id}/`,
      responseSchema: ZShareCall,
      providesTags: (_r, _e, id) => [{ type: 'ShareCall', id }],
    }),
    startShareCall: build.mutation<TShareCall, TStartShareCallRequest>({
      query: (body) => ({ url: 'share/calls/', method: 'POST', body }),
      responseSchema: ZShareCall,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(shareApi.util.upsertQueryData('shareCall', data.id, data));
      },
      invalidatesTags: (r) => (r ? [CALLS_LIST, 'SharePeople'] : []),
    }),
    acceptShareCall: build.mutation<TShareCall, { id: number; endpoint: string }>({
      query: ({ id, endpoint }) => ({ url: `share/calls/${id}/accept/`, method: 'POST', body: { endpoint } }),
      responseSchema: ZShareCall,
      invalidatesTags: (r, _e, { id }) => (r ? callChanged(id) : []),
    }),
    declineShareCall: build.mutation<TShareCall, { id: number; note?: string }>({
      query: ({ id, note }) => ({
        url: `share/calls/${id}/decline/`,
        method: 'POST',
        body: note?.trim() ? { note: note.trim() } : {},
      }),
      responseSchema: ZShareCall,
      invalidatesTags: (r, _e, { id }) => (r ? callChanged(id) : []),
    }),
    endShareCall: build.mutation<TShareCall, number>({
      query: (id) => ({ url: `share/calls/${id}/end/`, method: 'POST', body: {} }),
      responseSchema: ZShareCall,
      invalidatesTags: (r, _e, id) => (r ? callChanged(id) : []),
    }),
    addShareSnapshot: build.mutation<TShareCall, { id: number; png: Blob }>({
      query: ({ id, png }) => ({ url: `share/calls/${id}/snapshots/`, method: 'POST', body: snapshotBody(png) }),
      responseSchema: ZShareCall,
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        // The answer is the call with its snapshots: no re-read of the record.
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(shareApi.util.upsertQueryData('shareCall', id, data));
      },
      invalidatesTags: (r) => (r ? [CALLS_LIST] : []),
    }),
    setShareConsent: build.mutation<TShareConsentSetting, { userName: string; consent_at_hiring: boolean }>({
      query: ({ userName, consent_at_hiring }) => ({
        url: `share/consent/${encodeURIComponent(userName)}/`,
        method: 'PUT',
        body: { consent_at_hiring },
      }),
      responseSchema: ZShareConsentSetting,
      invalidatesTags: (r) => (r ? ['SharePeople'] : []),
    }),
  }),
});

export const {
  useShareIceServersQuery,
  useSharePeopleQuery,
  useShareAvailabilityQuery,
  useShareCallsQuery,
  useShareCallQuery,
  useStartShareCallMutation,
  useAcceptShareCallMutation,
  useDeclineShareCallMutation,
  useEndShareCallMutation,
  useAddShareSnapshotMutation,
  useSetShareConsentMutation,
} = shareApi;

/**
 * A `share_call` frame arrived: the call as it is now replaces its cached record (no
 * re-read), and the audit list and the people (viewer counts) are read again.
 */
export const shareCallUpdated = (call: TShareCall) => (dispatch: AppThunkDispatch) => {
  void dispatch(shareApi.util.upsertQueryData('shareCall', call.id, call));
  dispatch(shareApi.util.invalidateTags([CALLS_LIST, 'SharePeople']));
};
