import crypto from 'node:crypto';
import {
  canJoinShareCalls,
  canSeeShareCall,
  canSetShareConsent,
  canUseShare,
  canWatch,
  departmentsUnder,
  msg,
  isStaff,
  shareCallScope,
  type TShareCall,
  type TShareCallsQuery,
  type TShareCandidatesQuery,
  type TShareIceServers,
  type TStartShareCallRequest,
  type TShareEndReason,
} from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import type { AuditSource } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { ApiError, conflict, fieldError, forbidden, notFound, retryAfter } from '../../lib/errors.js';
import {
  checkSpooledUploads,
  readStoredFile,
  storeFile,
  type SpooledUpload,
  type UploadRules,
} from '../../lib/files/index.js';
import { withTx, type Tx } from '../../lib/tx.js';
import { recordEvent } from '../event-logs/index.js';
import { consentOf, presentAvailability, presentCall, presentCandidate } from './share.presenter.js';
import * as repo from './share.repository.js';

const NOT_IN_CALLS = 'shareCallsStaffOnly';

const NOT_FOUND = 'shareCallNotFound';
const NO_SUCH_TARGET = 'shareNoTarget';
export const SNAPSHOT_FIELD = 'snapshot';
export const SNAPSHOTS_PER_CALL = 30;
export const SNAPSHOT_RULES: UploadRules = {
  maxFiles: 1,
  maxBytes: 8 * 1024 * 1024,
  allowed: ['image/png'],
  field: SNAPSHOT_FIELD,
};

type ShareCtx = Pick<AppContext, 'db' | 'bus' | 'config'>;

function mayUse(caller: UserRow): void {
  if (!canUseShare(caller)) throw forbidden('shareRestricted');
}

const limits = (ctx: ShareCtx) => ({
  max_viewers: ctx.config.SHARE_MAX_VIEWERS,
  max_minutes: Math.round(ctx.config.SHARE_MAX_CALL / 60),
});

/** When the earliest open call ends at the latest: a request by its answer timeout, an active call by its length limit. */
function freesAt(ctx: ShareCtx, open: repo.OpenCallRow[]): Date | null {
  if (open.length < ctx.config.SHARE_MAX_VIEWERS) return null;
  const ends = open.map((c) =>
    c.status === 'active' && c.started_at
      ? new Date(c.started_at).getTime() + c.max_seconds * 1000
      : new Date(c.requested_at).getTime() + ctx.config.SHARE_ANSWER_TIMEOUT * 1000,
  );
  return new Date(Math.min(...ends));
}

/** Tells both parties' connections (on whichever server holds them) that the call changed. */
function announce(tx: Tx, call: { id: number; viewer_id: number; target_id: number }): void {
  tx.publish({ type: 'share_call', id: call.id, users: [call.viewer_id, call.target_id] });
}

export async function listCandidates(ctx: ShareCtx, caller: UserRow, q: TShareCandidatesQuery) {
  mayUse(caller);
  // Spec §6: the departments the caller may act on, and interpreters; never guests.
  // ADMIN "acts on" GUEST and INTERPRETER too: keep the staff departments, then add interpreters once.
  const types = [
    ...departmentsUnder(caller.user_type).filter((t) => isStaff({ user_type: t })),
    'INTERPRETER' as const,
  ];
  const rows = await repo.findCandidates(ctx.db, { types, exceptId: caller.id, search: q.search, limit: 200 });
  return { results: rows.map(presentCandidate), ...limits(ctx) };
}

async function watchable(ctx: ShareCtx, caller: UserRow, username: string) {
  const target = await repo.findPerson(ctx.db, username);
  return target && canWatch(caller, target) ? target : undefined;
}

export async function availability(ctx: ShareCtx, caller: UserRow, username: string) {
  mayUse(caller);
  const target = await watchable(ctx, caller, username);
  if (!target) throw notFound('shareNoTarget');
  const open = await repo.openCallsOf(ctx.db, target.id);
  return presentAvailability(target, { ...limits(ctx), retry_at: freesAt(ctx, open) });
}

