import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import {
  successStatus,
  ZApiError,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointReply,
  type EndpointSpec,
} from '@portal/contracts';

/** The request a handler of `E` sees: params, query and body as its contract parses them. */
export type EndpointRequest<E extends EndpointSpec> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: EndpointBody<E>;
}>;

/**
 * A handler answers the contract's success value (sent with the endpoint's one 2xx status),
 * or sends the reply itself (a file, a stream, a status chosen at run time) and returns it.
 */
export type EndpointHandler<E extends EndpointSpec> = (
  req: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointReply<E> | FastifyReply> | EndpointReply<E> | FastifyReply;

/**
 * Route options a contract does not carry: upload hooks, a larger body limit, and the
 * server's own route settings beside access and policy (`limitFailures`).
 */
export type RouteExtras = Pick<RouteOptions, 'preValidation' | 'preHandler' | 'bodyLimit' | 'onRequest'> & {
  config?: Omit<FastifyContextConfig, 'access' | 'policy'>;
};

/** The Fastify schema of an endpoint: its inputs, its answers and the error shape for each error status. */
export function routeSchema(endpoint: EndpointSpec) {
  return {
    operationId: endpoint.operationId,
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    ...(endpoint.hide ? { hide: true } : {}),
    ...(endpoint.consumes ? { consumes: [...endpoint.consumes] } : {}),
    ...(endpoint.security ? { security: endpoint.security.map((s) => ({ ...s })) } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.headers ? { headers: endpoint.headers } : {}),
    response: {
      ...endpoint.responses,
      ...Object.fromEntries(endpoint.errors.map((status) => [status, ZApiError])),
    },
  };
}

/** Runs before validation: a request without a body is read as `{}`. */
const readMissingBodyAsEmpty: preValidationAsyncHookHandler = async (req) => {
  if (req.body === undefined) req.body = {};
};

/**
 * Registers the route an endpoint declares (relative to the plugin's prefix, `/api`):
 * its schema (validation, serialisation, the OpenAPI document), its access and policy
 * (the auth plugin and the route-policy test read them), and `handler`.
 */
export function route<E extends EndpointSpec>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const status = successStatus(endpoint);
  const { config, preValidation, ...options } = extras;
  // A body whose fields are all optional may be left out (a bare `POST …/cancel/`): it
  // means the same as `{}`, rather than failing validation as "no set of fields".
  const bodyMayBeLeftOut = !!endpoint.body && endpoint.body.safeParse({}).success;
  const hooks = [
    ...(bodyMayBeLeftOut ? [readMissingBodyAsEmpty] : []),
    ...(preValidation ? [preValidation].flat() : []),
  ];
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: routeSchema(endpoint),
    config: { ...config, access: endpoint.access ?? 'staff', policy: endpoint.policy },
    ...options,
    ...(hooks.length > 0 ? { preValidation: hooks } : {}),
    async handler(req, reply) {
      if (status !== 200) void reply.status(status);
      const answer = await handler(req as EndpointRequest<E>, reply);
      if (answer === reply || reply.sent) return reply;
      return reply.send(answer ?? null);
    },
  });
}
