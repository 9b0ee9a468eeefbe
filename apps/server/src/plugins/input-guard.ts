import fp from 'fastify-plugin';
import { isStorableText, msg } from '@portal/contracts';
import { ApiError } from '../lib/errors.js';

/** The path (`a.b.0`) of the first string that PostgreSQL could not store, or null. */
function firstUnstorable(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path || 'non_field_errors';
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (!isStorableText(key)) return path || 'non_field_errors';
    const found = firstUnstorable(v, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The backstop behind the contracts' `ZText`: path parameters, query values and JSON
 * bodies with a NUL or a lone surrogate anywhere are refused as a 400 on that field
 * before any route runs, so no route (or future schema) can pass one to the database.
 */
export const inputGuardPlugin = fp(async (app) => {
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      const field = firstUnstorable(part, '');
      if (field) {
        const reason = msg('unstorableText');
        throw new ApiError(400, msg('fieldProblem', { field, reason }), { [field]: [reason] });
      }
    }
  });
});
