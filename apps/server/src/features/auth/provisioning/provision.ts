import type { UserRow } from '../../../db/schema.js';
import type { ClientInfo } from '../../../lib/actor.js';
import type { AppContext } from '../../../lib/context.js';

/** A person as a directory (LDAP) or an OpenID provider describes them at sign-in. */
export interface ExternalIdentity {
  provider: 'oidc' | 'ldap';
  /** Stable id at the source: the OpenID `sub`, the directory entry's DN (or entryUUID). */
  subject: string;
  username: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  /** Group names or DNs (directory `memberOf`, the provider's groups claim). */
  groups: string[];
  /** Every claim the provider sent (claim-based mappings read them); empty for LDAP. */
  claims?: Record<string, unknown>;
}

/**
 * The portal account for an external identity, created on first sign-in and refreshed on
 * each (type and flags from ADMIN's mapping of groups and claims): answers the user, or
 * throws the refusal to show (no mapping, not staff, deactivated, creation turned off).
 * Filled in by the identity-mapping work of issue 30.
 */
export async function provisionExternalUser(
  _ctx: AppContext,
  _identity: ExternalIdentity,
  _client: ClientInfo,
): Promise<UserRow> {
  throw new Error('provisionExternalUser: not built yet');
}
