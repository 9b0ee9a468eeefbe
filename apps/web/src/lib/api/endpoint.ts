import type { FetchArgs } from '@reduxjs/toolkit/query/react';
import type { z } from 'zod';
import { fillPath, successSchema, type EndpointAnswer, type EndpointInput, type EndpointSpec } from '@portal/contracts';

/** What the web sends for an endpoint: its input, where an upload's body may be a form instead. */
export type RequestInput<E extends EndpointSpec> = E extends { consumes: readonly string[] }
  ? Omit<EndpointInput<E>, 'body'> & { body: EndpointInput<E> extends { body: infer B } ? B | FormData : never }
  : EndpointInput<E>;

/** The fetch an endpoint's contract describes: its method, its path filled in, its query and body. */
export function contractRequest<E extends EndpointSpec>(endpoint: E, input: RequestInput<E>): FetchArgs {
  const { params, query, body } = input as { params?: Record<string, unknown>; query?: object; body?: unknown };
  return {
    // Relative to the API's base (`/api/`): the base query resolves it.
    url: fillPath(endpoint.path, params).slice(1),
    method: endpoint.method,
    ...(query ? { params: query as Record<string, unknown> } : {}),
    ...(body !== undefined ? { body } : {}),
  };
}

/**
 * An RTK Query definition's `query` and `responseSchema` from an endpoint's contract, so
 * no URL or answer type is written twice. `toInput` maps the hook's argument to the
 * endpoint's input (by default the hook takes the input itself: `{params, query, body}`).
 */
export function fromContract<E extends EndpointSpec, A = RequestInput<E>>(
  endpoint: E,
  toInput?: (arg: A) => RequestInput<E>,
): { query: (arg: A) => FetchArgs; responseSchema?: z.ZodType<EndpointAnswer<E>, EndpointAnswer<E>> } {
  const schema = successSchema(endpoint);
  return {
    query: (arg) => contractRequest(endpoint, toInput ? toInput(arg) : (arg as unknown as RequestInput<E>)),
    ...(schema ? { responseSchema: schema as z.ZodType<EndpointAnswer<E>, EndpointAnswer<E>> } : {}),
  };
}
