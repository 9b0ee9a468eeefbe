import {
  fillPath,
  shareEndpoints,
  type TShareCall,
  type TShareCallsQuery,
  type TShareCandidatesQuery,
  type TStartShareCallRequest,
} from '@portal/contracts';
import { api } from '../../../lib/api/api';
import { fromContract } from '../../../lib/api/endpoint';
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

const S = shareEndpoints;

/** The address of a snapshot's PNG (behind the token: read through useBlobUrl). */
export const snapshotUrl = (call: number, snapshot: number) =>
  `/api${fillPath(S.downloadShareSnapshot.path, { id: call, snapshot })}`;

/** Screen-sharing calls. */
export const shareApi = shareTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    shareIceServers: build.query({
      ...fromContract(S.getShareIceServers, (_: void) => ({})),
      // TURN credentials are short-lived: read them again for each call.
      keepUnusedDataFor: 0,
    }),
    sharePeople: build.query({
      ...fromContract(S.listShareCandidates, (query: TShareCandidatesQuery) => ({ query })),
      providesTags: ['SharePeople'],
    }),
    shareAvailability: build.query({
      ...fromContract(S.getShareAvailability, (userName: string) => ({ params: { userName } })),
      providesTags: ['SharePeople'],
    }),
    shareCalls: build.query({
      ...fromContract(S.listShareCalls, (query: TShareCallsQuery) => ({ query })),
      providesTags: [CALLS_LIST],
    }),
    shareCall: build.query({
      ...fromContract(S.getShareCall, (id: number) => ({ params: { id } })),
      providesTags: (_r, _e, id) => [{ type: 'ShareCall', id }],
    }),
    startShareCall: build.mutation({
      ...fromContract(S.startShareCall, (body: TStartShareCallRequest) => ({ body })),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(shareApi.util.upsertQueryData('shareCall', data.id, data));
      },
      invalidatesTags: (r) => (r ? [CALLS_LIST, 'SharePeople'] : []),
    }),
    acceptShareCall: build.mutation({
      ...fromContract(S.acceptShareCall, ({ id, endpoint }: { id: number; endpoint: string }) => ({
        params: { id },
        body: { endpoint },
      })),
      invalidatesTags: (r, _e, { id }) => (r ? callChanged(id) : []),
    }),
    declineShareCall: build.mutation({
      ...fromContract(S.declineShareCall, ({ id, note }: { id: number; note?: string }) => ({
        params: { id },
        body: note?.trim() ? { note: note.trim() } : {},
      })),
      invalidatesTags: (r, _e, { id }) => (r ? callChanged(id) : []),
    }),
    endShareCall: build.mutation({
      ...fromContract(S.endShareCall, (id: number) => ({ params: { id } })),
      invalidatesTags: (r, _e, id) => (r ? callChanged(id) : []),
    }),
    addShareSnapshot: build.mutation({
      ...fromContract(S.addShareSnapshot, ({ id, png }: { id: number; png: Blob }) => ({
        params: { id },
        body: snapshotBody(png),
      })),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        // The answer is the call with its snapshots: no re-read of the record.
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(shareApi.util.upsertQueryData('shareCall', id, data));
      },
      invalidatesTags: (r) => (r ? [CALLS_LIST] : []),
    }),
    setShareConsent: build.mutation({
      ...fromContract(
        S.setShareConsent,
        ({ userName, consent_at_hiring }: { userName: string; consent_at_hiring: boolean }) => ({
          params: { userName },
          body: { consent_at_hiring },
        }),
      ),
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