async function readCall(ctx: ShareCtx, id: number): Promise<TShareCall> {
  const row = await repo.findCall(ctx.db, id);
  if (!row) throw notFound(NOT_FOUND);
  return presentCall(row);
}

export async function startCall(ctx: ShareCtx, caller: UserRow, req: TStartShareCallRequest, source: AuditSource) {
  mayUse(caller);
  const target = await watchable(ctx, caller, req.target);
  if (!target) throw fieldError('target', NO_SUCH_TARGET);
  if (!(await repo.isLiveEndpointOf(ctx.db, req.endpoint, caller.id))) {
    throw fieldError('endpoint', 'shareEndpointNotReady');
  }
  const consent = consentOf(target);
  // With consent given at hiring the share starts at once, on the connection opened last.
  const targetEndpoint = await repo.newestEndpointOf(ctx.db, target.id);
  if (!targetEndpoint) {
    throw fieldError('target', 'shareTargetOffline', {
      name: `${target.first_name} ${target.last_name}`.trim() || target.username,
    });
  }
  const id = await withTx(ctx, async (tx) => {
    await repo.lockTarget(tx.db, target.id);
    const open = await repo.openCallsOf(tx.db, target.id);
    // One place per viewer: a second tab asking again would only hold a place for nothing.
    if (open.some((c) => c.viewer_id === caller.id)) {
      const message = msg('shareAlreadyInCall');
      throw new ApiError(409, message, { target: [message] });
    }
    if (open.length >= ctx.config.SHARE_MAX_VIEWERS) {
      const at = freesAt(ctx, open)!;
      const message = msg('shareViewersFull', { viewers: open.length, count: ctx.config.SHARE_MAX_VIEWERS });
      throw new ApiError(409, message, { target: [message] }, retryAfter((at.getTime() - Date.now()) / 1000));
    }
    const active = consent === 'notice';
    const id = await repo.insertCall(tx.db, {
      viewer_id: caller.id,
      target_id: target.id,
      reason: req.reason,
      consent,
      viewer_endpoint: req.endpoint,
      target_endpoint: active ? targetEndpoint : null,
      max_seconds: ctx.config.SHARE_MAX_CALL,
      active,
    });
    await recordEvent(tx.db, source, {
      action: active ? 'share.start' : 'share.request',
      targetType: 'share_call',
      targetId: id,
      details: { target: target.username, reason: req.reason, consent },
    });
    announce(tx, { id, viewer_id: caller.id, target_id: target.id });
    return id;
  });
  return readCall(ctx, id);
}

/** The call, if the caller may see it (a party, or an auditor in scope); 404 otherwise. */
async function visibleCall(ctx: ShareCtx, caller: UserRow, id: number) {
  const row = await repo.findCall(ctx.db, id);
  const facts = row && {
    viewer: { username: row.viewer_username, user_type: row.viewer_user_type },
    target: { username: row.target_username, user_type: row.target_user_type },
  };
  if (!row || !canSeeShareCall(caller, facts!)) throw notFound(NOT_FOUND);
  return row;
}

export async function getCall(ctx: ShareCtx, caller: UserRow, id: number) {
  return presentCall(await visibleCall(ctx, caller, id));
}

const stillOpen = () => conflict('shareCallNotWaiting');

export async function acceptCall(ctx: ShareCtx, caller: UserRow, id: number, endpoint: string, source: AuditSource) {
  const row = await visibleCall(ctx, caller, id);
  if (row.target_id !== caller.id) throw forbidden('shareAcceptTargetOnly');
  if (!(await repo.isLiveEndpointOf(ctx.db, endpoint, caller.id))) {
    throw fieldError('endpoint', 'shareEndpointNotReady');
  }
  await withTx(ctx, async (tx) => {
    if (!(await repo.acceptCall(tx.db, id, endpoint))) throw stillOpen();
    await recordEvent(tx.db, source, { action: 'share.accept', targetType: 'share_call', targetId: id });
    announce(tx, row);
  });
  return readCall(ctx, id);
}

