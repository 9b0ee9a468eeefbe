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
