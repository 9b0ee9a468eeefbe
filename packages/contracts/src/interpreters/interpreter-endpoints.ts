import { z } from 'zod';
import { defineEndpoint, noContent } from '../common/endpoint.js';
import { ZId, ZText } from '../common/text.js';
import {
  ZFollowRequest,
  ZFollowSettings,
  ZIntegrationKeyList,
  ZIntegrationKeyRequest,
  ZInterpreter,
  ZInterpreterList,
  ZInterpreterProfileRequest,
  ZNewIntegrationKey,
  ZPresenceEventsRequest,
  ZPresenceEventsResult,
  ZPresenceHeartbeatRequest,
  ZPresenceHeartbeatResult,
} from './interpreters.js';

const TAGS = ['interpreters'] as const;
const BOARD = {
  rule: 'canSeeInterpreters: WFM, RTM, OPERATION, QUALITY, English Department, G.SDM, G.I, ADMIN',
  outsider: 403,
} as const;
const PRESENCE = {
  rule: 'an integration API key for anyone; a signed-in INTERPRETER for their own username only (others refused per event)',
  outsider: null,
} as const;
const KEYS = { rule: 'canAdministerAccounts: ADMIN', outsider: 403 } as const;
const ZKeyIdParams = z.object({ id: ZId });
const ZUsernameParams = z.object({ username: ZText.min(1).max(150) });

/** The interpreters board, following, the presence feed and integration keys (spec: interpreters). */
export const interpreterEndpoints = {
  listInterpreters: defineEndpoint({
    operationId: 'listInterpreters',
    method: 'GET',
    path: '/user/interpreters/',
    tags: TAGS,
    summary: 'Interpreters with their status, followers and profile (online first, then by name)',
    policy: BOARD,
    responses: { 200: ZInterpreterList },
    errors: [401, 403],
  }),
  followInterpreters: defineEndpoint({
    operationId: 'followInterpreters',
    method: 'POST',
    path: '/user/follow/',
    tags: TAGS,
    summary: 'Follow or unfollow an interpreter (idempotent); answers them with the new follower count',
    policy: BOARD,
    body: ZFollowRequest,
    responses: { 200: ZInterpreter },
    errors: [400, 401, 403, 404],
  }),
  updateInterpreterProfile: defineEndpoint({
    operationId: 'updateInterpreterProfile',
    method: 'PUT',
    path: '/user/interpreters/:username/profile/',
    tags: TAGS,
    summary: "Change an interpreter's languages, team and extension",
    policy: { rule: 'canEditInterpreterProfiles: WFM, RTM and ADMIN', outsider: 403 },
    params: ZUsernameParams,
    body: ZInterpreterProfileRequest,
    responses: { 200: ZInterpreter },
    errors: [400, 401, 403, 404],
  }),
  getFollowSettings: defineEndpoint({
    operationId: 'getFollowSettings',
    method: 'GET',
    path: '/user/follow-settings/',
    tags: TAGS,
    summary: 'Whether a followed interpreter coming online notifies me',
    policy: BOARD,
    responses: { 200: ZFollowSettings },
    errors: [401, 403],
  }),
  updateFollowSettings: defineEndpoint({
    operationId: 'updateFollowSettings',
    method: 'PUT',
    path: '/user/follow-settings/',
    tags: TAGS,
    summary: 'Switch the online notifications of followed interpreters on or off',
    policy: BOARD,
    body: ZFollowSettings,
    responses: { 200: ZFollowSettings },
    errors: [400, 401, 403],
  }),
  postPresenceEvents: defineEndpoint({
    operationId: 'postPresenceEvents',
    method: 'POST',
    path: '/presence/events/',
    tags: TAGS,
    summary: 'Report presence changes (idempotent per source_id; applied in `at` order, late ones merged)',
    description:
      "Authenticated by an integration API key (`X-Api-Key: pk_…` or `Authorization: Bearer pk_…`) or an INTERPRETER's own token. One result per event, in the order sent.",
    access: 'integration',
    policy: PRESENCE,
    body: ZPresenceEventsRequest,
    responses: { 200: ZPresenceEventsResult },
    errors: [400, 401],
  }),
  postPresenceHeartbeat: defineEndpoint({
    operationId: 'postPresenceHeartbeat',
    method: 'POST',
    path: '/presence/heartbeat/',
    tags: TAGS,
    summary: "Keep an interpreter's open presence session alive",
    access: 'integration',
    policy: PRESENCE,
    body: ZPresenceHeartbeatRequest,
    responses: { 200: ZPresenceHeartbeatResult },
    errors: [400, 401],
  }),
  listIntegrationKeys: defineEndpoint({
    operationId: 'listIntegrationKeys',
    method: 'GET',
    path: '/admin/integration-keys/',
    tags: TAGS,
    summary: 'Integration API keys (never the keys themselves)',
    policy: KEYS,
    responses: { 200: ZIntegrationKeyList },
    errors: [401, 403],
  }),
  createIntegrationKey: defineEndpoint({
    operationId: 'createIntegrationKey',
    method: 'POST',
    path: '/admin/integration-keys/',
    tags: TAGS,
    summary: 'Create an integration API key (shown once, in this answer)',
    policy: KEYS,
    body: ZIntegrationKeyRequest,
    responses: { 201: ZNewIntegrationKey },
    errors: [400, 401, 403],
  }),
  revokeIntegrationKey: defineEndpoint({
    operationId: 'revokeIntegrationKey',
    method: 'DELETE',
    path: '/admin/integration-keys/:id/',
    tags: TAGS,
    summary: 'Revoke an integration API key (it answers 401 from then on)',
    policy: KEYS,
    params: ZKeyIdParams,
    responses: { 204: noContent },
    errors: [400, 401, 403, 404],
  }),
};