export async function declineCall(
  ctx: ShareCtx,
  caller: UserRow,
  id: number,
  note: string | undefined,
  source: AuditSource,
) {
  const row = await visibleCall(ctx, caller, id);
  if (row.target_id !== caller.id) throw forbidden('shareDeclineTargetOnly');
  await withTx(ctx, async (tx) => {
    // Only a request is declined: an accept that won the race in another tab stands.
    if (!(await repo.endCall(tx.db, id, { reason: 'declined', by: caller.id, note }, ['requested']))) throw stillOpen();
    await recordEvent(tx.db, source, {
      action: 'share.decline',
      targetType: 'share_call',
      targetId: id,
      details: note ? { note } : {},
    });
    announce(tx, row);
  });
  return readCall(ctx, id);
}

/** Either party ends the call (or withdraws the request); ending an ended call changes nothing. */
export async function endCall(ctx: ShareCtx, caller: UserRow, id: number, source: AuditSource) {
  const row = await visibleCall(ctx, caller, id);
  const reason: TShareEndReason | null =
    row.viewer_id === caller.id ? 'viewer' : row.target_id === caller.id ? 'target' : null;
  if (!reason) throw forbidden('shareEndParticipantsOnly');
  await finish(ctx, row, { reason, by: caller.id }, source);
  return readCall(ctx, id);
}

/** Ends an open call once (whoever gets there first records it) and tells both parties. */
async function finish(
  ctx: ShareCtx,
  call: { id: number; viewer_id: number; target_id: number },
  how: { reason: TShareEndReason; by: number | null },
  source: AuditSource | null,
): Promise<boolean> {
  return withTx(ctx, async (tx) => {
    if (!(await repo.endCall(tx.db, call.id, how))) return false;
    await recordEvent(tx.db, source, {
      action: how.reason === 'unanswered' ? 'share.missed' : 'share.end',
      targetType: 'share_call',
      targetId: call.id,
      details: { how: how.reason },
    });
    announce(tx, call);
    return true;
  });
}

/**
 * The sweep every server runs: calls past the length limit end (`time_limit`),
 * requests nobody answered become missed, and calls whose connection vanished with its
 * server end as disconnected. Conditional ends: each is recorded once.
 */
export async function sweepCalls(ctx: ShareCtx): Promise<number> {
  let ended = 0;
  for (const c of await repo.findDueCalls(ctx.db, ctx.config.SHARE_ANSWER_TIMEOUT)) {
    const reason = c.status === 'active' ? 'time_limit' : 'unanswered';
    if (await finish(ctx, c, { reason, by: null }, null)) ended++;
  }
  for (const c of await repo.findOrphanedCalls(ctx.db, null)) {
    if (await finish(ctx, c, { reason: 'disconnected', by: null }, null)) ended++;
  }
  await repo.pruneSignals(ctx.db);
  return ended;
}

/** A connection closed: the calls bound to it end, as ended by its user. */
export async function endCallsOfEndpoint(ctx: ShareCtx, endpoint: string, user: UserRow): Promise<void> {
  await repo.deleteEndpoint(ctx.db, endpoint);
  for (const c of await repo.findOrphanedCalls(ctx.db, endpoint)) {
    await finish(
      ctx,
      c,
      { reason: 'disconnected', by: user.id },
      { actorId: user.id, actorUsername: user.username, ip: '', userAgent: '' },
    );
  }
}

export async function listCalls(ctx: ShareCtx, caller: UserRow, q: TShareCallsQuery) {
  const scope = shareCallScope(caller);
  if (!scope) throw forbidden('shareListRestricted');
  const { rows, count } = await repo.listCalls(ctx.db, {
    scope,
    status: q.status,
    search: q.search,
    from: q.from,
    to: q.to,
    page: q.page,
    pageSize: q.page_size,
  });
  return { results: rows.map(presentCall), count };
}

