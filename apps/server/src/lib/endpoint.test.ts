/**
 * `route()` reads a missing body as `{}` when every field of the endpoint's body is
 * optional (a bare `POST …/cancel/`), for every feature alike; a body with a required
 * field is still refused when left out, and a body that is sent is still validated.
 */
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@portal/contracts';
import { route } from './endpoint.js';
import { errorHandler } from './error-handler.js';

const optional = defineEndpoint({
  operationId: 'testWithdraw',
  method: 'POST',
  path: '/things/:id/withdraw/',
  tags: ['test'],
  summary: 'A withdrawal with an optional comment',
  policy: { rule: 'anyone', outsider: null },
  params: z.object({ id: z.coerce.number() }),
  body: z.object({ comment: z.string().default('') }).strict(),
  responses: { 200: z.object({ id: z.number(), comment: z.string() }) },
  errors: [400],
});
const required = defineEndpoint({
  ...optional,
  operationId: 'testRename',
  path: '/things/:id/rename/',
  body: z.object({ name: z.string() }).strict(),
  responses: { 200: z.object({ id: z.number(), comment: z.string() }) },
});

const app = Fastify();
beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  route(app, optional, (req) => ({ id: req.params.id, comment: req.body.comment }));
  route(app, required, (req) => ({ id: req.params.id, comment: req.body.name }));
  await app.ready();
});
afterAll(() => app.close());

describe('route() and bodies left out', () => {
  it('reads a missing body as {} where every field is optional', async () => {
    const bare = await app.inject({ method: 'POST', url: '/things/7/withdraw/' });
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toEqual({ id: 7, comment: '' });
    const sent = await app.inject({
      method: 'POST',
      url: '/things/7/withdraw/',
      payload: { comment: 'Plans changed' },
    });
    expect(sent.json()).toEqual({ id: 7, comment: 'Plans changed' });
    const odd = await app.inject({ method: 'POST', url: '/things/7/withdraw/', payload: { why: 'x' } });
    expect(odd.statusCode).toBe(400);
  });

  it('still refuses a missing body that has a required field', async () => {
    const bare = await app.inject({ method: 'POST', url: '/things/7/rename/' });
    expect(bare.statusCode).toBe(400);
  });
});
