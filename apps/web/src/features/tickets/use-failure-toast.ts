import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { errorMessage, type RequestError } from '../../lib/api/api-error';
import { translateServerText } from '../../lib/i18n/i18n';

/** Spec §8: a ticket list that fails to load is an error toast with the error's message (once per failure). */
export function useFailureToast(error: RequestError, id: string): void {
  useEffect(() => {
    if (error) toast.error(translateServerText(errorMessage(error)), { toastId: id });
  }, [error, id]);
}
