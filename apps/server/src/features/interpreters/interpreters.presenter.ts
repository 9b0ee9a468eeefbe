import type { TIntegrationKey, TInterpreter } from '@portal/contracts';
import type { IntegrationKeyRow, InterpreterRow } from './interpreters.repository.js';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export const displayName = (u: { first_name: string; last_name: string; username: string }) =>
  `${u.first_name} ${u.last_name}`.trim() || u.username;

export function presentInterpreter(r: InterpreterRow): TInterpreter {
  return {
    id: r.id,
    username: r.username,
    first_name: r.first_name,
    last_name: r.last_name,
    profile: {
      online: r.online_since ? 1 : 0,
      followers: Number(r.followers ?? 0),
      languages: r.languages,
      team: r.team,
      team_ar: r.team_ar ?? null,
      extension: r.extension,
      online_since: r.online_since ? iso(r.online_since) : null,
      online_minutes_today: Math.max(0, Number(r.online_minutes_today ?? 0)),
    },
    following: Boolean(r.following),
  };
}

export function presentKey(k: IntegrationKeyRow): TIntegrationKey {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    created_at: iso(k.created_at),
    last_used_at: k.last_used_at ? iso(k.last_used_at) : null,
    revoked_at: k.revoked_at ? iso(k.revoked_at) : null,
  };
}
