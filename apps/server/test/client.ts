/**
 * A typed client over the endpoints' contracts: tests call `call(api, leaveEndpoints.getLeave,
 * {params: {id}, token})` and get the answer typed, the path, method and body shape checked
 * by the compiler against the same declaration the server registers.
 */
import {
  fillPath,
  type EndpointAnswer,
  type EndpointInput,
  type EndpointSpec,
  type TApiError,
} from '@portal/contracts';
import type { Api, ApiResponse, TestServer } from './harness.js';

/** An upload's body may be multipart (the harness's `multipartBody`) instead of JSON, as the web sends it. */
type CallInput<E extends EndpointSpec> = E extends { consumes: readonly string[] }
  ? Omit<EndpointInput<E>, 'body'> & { body: EndpointInput<E> extends { body: infer B } ? B | FormData : never }
  : EndpointInput<E>;

export type CallOptions<E extends EndpointSpec> = CallInput<E> & {
  token?: string;
  headers?: Record<string, string>;
};

/** The answer: `body` as the contract's success value, `error` the same body read as the error shape. */
export type CallResponse<E extends EndpointSpec> = ApiResponse<EndpointAnswer<E>> & { error: TApiError };

/** `{a: 1, ids: [2, 3]}` → `?a=1&ids=2&ids=3` (undefined values left out). */
export function queryString(query: object | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export async function call<E extends EndpointSpec>(
  api: Api,
  endpoint: E,
  options: CallOptions<E>,
): Promise<CallResponse<E>> {
  const { params, query, body, token, headers } = options as {
    params?: Record<string, unknown>;
    query?: object;
    body?: unknown;
    token?: string;
    headers?: Record<string, string>;
  };
  const url = `/api${fillPath(endpoint.path, params)}${queryString(query)}`;
  const res = await api<EndpointAnswer<E>>(
    endpoint.method,
    url,
    body instanceof FormData ? { token, form: body, headers } : { token, body, headers },
  );
  return { ...res, error: res.body as TApiError };
}

/** What `callAs` takes besides the token: the endpoint's params, query and body (and headers). */
export type AsOptions<E extends EndpointSpec> = Omit<CallOptions<E>, 'token'>;

/**
 * `call` as someone: a demo username or a factory-made user, signed in once per server by
 * the harness (`s.token`). An endpoint without params, query or body needs no options.
 */
export async function callAs<E extends EndpointSpec>(
  s: Pick<TestServer, 'api' | 'token'>,
  who: string | { username: string },
  endpoint: E,
  ...[options]: object extends AsOptions<E> ? [options?: AsOptions<E>] : [options: AsOptions<E>]
): Promise<CallResponse<E>> {
  return call(s.api, endpoint, { ...options, token: await s.token(who) } as CallOptions<E>);
}
