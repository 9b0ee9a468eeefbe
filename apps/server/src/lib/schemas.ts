import { ZApiError } from '@portal/contracts';

/** Error responses a route documents (all share the one error shape). */
export function errorResponses<const C extends readonly number[]>(...codes: C) {
  return Object.fromEntries(codes.map((c) => [c, ZApiError])) as { [K in C[number]]: typeof ZApiError };
}
