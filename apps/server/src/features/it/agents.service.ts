import crypto from 'node:crypto';
import {
  canManageItAgents,
  canRunAgent,
  type TAgent,
  type TAgentEnrollment,
  type TAgentEnrollRequest,
} from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import { auditSource, type AuditSource, type Authenticated, type ClientInfo } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { withTx } from '../../lib/tx.js';
import { checkCredentials } from '../auth/index.js';
import { recordEvent } from '../event-logs/index.js';
import * as repo from './agents.repository.js';

/** Agent credentials are recognisable by their prefix (never a user token or ticket). */
export const AGENT_CREDENTIAL_PREFIX = 'agt_';
/** The gateway's session id of an agent socket. */
const SESSION_PREFIX = 'agent:';

const hashCredential = (credential: string) => crypto.createHash('sha256').update(credential).digest('hex');

/**
 * `POST /api/it/agents/enroll/`: the password, checked exactly as sign-in checks it (and
 * throttled the same way), for a random credential bound to this machine and user. Only
 * its hash is stored; enrolling the machine again revokes the previous credential.
 */
export async function enroll(ctx: AppContext, req: TAgentEnrollRequest, client: ClientInfo): Promise<TAgentEnrollment> {
  // A directory INTERPRETER enrols too: the agent is what their account is for.
  const user = await checkCredentials(ctx, { username: req.username, password: req.password }, client, {
    forAgent: true,
  });
  if (!canRunAgent(user)) throw forbidden('agentNotAllowed');
  const credential = `${AGENT_CREDENTIAL_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  const agentId = await withTx(ctx, async (tx) => {
    await repo.lockUserForEnroll(tx.db, user.id);
    const replaced = await repo.revokeMachineAgents(tx.db, user.id, req.machine_id);
    const id = await repo.insertAgent(tx.db, {
      user_id: user.id,
      machine_id: req.machine_id,
      hostname: req.hostname,
      platform: req.platform,
      version: req.version,
      credential_hash: hashCredential(credential),
    });
    await recordEvent(tx.db, auditSource(user, client), {
      action: 'agent.enrolled',
      targetType: 'it_agent',
      targetId: id,
      details: { hostname: req.hostname, platform: req.platform, version: req.version, replaced },
    });
    // The replaced credential's sockets, on whichever server, are closed.
    if (replaced.length > 0) tx.publish({ type: 'sessions.revoked', userId: user.id });
    return id;
  });
  return { agent_id: agentId, credential, username: user.username };
}

function present(row: repo.AgentListRow): TAgent {
  const lastSeen = row.last_seen_at ? new Date(row.last_seen_at) : null;
  return {
    id: row.id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    user_type: row.user_type,
    hostname: row.hostname,
    platform: row.platform,
    version: row.version,
    enrolled_at: new Date(row.enrolled_at).toISOString(),
    last_seen: lastSeen?.toISOString() ?? null,
    // The board's rule: reporting unless stopped cleanly (offline), silent, or revoked.
    connected: !row.revoked_at && !row.silent && row.state !== 'offline',
    revoked_at: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
  };
}

/** `GET /api/it/agents/` (IT, ADMIN). */
export async function listAgents(ctx: AppContext, viewer: UserRow): Promise<TAgent[]> {
  if (!canManageItAgents(viewer)) throw forbidden();
  return (await repo.listAgents(ctx.db)).map(present);
}

/**
 * `DELETE /api/it/agents/{id}/` (IT, ADMIN): the credential stops working, and every
 * server re-checks the user's sockets (the agent's own `sessionAlive`), closing its socket.
 */
export async function revokeAgent(ctx: AppContext, viewer: UserRow, id: number, source: AuditSource): Promise<void> {
  if (!canManageItAgents(viewer)) throw forbidden();
  await withTx(ctx, async (tx) => {
    const userId = await repo.revokeAgent(tx.db, id, viewer.id);
    if (userId === null) throw notFound();
    await recordEvent(tx.db, source, { action: 'agent.revoked', targetType: 'it_agent', targetId: id });
    tx.publish({ type: 'sessions.revoked', userId });
  });
}

/** `/ws/agent/?token=agt_…` → the agent's user, with the session id `agent:<id>` (null: refused). */
export async function authenticateAgent(ctx: AppContext, token: string): Promise<Authenticated | null> {
  if (!token.startsWith(AGENT_CREDENTIAL_PREFIX)) return null;
  const found = await repo.findLiveAgentByHash(ctx.db, hashCredential(token));
  return found ? { user: found.user, sessionId: `${SESSION_PREFIX}${found.agentId}` } : null;
}

/** The agent id of an agent socket's session id. */
export function agentIdOf(sessionId: string): number {
  const id = Number(sessionId.slice(SESSION_PREFIX.length));
  if (!sessionId.startsWith(SESSION_PREFIX) || !Number.isInteger(id)) throw new Error('not an agent session');
  return id;
}

/** Whether an agent socket's credential still holds (asked when its user's sessions are revoked). */
export async function agentAlive(ctx: AppContext, sessionId: string, userId: number): Promise<boolean> {
  return repo.agentLive(ctx.db, agentIdOf(sessionId), userId);
}
