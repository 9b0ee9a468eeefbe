import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { fieldErrors, type RequestError } from '../../lib/api/api-error';

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
  for (const [field, messages] of Object.entries(fieldErrors(error))) {
    if ((fields as readonly string[]).includes(field) && messages[0]) {
      setError(field as FieldPath<T>, { type: 'server', message: messages[0] }, { shouldFocus: !marked });
      marked = true;
    }
  }
  return marked;
}
