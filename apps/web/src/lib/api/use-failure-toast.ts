import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { errorText, type RequestError } from './api-error';

/**
 * Spec §8: a list that fails to load is an error toast with the error's message, once per
 * failure (`id` keeps a refetch's repeat from stacking a second toast).
 */
export function useFailureToast(error: RequestError, id: string): void {
  useEffect(() => {
    if (error) toast.error(errorText(error), { toastId: id });
  }, [error, id]);
}