export async function addSnapshot(
  ctx: ShareCtx,
  caller: UserRow,
  id: number,
  uploads: SpooledUpload[],
  source: AuditSource,
) {
  const row = await visibleCall(ctx, caller, id);
  if (row.viewer_id !== caller.id) throw forbidden('shareSnapshotViewerOnly');
  if (row.status !== 'active') throw conflict('shareSnapshotCallOff');
  const [file] = checkSpooledUploads(uploads, SNAPSHOT_RULES);
  if (!file) throw fieldError(SNAPSHOT_FIELD, 'shareSnapshotMissing');
  await withTx(ctx, async (tx) => {
    if ((await repo.countSnapshots(tx.db, id)) >= SNAPSHOTS_PER_CALL) {
      throw fieldError(SNAPSHOT_FIELD, 'shareSnapshotsFull', { count: SNAPSHOTS_PER_CALL });
    }
    const stored = await storeFile(tx.db, file, caller.id);
    const snapshot = await repo.insertSnapshot(tx.db, id, stored.id, caller.id);
    await recordEvent(tx.db, source, {
      action: 'share.snapshot',
      targetType: 'share_call',
      targetId: id,
      details: { snapshot, size: stored.size },
    });
    announce(tx, row);
  });
  return readCall(ctx, id);
}

export async function snapshotFile(ctx: ShareCtx, caller: UserRow, id: number, snapshotId: number) {
  await visibleCall(ctx, caller, id);
  const fileId = await repo.findSnapshotFile(ctx.db, id, snapshotId);
  const file = fileId === null ? undefined : await readStoredFile(ctx.db, fileId);
  if (!file) throw notFound('shareSnapshotNotFound');
  return { ...file, filename: `call-${id}-snapshot-${snapshotId}.png` };
}

export async function setConsent(
  ctx: ShareCtx,
  caller: UserRow,
  username: string,
  consentAtHiring: boolean,
  source: AuditSource,
) {
  if (!canSetShareConsent(caller)) throw forbidden('shareConsentAdminOnly');
  const target = await repo.findPerson(ctx.db, username);
  if (!target) throw notFound('shareNoSuchUser');
  if (target.user_type !== 'INTERPRETER') {
    throw fieldError('consent_at_hiring', 'shareConsentInterpretersOnly');
  }
  await withTx(ctx, async (tx) => {
    await repo.upsertConsent(tx.db, target.id, consentAtHiring, caller.id);
    await recordEvent(tx.db, source, {
      action: 'share.consent',
      targetType: 'user',
      targetId: target.id,
      details: { username: target.username, consent_at_hiring: consentAtHiring },
    });
  });
  return { username: target.username, consent: consentAtHiring ? ('notice' as const) : ('ask' as const) };
}

/**
 * STUN and TURN for the browsers. TURN credentials follow coturn's REST scheme
 * (`use-auth-secret`): username `expiry:userId`, password HMAC-SHA1 of it with the
 * shared secret, so no long-lived TURN password ever reaches a browser. Only for people
 * who can be in a call (canJoinShareCalls): a relay is bandwidth anyone else could borrow.
 */
export function iceServers(ctx: ShareCtx, caller: UserRow): TShareIceServers {
  if (!canJoinShareCalls(caller)) throw forbidden(NOT_IN_CALLS);
  const out: TShareIceServers['ice_servers'] = [];
  if (ctx.config.SHARE_STUN_URLS.length) out.push({ urls: ctx.config.SHARE_STUN_URLS });
  if (ctx.config.SHARE_TURN_URLS.length && ctx.config.SHARE_TURN_SECRET) {
    const username = `${Math.floor(Date.now() / 1000) + 3600}:${caller.id}`;
    const credential = crypto.createHmac('sha1', ctx.config.SHARE_TURN_SECRET).update(username).digest('base64');
    out.push({ urls: ctx.config.SHARE_TURN_URLS, username, credential });
  }
  return { ice_servers: out };
}
