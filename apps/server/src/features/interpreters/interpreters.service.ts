import {
  canEditInterpreterProfiles,
  canSeeInterpreters,
  type TFollowRequest,
  type TFollowSettings,
  type TInterpreter,
  type TInterpreterProfileRequest,
} from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import type { AuditSource } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { withTx } from '../../lib/tx.js';
import { recordEvent } from '../event-logs/index.js';
import { presentInterpreter } from './interpreters.presenter.js';
import * as repo from './interpreters.repository.js';

const NO_INTERPRETER = 'interpreterNotFound';

function mustSeeInterpreters(user: UserRow): void {
  if (!canSeeInterpreters(user)) throw forbidden();
}

/** One interpreter as `viewer` sees them (read in the caller's handle: pool or transaction; "today" in `timeZone`). */
async function readOne(db: repo.Db, timeZone: string, viewer: UserRow, username: string): Promise<TInterpreter> {
  const row = (await repo.listInterpreters(db, viewer.id, timeZone, username))[0];
  if (!row) throw notFound(NO_INTERPRETER);
  return presentInterpreter(row);
}

/** `GET /api/user/interpreters/`: online first, then by name. */
export async function listBoard(ctx: AppContext, user: UserRow): Promise<TInterpreter[]> {
  mustSeeInterpreters(user);
  return (await repo.listInterpreters(ctx.db, user.id, ctx.config.TIME_ZONE)).map(presentInterpreter);
}

/** `POST /api/user/follow/`: idempotent; answers the interpreter with the new follower count. */
export async function follow(
  ctx: AppContext,
  user: UserRow,
  input: TFollowRequest,
  source: AuditSource,
): Promise<TInterpreter> {
  mustSeeInterpreters(user);
  const target = await repo.findInterpreter(ctx.db, input.username.trim());
  if (!target) throw notFound(NO_INTERPRETER);
  return withTx(ctx, async (tx) => {
    const changed = await repo.setFollow(tx.db, user.id, target.id, input.follow);
    if (changed) {
      await recordEvent(tx.db, source, {
        action: input.follow ? 'interpreter.followed' : 'interpreter.unfollowed',
        targetType: 'user',
        targetId: target.id,
        details: { username: target.username },
      });
    }
    return readOne(tx.db, ctx.config.TIME_ZONE, user, target.username);
  });
}

/** `PUT /api/user/interpreters/{username}/profile/` (canEditInterpreterProfiles). */
export async function saveProfile(
  ctx: AppContext,
  user: UserRow,
  username: string,
  input: TInterpreterProfileRequest,
  source: AuditSource,
): Promise<TInterpreter> {
  if (!canEditInterpreterProfiles(user)) throw forbidden();
  const target = await repo.findInterpreter(ctx.db, username);
  if (!target) throw notFound(NO_INTERPRETER);
  // Either order names the same pair: keep each once.
  const seen = new Set<string>();
  const languages = input.languages
    .map((l) => l.trim())
    .filter((l) => {
      const key = l
        .split('↔')
        .map((s) => s.trim().toLowerCase())
        .sort()
        .join('↔');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  // The Arabic team name: blank clears it, left out keeps it (the contract's ZArabicName).
  const team_ar = input.team_ar === undefined ? undefined : input.team_ar?.trim() || null;
  const values = { languages, team: input.team.trim(), team_ar, extension: input.extension.trim() };
  return withTx(ctx, async (tx) => {
    await repo.upsertProfile(tx.db, target.id, values);
    await recordEvent(tx.db, source, {
      action: 'interpreter.profile_changed',
      targetType: 'user',
      targetId: target.id,
      details: { username: target.username, ...values, team_ar: team_ar ?? undefined },
    });
    return readOne(tx.db, ctx.config.TIME_ZONE, user, target.username);
  });
}

export async function readFollowSettings(ctx: AppContext, user: UserRow): Promise<TFollowSettings> {
  mustSeeInterpreters(user);
  return repo.readFollowSettings(ctx.db, user.id);
}

export async function saveFollowSettings(
  ctx: AppContext,
  user: UserRow,
  input: TFollowSettings,
  source: AuditSource,
): Promise<TFollowSettings> {
  mustSeeInterpreters(user);
  return withTx(ctx, async (tx) => {
    await repo.saveFollowSettings(tx.db, user.id, input.notify_when_online);
    await recordEvent(tx.db, source, {
      action: 'interpreter.follow_settings_changed',
      targetType: 'user',
      targetId: user.id,
      details: { ...input },
    });
    return repo.readFollowSettings(tx.db, user.id);
  });
}
