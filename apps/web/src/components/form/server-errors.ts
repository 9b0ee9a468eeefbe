import type { ErrorOption, FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { fieldMessages, type RequestError } from '../../lib/api/api-error';
import type { CodedFieldError } from './field-error-text';

/**
 * Puts a 400's field errors under the matching inputs. Returns true when at least one
 * field was marked, so the caller can skip a redundant toast.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: RequestError,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): boolean {
  let marked = false;
  for (const [field, messages] of Object.entries(fieldMessages(error))) {
    const first = messages[0];
    if ((fields as readonly string[]).includes(field) && first) {
      // The message by code rides along, so the field says it in the reader's language.
      const coded: Partial<CodedFieldError> = { type: 'server', message: first.text, said: first.said ?? undefined };
      setError(field as FieldPath<T>, coded as ErrorOption, { shouldFocus: !marked });
      marked = true;
    }
  }
  return marked;
}
