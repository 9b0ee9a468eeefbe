import type { TMfaChallenge, TMfaMethod } from '@portal/contracts';
import type { Database } from '../../../db/database.js';
import type { UserRow } from '../../../db/schema.js';
import type { AppContext } from '../../../lib/context.js';
import { createChallenge } from '../challenges.repository.js';
import { deleteTotp, hasConfirmedTotp, replaceRecoveryCodes } from './mfa.repository.js';

/** How long a sign-in may wait for its second factor (or its forced enrolment). */
export const MFA_CHALLENGE_TTL_SECONDS = 5 * 60;

/** How the first factor was proven (recorded with the sign-in; decides what is asked next). */
export interface SignInVia {
  method: 'password' | 'ldap' | 'oidc' | 'passkey';
  /** The provider asserted a second factor it checked itself (OpenID `amr`/`acr`, when trusted). */
  mfaAsserted?: boolean;
  /** The second factor proven after it (set when a challenge completes; in the event log). */
  secondFactor?: TMfaMethod;
}

/** What an `mfa` / `mfa_enrol` challenge remembers of the first step. */
export interface MfaChallengeData {
  via: SignInVia;
}

/**
 * A kind of second factor a user may hold. TOTP is built in; the passkey feature
 * registers its own (`registerSecondFactor`), so a user with only a passkey is challenged
 * too, and an ADMIN's reset removes it as well.
 */
export interface SecondFactorKind {
  /** The sign-in methods it offers this user (none when they hold none). */
  methods(db: Database, userId: number): Promise<TMfaMethod[]>;
  /** Removes all of the user's factors of this kind (an ADMIN's reset; inside its transaction). */
  removeAll(db: Database, userId: number): Promise<void>;
}

const kinds: SecondFactorKind[] = [
  {
    methods: async (db, userId) => ((await hasConfirmedTotp(db, userId)) ? ['totp', 'recovery'] : []),
    removeAll: async (db, userId) => {
      await deleteTotp(db, userId);
      await replaceRecoveryCodes(db, userId, []);
    },
  },
];

/** Adds a kind of second factor (called once, when its feature's module loads). */
export function registerSecondFactor(kind: SecondFactorKind): void {
  kinds.push(kind);
}

/** Every method the user can prove a second factor with (empty: they have none). */
export async function secondFactorMethods(db: Database, userId: number): Promise<TMfaMethod[]> {
  const all: TMfaMethod[] = [];
  // One after another: `db` may be a transaction, which runs one query at a time.
  for (const kind of kinds) all.push(...(await kind.methods(db, userId)));
  return [...new Set(all)];
}

/** Removes every second factor the user holds, of every kind. */
export async function removeAllSecondFactors(db: Database, userId: number): Promise<void> {
  for (const kind of kinds) await kind.removeAll(db, userId);
}

export const mfaRequiredFor = (ctx: AppContext, user: Pick<UserRow, 'user_type'>) =>
  ctx.config.MFA_REQUIRED_TYPES.includes(user.user_type);

/**
 * Whether a sign-in whose first factor just succeeded must prove (or first set up) a
 * second one, and if so the challenge to answer instead of a session. Null: sign in now.
 * A passkey is already two factors (a device and its unlock); a provider's own asserted
 * MFA counts when OIDC_TRUST_MFA says so.
 */
export async function secondFactorChallenge(
  ctx: AppContext,
  user: UserRow,
  via: SignInVia,
): Promise<{ mfa: TMfaChallenge } | null> {
  if (via.method === 'passkey') return null;
  if (via.mfaAsserted && ctx.config.OIDC_TRUST_MFA) return null;
  const methods = await secondFactorMethods(ctx.db, user.id);
  const data: MfaChallengeData = { via };
  const ttlSeconds = MFA_CHALLENGE_TTL_SECONDS;
  if (methods.length > 0) {
    const challenge = await createChallenge(ctx.db, { purpose: 'mfa', userId: user.id, data, ttlSeconds });
    return { mfa: { challenge, methods, enrol: false, expires_in: ttlSeconds } };
  }
  if (mfaRequiredFor(ctx, user)) {
    const challenge = await createChallenge(ctx.db, { purpose: 'mfa_enrol', userId: user.id, data, ttlSeconds });
    return { mfa: { challenge, methods: ['totp', 'passkey'], enrol: true, expires_in: ttlSeconds } };
  }
  return null;
}
