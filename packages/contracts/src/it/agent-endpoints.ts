import { z } from 'zod';
import { defineEndpoint, noContent } from '../common/endpoint.js';
import { ZId } from '../common/text.js';
import { ZAgentEnrollRequest, ZAgentEnrollment, ZAgentList } from './it.js';

const TAGS = ['it'] as const;
const MANAGE = { rule: 'canManageItAgents: IT and ADMIN', outsider: 403 } as const;

/** The desktop agent's HTTP side: enrolment (the agent calls it), the agents list and revocation (spec: IT monitoring). */
export const itAgentEndpoints = {
  enrollAgent: defineEndpoint({
    operationId: 'enrollAgent',
    method: 'POST',
    path: '/it/agents/enroll/',
    tags: TAGS,
    summary: 'Exchange a password once for an agent credential bound to this machine (shown once)',
    access: 'public',
    policy: {
      rule: 'anyone with the account’s password (canRunAgent: not GUEST); failures throttled',
      outsider: null,
    },
    body: ZAgentEnrollRequest,
    security: [],
    responses: { 201: ZAgentEnrollment },
    // 503: the company directory is configured but cannot be reached.
    errors: [400, 403, 429, 503],
  }),
  listAgents: defineEndpoint({
    operationId: 'listAgents',
    method: 'GET',
    path: '/it/agents/',
    tags: TAGS,
    summary: 'Enrolled machines with their user, version and last sign of life (newest first)',
    policy: MANAGE,
    responses: { 200: ZAgentList },
    errors: [401, 403],
  }),
  revokeAgent: defineEndpoint({
    operationId: 'revokeAgent',
    method: 'DELETE',
    path: '/it/agents/:id/',
    tags: TAGS,
    summary: 'Revoke an agent: its socket closes at once on every server (4401)',
    policy: MANAGE,
    params: z.object({ id: ZId }),
    responses: { 204: noContent },
    errors: [400, 401, 403, 404],
  }),
};
