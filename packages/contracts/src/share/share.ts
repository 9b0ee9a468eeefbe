import { z } from 'zod';
import { ZId, ZText } from '../common/text.js';
import { ZPageQuery, pagedResponse } from '../common/pagination.js';
import { ZUserRef, ZUsername } from '../users/users.js';
import { schemaMessage } from '../common/messages.js';

/**
 * Screen-sharing calls (spec §2 `share`, `share/{userName}`, `share/call-end`,
 * `share/call-exceed`). A viewer with a share role asks, with a stated reason, to watch a
 * colleague's or an interpreter's screen; the target accepts or declines (or, for an
 * interpreter whose consent was given at hiring, is told); the target's browser then
 * sends its screen to the viewer's over WebRTC, signalled on `/ws/share/`. Every call is
 * audited. Limits: viewers per target at once, and the length of a call.
 */

export const SHARE_CALL_STATUSES = ['requested', 'active', 'declined', 'ended', 'missed'] as const;
export const ZShareCallStatus = z.enum(SHARE_CALL_STATUSES);
export type TShareCallStatus = z.infer<typeof ZShareCallStatus>;

/**
 * How a call ended: the viewer or the target ended it, the target declined, nobody
 * answered in time, it reached the length limit, or a party's connection went away.
 */
export const SHARE_END_REASONS = ['viewer', 'target', 'declined', 'unanswered', 'time_limit', 'disconnected'] as const;
export const ZShareEndReason = z.enum(SHARE_END_REASONS);
export type TShareEndReason = z.infer<typeof ZShareEndReason>;

/** `ask`: the target accepts or declines; `notice`: consent was given at hiring, the share starts with a notice. */
export const ZShareConsent = z.enum(['ask', 'notice']);
export type TShareConsent = z.infer<typeof ZShareConsent>;

/** One live connection (a tab, or the interpreters' sharing page) on `/ws/share/`, as the server named it. */
export const ZShareEndpoint = ZText.regex(/^[0-9a-f-]{36}$/, schemaMessage('shareEndpointInvalid'));

export const SHARE_REASON_MAX = 300;

export const ZSharePerson = ZUserRef;
export type TSharePerson = z.infer<typeof ZSharePerson>;

/** A person the caller may watch, as `share` lists them. */
export const ZShareCandidate = ZSharePerson.extend({
  /** Has the portal or the sharing page open now (a live `/ws/share/` connection). */
  online: z.boolean(),
  consent: ZShareConsent,
  /** Viewers watching or asking now (the limit is `max_viewers`). */
  viewers: z.number().int(),
});
export type TShareCandidate = z.infer<typeof ZShareCandidate>;

export const ZShareCandidatesQuery = z.object({
  /** Part of a name or username. */
  search: ZText.trim().max(100).optional(),
});
export type TShareCandidatesQuery = z.infer<typeof ZShareCandidatesQuery>;

export const ZShareCandidates = z.object({
  results: z.array(ZShareCandidate),
  max_viewers: z.number().int(),
  max_minutes: z.number().int(),
});
export type TShareCandidates = z.infer<typeof ZShareCandidates>;

export const ZShareSnapshot = z.object({
  id: z.number().int(),
  taken_at: ZText,
  size: z.number().int(),
});
export type TShareSnapshot = z.infer<typeof ZShareSnapshot>;

export const ZShareCall = z
  .object({
    id: z.number().int(),
    viewer: ZSharePerson,
    target: ZSharePerson,
    reason: ZText,
    status: ZShareCallStatus,
    consent: ZShareConsent,
    requested_at: ZText,
    started_at: ZText.nullable(),
    ended_at: ZText.nullable(),
    /** Seconds from start to end (or to now while active); null if it never started. */
    duration_seconds: z.number().int().nullable(),
    /** When an active call reaches the length limit. */
    expires_at: ZText.nullable(),
    ended_by: ZSharePerson.nullable(),
    end_reason: ZShareEndReason.nullable(),
    /** The target's words when declining (optional). */
    decline_note: ZText.nullable(),
    /** The connections the call is bound to: only these two exchange its signals. */
    viewer_endpoint: ZText,
    target_endpoint: ZText.nullable(),
    snapshots: z.array(ZShareSnapshot),
  })
  .meta({ id: 'ShareCall' });
export type TShareCall = z.infer<typeof ZShareCall>;

