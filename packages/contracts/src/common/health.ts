import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

/**
 * Health for load balancers and orchestrators: no names, versions, addresses or errors,
 * only which part fails. `live` says the process answers; `ready` that it can serve.
 */
export const ZHealthCheck = z.enum(['ok', 'failing']);
export const ZHealthLive = z.object({ status: z.literal('ok') }).meta({ id: 'HealthLive' });
export const ZHealthReady = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    checks: z.object({
      /** A cheap query answered within a short time. */
      database: ZHealthCheck,
      /** Every migration the code lists is applied, and none the code does not know. */
      migrations: ZHealthCheck,
      /** The job queue is started, or can still start on first use. */
      queue: ZHealthCheck,
    }),
  })
  .meta({ id: 'HealthReady' });
export type THealthReady = z.infer<typeof ZHealthReady>;

const tags = ['health'] as const;
const policy = { rule: 'anyone: load balancers and orchestrators, no personal data', outsider: null } as const;

export const healthEndpoints = {
  live: defineEndpoint({
    operationId: 'healthLive',
    method: 'GET',
    path: '/health/live',
    tags,
    summary: 'The process answers',
    access: 'public',
    policy,
    security: [],
    responses: { 200: ZHealthLive },
    // Only the input guard's refusal of an unstorable query value (a NUL): health reads no input.
    errors: [400],
  }),
  ready: defineEndpoint({
    operationId: 'healthReady',
    method: 'GET',
    path: '/health/ready',
    tags,
    summary: 'Ready to serve: database reachable, migrations current, job queue started or startable',
    description: '503 with the same shape names the failing part.',
    access: 'public',
    policy,
    security: [],
    responses: { 200: ZHealthReady, 503: ZHealthReady },
    // Only the input guard's refusal of an unstorable query value (a NUL): health reads no input.
    errors: [400],
  }),
};
