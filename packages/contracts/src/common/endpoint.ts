import { z } from 'zod';

/**
 * One declaration per endpoint: method, path, inputs, answers, error statuses and who may
 * call it. The server registers the route from it (Fastify and the OpenAPI document), the
 * web builds its RTK Query endpoint from it, and tests call it through a typed client, so
 * a path or a payload is written once.
 */

/**
 * Who may call a route. Secure by default: a route that says nothing is for staff only;
 * `authenticated` admits INTERPRETER and GUEST too (they may sign in, e.g. for the
 * monitoring agent); `integration` admits an integration API key (`X-Api-Key`, or a
 * bearer `pk_…`) as well as any signed-in user; `public` admits anyone.
 */
export type Access = 'public' | 'authenticated' | 'staff' | 'integration';

/**
 * What the service checks beyond `access`, declared beside the route so a test can call
 * every route as someone outside its audience (the server's route-policy test).
 */
export interface RoutePolicy {
  /** The rule in words, naming the permissions-module function where there is one. */
  rule: string;
  /**
   * How a staff user outside the audience is refused: 403, or 404 for records they may
   * not see (never a hint that they exist); null when every caller `access` admits is in it.
   */
  outsider: 403 | 404 | null;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Error statuses an endpoint documents; each answers the API's one error shape. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

const FILE_ANSWERS = new WeakSet<z.ZodType>();
/**
 * An answer that is not JSON (a file, a CSV, a PDF), documented by its media type; the
 * web downloads it rather than parsing it. `schema` is what the document shows (any value
 * by default; `z.string()` for text).
 */
export function fileAnswer<S extends z.ZodType = z.ZodAny>(mediaType: string, schema?: S): S {
  const answer = (schema ?? z.any()).describe(mediaType) as S;
  FILE_ANSWERS.add(answer);
  return answer;
}
/** The answer of 204 No Content. */
export const noContent = z.null();

export interface EndpointSpec {
  /** Stable name for generated clients (OpenAPI `operationId`), camelCase, unique. */
  operationId: string;
  method: HttpMethod;
  /** Relative to `/api`, Fastify's notation for parameters (`/leaves/:id/`). */
  path: `/${string}`;
  tags: readonly string[];
  summary: string;
  description?: string;
  access?: Access;
  policy: RoutePolicy;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** Request media types besides JSON (multipart uploads). */
  consumes?: readonly string[];
  /** The success answers by status: exactly one 2xx is the usual case. */
  responses: { readonly [status: number]: z.ZodType };
  errors: readonly ErrorStatus[];
  /** Overrides the document's default (bearer) security, e.g. `[{ apiKey: [] }, { bearer: [] }]`. */
  security?: readonly Record<string, readonly string[]>[];
  /** Left out of the OpenAPI document (internal routes). */
  hide?: boolean;
}

/** Checks a declaration's shape while keeping its exact (literal) types for inference. */
export const defineEndpoint = <const E extends EndpointSpec>(endpoint: E): E => endpoint;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

export type EndpointParams<E extends EndpointSpec> = Out<E['params']>;
export type EndpointQuery<E extends EndpointSpec> = Out<E['query']>;
export type EndpointBody<E extends EndpointSpec> = Out<E['body']>;

/** The 2xx statuses an endpoint declares. */
export type SuccessStatus<E extends EndpointSpec> = Extract<keyof E['responses'], number>;
/** What a success answer carries (the union when several 2xx are declared). */
export type EndpointAnswer<E extends EndpointSpec> = z.output<E['responses'][SuccessStatus<E>]>;
/** What the server may hand back for a success (before its schema serialises it). */
export type EndpointReply<E extends EndpointSpec> = z.input<E['responses'][SuccessStatus<E>]>;

type Defined<T> = { [K in keyof T as T[K] extends undefined ? never : K]: T[K] };
/** Path parameters travel as text: a caller may give numbers for them. */
type PathValues<S> = S extends z.ZodType ? { [K in keyof z.input<S>]: string | number } : undefined;
/** What a caller sends: the path parameters, the query and the body, as the endpoint declares them. */
export type EndpointInput<E extends EndpointSpec> = Defined<{
  params: PathValues<E['params']>;
  query: In<E['query']>;
  body: In<E['body']>;
}>;

/** `/leaves/:id/` with `{id: 7}` → `/leaves/7/` (each value URI-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The one success status of an endpoint that declares a single 2xx (else 200). */
export function successStatus(endpoint: EndpointSpec): number {
  const ok = Object.keys(endpoint.responses)
    .map(Number)
    .filter((s) => s >= 200 && s < 300);
  return ok.length === 1 ? ok[0]! : 200;
}

/** The schema of the success answer, when there is exactly one and it is JSON. */
export function successSchema(endpoint: EndpointSpec): z.ZodType | undefined {
  const status = successStatus(endpoint);
  const schema = endpoint.responses[status];
  if (!schema || status === 204 || FILE_ANSWERS.has(schema)) return undefined;
  return schema;
}
