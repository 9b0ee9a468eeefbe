import { NON_FIELD_ERRORS, type TApiError } from '@portal/contracts';

/** An error that reaches the client as-is, in the API's one error shape. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  toBody(): TApiError {
    return this.fields ? { message: this.message, extra: { fields: this.fields } } : { message: this.message };
  }
}

export const badRequest = (message: string, fields?: Record<string, string[]>) => new ApiError(400, message, fields);
/** A 400 about one field: the message is also the top-level message. */
export const fieldError = (field: string, message: string) => new ApiError(400, message, { [field]: [message] });
export const nonFieldError = (message: string) => fieldError(NON_FIELD_ERRORS, message);
export const unauthorized = (message = 'Authentication credentials were not provided or are invalid.') =>
  new ApiError(401, message);
export const forbidden = (message = 'You do not have permission to perform this action.') => new ApiError(403, message);
/** Also the answer for records the caller may not see: never hint that they exist. */
export const notFound = (message = 'Not found.') => new ApiError(404, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** PostgreSQL unique violation on a named index → which field it is about. */
export function uniqueViolationField(err: unknown, fieldsByIndex: Record<string, string>): string | null {
  const e = err as { code?: string; constraint?: string };
  if (e?.code !== '23505' || !e.constraint) return null;
  return fieldsByIndex[e.constraint] ?? null;
}

/** The one answer while the database cannot be reached: nothing about why (no hosts, no codes). */
export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Try again shortly.';
/** Seconds a client should wait before retrying a 503. */
export const SERVICE_UNAVAILABLE_RETRY_AFTER = 5;

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
