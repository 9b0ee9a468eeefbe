import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { toast } from 'react-toastify';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { accountErrorMessage, type RequestError } from '../../../lib/api/api-error';
import { i18next } from '../../../lib/i18n/i18n';

/**
 * Account form failures: the server's field messages go under the inputs, and the toast
 * says what spec §8 prescribes for account errors ('invalid username', …).
 */
export function reportAccountError<T extends FieldValues>(
  error: RequestError,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): void {
  applyServerFieldErrors(error, setError, fields);
  const message = accountErrorMessage(error);
  toast.error('key' in message ? i18next.t(message.key) : message.text);
}
