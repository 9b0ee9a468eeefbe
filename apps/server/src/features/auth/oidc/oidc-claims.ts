import type { ExternalIdentity } from '../provisioning/provision.js';

/** Settings that say which claims mean what (OIDC_USERNAME_CLAIM, OIDC_GROUPS_CLAIM). */
export interface ClaimNames {
  username: string;
  groups: string;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** A groups claim as providers send it: a list of names or ids, or one string. */
function groupList(v: unknown): string[] {
  if (Array.isArray(v)) return v.filter((g): g is string => typeof g === 'string' && g !== '');
  return typeof v === 'string' && v ? [v] : [];
}

/**
 * The person an ID token (and the provider's userinfo) describes, or null when the claim
 * that names their portal username is missing. Claims named with dots (`realm_access.roles`,
 * Keycloak's roles) are read along the path.
 */
export function identityFromClaims(claims: Record<string, unknown>, names: ClaimNames): ExternalIdentity | null {
  const username = text(claimAt(claims, names.username));
  const subject = text(claims.sub);
  if (!username || !subject) return null;
  return {
    provider: 'oidc',
    subject,
    username,
    email: text(claims.email),
    // Only a verified address may link an existing portal account (provisioning decides).
    emailVerified: claims.email_verified === true,
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
    groups: groupList(claimAt(claims, names.groups)),
    claims,
  };
}

function claimAt(claims: Record<string, unknown>, name: string): unknown {
  if (name in claims) return claims[name];
  let at: unknown = claims;
  for (const part of name.split('.')) {
    if (!at || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/**
 * RFC 8176 methods that are a second factor, or a proof of possession beyond a password
 * (one time codes, hardware keys, smart cards, biometrics), and `acr` values that name
 * multi-factor authentication (the PAPE policy URI, Keycloak/Entra-style names).
 */
const MFA_METHODS = new Set(['mfa', 'mca', 'otp', 'hwk', 'sc', 'fpt', 'face', 'iris', 'retina', 'vbm', 'sms', 'tel']);
const MFA_ACR = /multi-factor|\bmfa\b|phrh?$/i;

/** Whether the provider says it checked a second factor itself (`amr`, or `acr`). */
export function providerAssertsMfa(claims: Record<string, unknown>): boolean {
  const amr = Array.isArray(claims.amr) ? claims.amr : [];
  if (amr.some((m) => typeof m === 'string' && MFA_METHODS.has(m))) return true;
  return typeof claims.acr === 'string' && MFA_ACR.test(claims.acr);
}
