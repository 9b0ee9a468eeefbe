import { z } from 'zod';
import { defineEndpoint, noContent } from '../common/endpoint.js';
import { schemaMessage } from '../common/messages.js';
import { ZId, ZText } from '../common/text.js';
import { ZUserRef } from '../users/users.js';
import { ZUserType } from '../users/user-types.js';

/**
 * ADMIN's mapping from directory groups and provider claims to who someone is in the
 * portal (issue 30). Rules are ordered: the first that matches gives the user type; the
 * manager and director flags are OR-ed over every rule that matches (so a "Managers" rule
 * can sit below the department rules). No rule matches: the sign-in is refused.
 *
 * A group rule's value matches a group case-insensitively by its full value (a name, or a
 * whole DN) or, for a DN, by its first RDN's value: `cn=IT Staff,ou=groups,dc=x` matches
 * "IT Staff". A claim rule matches when the claim (a dotted path reads nested claims) is
 * that value, or is a list holding it, case-insensitively.
 */
export const ZIdentityMatchKind = z.enum(['group', 'claim']);
export type TIdentityMatchKind = z.infer<typeof ZIdentityMatchKind>;

const ZRuleFields = z.object({
  match_kind: ZIdentityMatchKind,
  /** The claim's name for a claim rule (ignored for a group rule). */
  claim: ZText.trim().max(200),
  value: ZText.trim().min(1, schemaMessage('blank')).max(500),
  user_type: ZUserType,
  is_manager: z.boolean(),
  is_director: z.boolean(),
});

export const ZIdentityMappingRequest = ZRuleFields.superRefine((r, ctx) => {
  if (r.match_kind === 'claim' && !r.claim) {
    ctx.addIssue({ code: 'custom', path: ['claim'], message: schemaMessage('identityMappingClaimMissing') });
  }
});
export type TIdentityMappingRequest = z.infer<typeof ZIdentityMappingRequest>;

export const ZIdentityMapping = z
  .object({
    id: z.number().int(),
    position: z.number().int(),
    match_kind: ZIdentityMatchKind,
    claim: ZText,
    value: ZText,
    user_type: ZUserType,
    is_manager: z.boolean(),
    is_director: z.boolean(),
  })
  .meta({ id: 'IdentityMapping' });
export type TIdentityMapping = z.infer<typeof ZIdentityMapping>;

export const ZIdentityMappingList = z.array(ZIdentityMapping);
export type TIdentityMappingList = z.infer<typeof ZIdentityMappingList>;

export const ZMoveIdentityMappingRequest = z.object({ direction: z.enum(['up', 'down']) });
export type TMoveIdentityMappingRequest = z.infer<typeof ZMoveIdentityMappingRequest>;

/** The whole draft list, in order: what the saved rules would become. */
export const ZIdentityMappingPreviewRequest = z.object({ rules: z.array(ZIdentityMappingRequest).max(500) });
export type TIdentityMappingPreviewRequest = z.infer<typeof ZIdentityMappingPreviewRequest>;

/** What a mapping gives someone; null: no rule matches (their sign-in is refused). */
export const ZIdentityOutcome = z
  .object({ user_type: ZUserType, is_manager: z.boolean(), is_director: z.boolean() })
  .nullable();
export type TIdentityOutcome = z.infer<typeof ZIdentityOutcome>;

export const ZIdentityMappingPreview = z.object({
  /** People linked to the directory or a provider whose next sign-in the draft would change. */
  count: z.number().int(),
  affected: z.array(
    z.object({
      user: ZUserRef,
      /** The account as it is now. */
      current: z.object({ user_type: ZUserType, is_manager: z.boolean(), is_director: z.boolean() }),
      /** What the draft gives at their next sign-in (null: refused). */
      next: ZIdentityOutcome,
    }),
  ),
});
export type TIdentityMappingPreview = z.infer<typeof ZIdentityMappingPreview>;

export const ZExternalIdentity = z.object({
  provider: z.enum(['oidc', 'ldap']),
  subject: ZText,
  groups: z.array(ZText),
  last_sign_in_at: ZText,
});
export const ZExternalIdentityList = z.array(ZExternalIdentity);
export type TExternalIdentity = z.infer<typeof ZExternalIdentity>;

const tags = ['auth'] as const;
const ADMIN_ONLY = { rule: 'canAdministerAccounts: ADMIN only', outsider: 403 } as const;
const ZMappingIdParams = z.object({ id: ZId });

export const identityMappingEndpoints = {
  listIdentityMappings: defineEndpoint({
    operationId: 'listIdentityMappings',
    method: 'GET',
    path: '/admin/identity-mappings/',
    tags,
    summary: 'The rules from directory groups and provider claims to user types, in order (ADMIN only)',
    policy: ADMIN_ONLY,
    responses: { 200: ZIdentityMappingList },
    errors: [401, 403],
  }),
  createIdentityMapping: defineEndpoint({
    operationId: 'createIdentityMapping',
    method: 'POST',
    path: '/admin/identity-mappings/',
    tags,
    summary: 'Add a mapping rule at the end of the list (ADMIN only)',
    policy: ADMIN_ONLY,
    body: ZIdentityMappingRequest,
    responses: { 201: ZIdentityMapping },
    errors: [400, 401, 403],
  }),
  updateIdentityMapping: defineEndpoint({
    operationId: 'updateIdentityMapping',
    method: 'PUT',
    path: '/admin/identity-mappings/:id/',
    tags,
    summary: 'Change a mapping rule (ADMIN only)',
    policy: ADMIN_ONLY,
    params: ZMappingIdParams,
    body: ZIdentityMappingRequest,
    responses: { 200: ZIdentityMapping },
    errors: [400, 401, 403, 404],
  }),
  deleteIdentityMapping: defineEndpoint({
    operationId: 'deleteIdentityMapping',
    method: 'DELETE',
    path: '/admin/identity-mappings/:id/',
    tags,
    summary: 'Remove a mapping rule (ADMIN only)',
    policy: ADMIN_ONLY,
    params: ZMappingIdParams,
    responses: { 204: noContent.describe('Removed.') },
    errors: [400, 401, 403, 404],
  }),
  moveIdentityMapping: defineEndpoint({
    operationId: 'moveIdentityMapping',
    method: 'POST',
    path: '/admin/identity-mappings/:id/move/',
    tags,
    summary: 'Move a mapping rule one place up or down; answers the list (ADMIN only)',
    policy: ADMIN_ONLY,
    params: ZMappingIdParams,
    body: ZMoveIdentityMappingRequest,
    responses: { 200: ZIdentityMappingList },
    errors: [400, 401, 403, 404],
  }),
  previewIdentityMappings: defineEndpoint({
    operationId: 'previewIdentityMappings',
    method: 'POST',
    path: '/admin/identity-mappings/preview/',
    tags,
    summary:
      "Whom a draft list of rules would change, from each linked person's last-seen groups and claims (ADMIN only)",
    policy: ADMIN_ONLY,
    body: ZIdentityMappingPreviewRequest,
    responses: { 200: ZIdentityMappingPreview },
    errors: [400, 401, 403],
  }),
  listUserExternalIdentities: defineEndpoint({
    operationId: 'listUserExternalIdentities',
    method: 'GET',
    path: '/admin/users/:id/external-identities/',
    tags,
    summary: 'The directory and provider accounts linked to a portal account (ADMIN only)',
    policy: ADMIN_ONLY,
    params: ZMappingIdParams,
    responses: { 200: ZExternalIdentityList },
    errors: [400, 401, 403, 404],
  }),
};
