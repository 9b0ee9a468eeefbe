import { ATTACHMENTS_FIELD } from '@portal/contracts';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { toast } from 'react-toastify';
import { applyServerFieldErrors } from './server-errors';
import { errorText, fieldMessages, type RequestError, type Said } from '../../lib/api/api-error';

/**
 * A rejected form with attachments (a ticket or reply, a leave request, a report): field
 * errors under their inputs, the attachments' error returned for the picker, and a toast
 * only when neither says what went wrong.
 */
export function reportFormError<T extends FieldValues>(
  error: RequestError,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): Said | undefined {
  const marked = applyServerFieldErrors(error, setError, fields);
  const filesMessage = fieldMessages(error)[ATTACHMENTS_FIELD]?.[0];
  if (!marked && !filesMessage) toast.error(errorText(error));
  return filesMessage;
}
