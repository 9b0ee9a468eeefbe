import { z } from 'zod';
import { ZText } from './text.js';

/**
 * The one error shape of the whole API (spec §8): `message` always, `extra.fields`
 * for field errors, keyed by field name, so the client's error catalogue can map it.
 */
export const ZApiError = z
  .object({
    message: ZText,
    extra: z.object({ fields: z.record(ZText, z.array(ZText)).optional() }).optional(),
  })
  .meta({ id: 'ApiError' });
export type TApiError = z.infer<typeof ZApiError>;

export const NON_FIELD_ERRORS = 'non_field_errors';

// One wording for missing fields everywhere (server answers and web forms alike).
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? 'This field is required.' : undefined,
});
