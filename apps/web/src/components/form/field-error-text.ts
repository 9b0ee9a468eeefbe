import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { issueMessage, type TMessage } from '@portal/contracts';
import type { Said } from '../../lib/api/api-error';
import { translateMessage } from '../../lib/i18n/messages';

/**
 * A form field's error with the message by code (`said`) beside its English `message`:
 * from the contract schema (`formResolver`) or the server (`applyServerFieldErrors`), so
 * it is said in the reader's language, again after a language change.
 */
export type CodedFieldError = FieldError & { said?: TMessage };

/**
 * What to show under a field: its message in the reader's language (English when it has
 * no code). Takes any field's error (an array field's too), as react-hook-form types them.
 */
export function fieldErrorText(error: Pick<FieldError, 'message'> | undefined): string | undefined {
  if (!error) return undefined;
  const { said } = error as CodedFieldError;
  return said ? translateMessage(said) : error.message;
}

/**
 * react-hook-form's resolver for a contract schema, keeping each issue's message by code
 * (the contracts' `issueMessage`): zodResolver keeps only zod's English text.
 */
export function formResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const errors: Record<string, CodedFieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      if (errors[path]) continue;
      const said = issueMessage(issue);
      errors[path] = { type: issue.code, message: issue.message, said };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/** A contract schema's issue as a said message (for errors kept outside react-hook-form). */
export const issueSaid = (issue: { message: string; code?: string }): Said => ({
  text: issue.message,
  said: issueMessage(issue),
});
