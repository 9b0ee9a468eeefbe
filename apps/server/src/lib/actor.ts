import type { UserRow } from '../db/schema.js';

/** Where a request came from. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** A signed-in caller: the user and the session their token belongs to. */
export interface Authenticated {
  user: UserRow;
  sessionId: string;
}

/** Who did something and from where (the event log's actor); null actor = the system or an anonymous caller. */
export interface AuditSource {
  actorId: number | null;
  actorUsername: string;
  ip: string;
  userAgent: string;
}

export function auditSource(user: Pick<UserRow, 'id' | 'username'> | null, client: ClientInfo): AuditSource {
  return { actorId: user?.id ?? null, actorUsername: user?.username ?? '', ip: client.ip, userAgent: client.userAgent };
}

/** The command line, run by whoever holds the server's files. */
export const CLI_SOURCE: AuditSource = { actorId: null, actorUsername: 'cli', ip: '', userAgent: 'portal cli' };
