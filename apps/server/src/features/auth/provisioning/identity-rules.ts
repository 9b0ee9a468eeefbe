import type { TIdentityOutcome, TIdentityMappingRequest, TUserType } from '@portal/contracts';

/** What a rule needs to match (a saved rule or a draft one). */
export type IdentityRule = Pick<
  TIdentityMappingRequest,
  'match_kind' | 'claim' | 'value' | 'user_type' | 'is_manager' | 'is_director'
>;

/** What a person brings to the rules: their groups (names or DNs) and the provider's claims. */
export interface IdentityFacts {
  groups: readonly string[];
  claims: Readonly<Record<string, unknown>>;
}

const fold = (s: string) => s.trim().toLowerCase();

/**
 * The value of a DN's first RDN (`cn=IT Staff,ou=groups,dc=x` → `IT Staff`), escapes
 * (`\,`, `\2C`) undone; null when the text is not a DN (a plain group name).
 */
export function firstRdnValue(dn: string): string | null {
  let i = 0;
  let raw = '';
  while (i < dn.length) {
    const c = dn[i]!;
    if (c === '\\' && i + 1 < dn.length) {
      raw += dn.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (c === ',' || c === '+') break;
    raw += c;
    i++;
  }
  const eq = raw.indexOf('=');
  // An attribute type is a name or an OID: anything else before "=" means this is no DN.
  if (eq < 1 || !/^\s*[A-Za-z][\w-]*\s*$|^\s*\d+(\.\d+)*\s*$/.test(raw.slice(0, eq))) return null;
  return raw
    .slice(eq + 1)
    .replace(/\\([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\(.)/g, '$1')
    .trim();
}

function groupMatches(rule: string, group: string): boolean {
  const want = fold(rule);
  if (fold(group) === want) return true;
  const rdn = firstRdnValue(group);
  return rdn !== null && fold(rdn) === want;
}

/** A claim by name, or by a dotted path into nested claims (`realm_access.roles`). */
function claimValue(claims: Readonly<Record<string, unknown>>, name: string): unknown {
  if (name in claims) return claims[name];
  let at: unknown = claims;
  for (const part of name.split('.')) {
    if (!at || typeof at !== 'object' || Array.isArray(at)) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

function claimMatches(rule: IdentityRule, claims: Readonly<Record<string, unknown>>): boolean {
  const value = claimValue(claims, rule.claim);
  const values = Array.isArray(value) ? value : [value];
  const want = fold(rule.value);
  return values.some(
    (v) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') && fold(String(v)) === want,
  );
}

export function ruleMatches(rule: IdentityRule, facts: IdentityFacts): boolean {
  return rule.match_kind === 'group'
    ? facts.groups.some((g) => groupMatches(rule.value, g))
    : claimMatches(rule, facts.claims);
}

/**
 * Who the rules make someone: the first matching rule's user type, the manager and
 * director flags of every matching rule OR-ed (a "Managers" rule below the department
 * rules adds the flag whatever the department). Null: no rule matches (refused).
 */
export function resolveIdentity(rules: readonly IdentityRule[], facts: IdentityFacts): TIdentityOutcome {
  let userType: TUserType | null = null;
  let isManager = false;
  let isDirector = false;
  for (const rule of rules) {
    if (!ruleMatches(rule, facts)) continue;
    userType ??= rule.user_type;
    isManager ||= rule.is_manager;
    isDirector ||= rule.is_director;
  }
  return userType === null ? null : { user_type: userType, is_manager: isManager, is_director: isDirector };
}

export const sameOutcome = (a: TIdentityOutcome, b: TIdentityOutcome) =>
  a === b ||
  (!!a && !!b && a.user_type === b.user_type && a.is_manager === b.is_manager && a.is_director === b.is_director);

/** Protocol claims that say nothing about the person: not kept (and never a token). */
const PROTOCOL_CLAIMS = new Set([
  'iss',
  'aud',
  'exp',
  'iat',
  'nbf',
  'nonce',
  'at_hash',
  'c_hash',
  's_hash',
  'auth_time',
  'sid',
  'jti',
  'azp',
  'acr',
  'amr',
  'access_token',
  'id_token',
  'refresh_token',
]);

/** The claims kept for claim rules and their preview: the person's, bounded in size. */
export function claimsToKeep(claims: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(claims ?? {})) {
    if (PROTOCOL_CLAIMS.has(name)) continue;
    if (JSON.stringify(value ?? null).length > 4000) continue;
    kept[name] = value;
  }
  return kept;
}