/** `POST /api/share/calls/`: ask to watch someone. */
export const ZStartShareCallRequest = z.object({
  target: ZUsername,
  reason: ZText.trim()
    .min(3, schemaMessage('shareReasonMissing'))
    .max(SHARE_REASON_MAX, schemaMessage('shareReasonTooLong', { count: SHARE_REASON_MAX })),
  /** The caller's own live connection, where the screen will arrive. */
  endpoint: ZShareEndpoint,
});
export type TStartShareCallRequest = z.infer<typeof ZStartShareCallRequest>;

/** `POST /api/share/calls/{id}/accept/`: the target's live connection that will share. */
export const ZAcceptShareCallRequest = z.object({ endpoint: ZShareEndpoint });
export type TAcceptShareCallRequest = z.infer<typeof ZAcceptShareCallRequest>;

/** `POST /api/share/calls/{id}/decline/`. */
export const ZDeclineShareCallRequest = z.object({
  note: ZText.trim()
    .max(SHARE_REASON_MAX, schemaMessage('shareNoteTooLong', { count: SHARE_REASON_MAX }))
    .optional(),
});
export type TDeclineShareCallRequest = z.infer<typeof ZDeclineShareCallRequest>;

export const ZShareCallParams = z.object({ id: ZId });
export const ZShareSnapshotParams = z.object({ id: ZId, snapshot: ZId });
export const ZShareUserParams = z.object({ userName: ZUsername });

/** `GET /api/share/availability/{userName}/`: the limits as they stand for one target (call-exceed, the request form). */
export const ZShareAvailability = z.object({
  target: ZSharePerson,
  online: z.boolean(),
  consent: ZShareConsent,
  viewers: z.number().int(),
  max_viewers: z.number().int(),
  max_minutes: z.number().int(),
  /** When a place frees at the latest (the running calls' length limits); null when one is free now. */
  retry_at: ZText.nullable(),
});
export type TShareAvailability = z.infer<typeof ZShareAvailability>;

/** `PUT /api/share/consent/{userName}/` (ADMIN, interpreters only): consent to being watched was given at hiring. */
export const ZShareConsentRequest = z.object({ consent_at_hiring: z.boolean({ error: schemaMessage('yesNo') }) });
export type TShareConsentRequest = z.infer<typeof ZShareConsentRequest>;
export const ZShareConsentSetting = z.object({ username: ZUsername, consent: ZShareConsent });
export type TShareConsentSetting = z.infer<typeof ZShareConsentSetting>;

/** `GET /api/share/calls/`: the audit list, within the caller's scope (`shareCallScope`). */
export const ZShareCallsQuery = ZPageQuery.extend({
  status: ZShareCallStatus.optional(),
  /** Part of the viewer's or the target's name or username. */
  search: ZText.trim().max(100).optional(),
  /** Calls requested on or after / before the end of these days (YYYY-MM-DD). */
  from: ZText.regex(/^\d{4}-\d{2}-\d{2}$/, schemaMessage('shareDateFormat')).optional(),
  to: ZText.regex(/^\d{4}-\d{2}-\d{2}$/, schemaMessage('shareDateFormat')).optional(),
});
export type TShareCallsQuery = z.infer<typeof ZShareCallsQuery>;
export const ZShareCallList = pagedResponse(ZShareCall);
export type TShareCallList = z.infer<typeof ZShareCallList>;

/** WebRTC signalling, relayed between the two connections of one call; sizes bounded. */
export const ZShareSignal = z.discriminatedUnion('type', [
  z.object({ type: z.literal('offer'), sdp: ZText.max(16_000) }),
  z.object({ type: z.literal('answer'), sdp: ZText.max(16_000) }),
  z.object({
    type: z.literal('candidate'),
    candidate: ZText.max(1000),
    sdpMid: ZText.max(64).nullable(),
    sdpMLineIndex: z.number().int().min(0).max(64).nullable(),
  }),
]);
export type TShareSignal = z.infer<typeof ZShareSignal>;

/** ICE servers for the browsers (STUN/TURN from configuration; TURN credentials short-lived). */
export const ZShareIceServers = z.object({
  ice_servers: z.array(
    z.object({
      urls: z.array(ZText),
      username: ZText.optional(),
      credential: ZText.optional(),
    }),
  ),
});
export type TShareIceServers = z.infer<typeof ZShareIceServers>;
