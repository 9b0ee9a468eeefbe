import {
  messageText,
  NON_FIELD_ERRORS,
  type MessageArgs,
  type MessageCode,
  type TApiError,
  type TMessage,
} from '@portal/contracts';

/** Field messages by field name (the form shows each under its input). */
export type FieldMessages = Record<string, TMessage[]>;

const mapFields = <T>(fields: FieldMessages, f: (m: TMessage) => T) =>
  Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages.map(f)]));

/** A message from a code and its values (typed where the caller names the code). */
const said = (code: MessageCode, args: readonly unknown[]) =>
  (args.length ? { code, params: args[0] } : { code }) as TMessage;

/**
 * An error that reaches the client as-is, in the API's one error shape: the message by
 * code (`said`, from the contracts' catalogue) and its English text as `message`.
 */
export class ApiError extends Error {
  /** Field errors in English, as `extra.fields` says them. */
  readonly fields?: Record<string, string[]>;

  constructor(
    readonly statusCode: number,
    readonly said: TMessage,
    readonly fieldMessages?: FieldMessages,
    readonly headers?: Record<string, string>,
    /** The English `message` when it says more than `said` (several refusals joined, Fastify's own words). */
    text?: string,
  ) {
    super(text ?? messageText(said));
    if (fieldMessages) this.fields = mapFields(fieldMessages, messageText);
  }

  toBody(): TApiError {
    const { code, params } = this.said;
    const body: TApiError = { message: this.message, code };
    if (params) body.params = params as TApiError['params'];
    if (this.fieldMessages) {
      body.extra = {
        fields: this.fields,
        codes: mapFields(this.fieldMessages, (m) => ({
          code: m.code,
          ...(m.params ? { params: m.params } : {}),
        })) as Record<string, { code: string }[]>,
      };
    }
    return body;
  }
}

/** A 400 (or `status`) about fields: the first field's first message is also the top-level message. */
export function fieldsError(fields: FieldMessages, status = 400): ApiError {
  const first = Object.values(fields).find((messages) => messages.length > 0)?.[0];
  if (!first) throw new Error('fieldsError needs a message');
  return new ApiError(status, first, fields);
}

export const badRequest = <C extends MessageCode>(code: C, ...args: MessageArgs<C>) =>
  new ApiError(400, said(code, args));
/** A 400 about one field: the message is also the top-level message. */
export const fieldError = <C extends MessageCode>(field: string, code: C, ...args: MessageArgs<C>) =>
  fieldsError({ [field]: [said(code, args)] });
export const nonFieldError = <C extends MessageCode>(code: C, ...args: MessageArgs<C>) =>
  fieldsError({ [NON_FIELD_ERRORS]: [said(code, args)] });
export const conflict = <C extends MessageCode>(code: C, ...args: MessageArgs<C>) =>
  new ApiError(409, said(code, args));

export function unauthorized(): ApiError;
export function unauthorized<C extends MessageCode>(code: C, ...args: MessageArgs<C>): ApiError;
export function unauthorized(code: MessageCode = 'notAuthenticated', ...args: unknown[]) {
  return new ApiError(401, said(code, args));
}
export function forbidden(): ApiError;
export function forbidden<C extends MessageCode>(code: C, ...args: MessageArgs<C>): ApiError;
export function forbidden(code: MessageCode = 'permissionDenied', ...args: unknown[]) {
  return new ApiError(403, said(code, args));
}
/** Also the answer for records the caller may not see: never hint that they exist. */
export function notFound(): ApiError;
export function notFound<C extends MessageCode>(code: C, ...args: MessageArgs<C>): ApiError;
export function notFound(code: MessageCode = 'notFound', ...args: unknown[]) {
  return new ApiError(404, said(code, args));
}
/** The `Retry-After` header: whole seconds, at least one. */
export const retryAfter = (seconds: number) => ({ 'retry-after': String(Math.max(1, Math.ceil(seconds))) });
export const tooManyRequests = <C extends MessageCode>(retryAfterSeconds: number, code: C, ...args: MessageArgs<C>) =>
  new ApiError(429, said(code, args), undefined, retryAfter(retryAfterSeconds));

/** PostgreSQL unique violation on a named index → which field it is about. */
export function uniqueViolationField(err: unknown, fieldsByIndex: Record<string, string>): string | null {
  const e = err as { code?: string; constraint?: string };
  if (e?.code !== '23505' || !e.constraint) return null;
  return fieldsByIndex[e.constraint] ?? null;
}

/** Seconds a client should wait before retrying a 503. */
export const SERVICE_UNAVAILABLE_RETRY_AFTER = 5;

/**
 * The one answer while the database cannot be reached or the server is stopping: nothing
 * about why (no hosts, no codes).
 */
export const serviceUnavailable = () =>
  new ApiError(503, { code: 'serviceUnavailable' }, undefined, {
    'retry-after': String(SERVICE_UNAVAILABLE_RETRY_AFTER),
  });

/** Socket errors: the database's host refused, reset or never answered. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATEs of a server that is going away, starting up or full. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** pg's own connection-level errors carry no code, only these messages. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * True when `err` says the database cannot be reached right now (refused, reset, shut
 * down, restarting, connection lost) rather than that the request or the code is wrong:
 * such errors are answered 503 and the pool reconnects by itself on the next query.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; syscall?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
  // Class 08: connection exception (08000, 08003, 08006, 08001, 08004, …).
  if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  // A unix socket that is gone (the embedded database's) fails with ENOENT on connect.
  if (e.syscall === 'connect') return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  // Node wraps a refused dual-stack connect in an AggregateError; drivers may wrap in `cause`.
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
