import { IT_STATUSES, USER_TYPES, type TItStatus, type TUserType } from '@portal/contracts';
import { useCallback, useMemo } from 'react';
import { useUrlParams } from '../../../../lib/use-url-tab';
import type { ItBoardFilters } from './board-model';

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | '' =>
  list.find((v) => v === value) ?? '';

/** The board's filters in the URL (`dept`, `status`, `q`), so reload, back and shared links keep them. */
export function useItBoardFilters(): [ItBoardFilters, (patch: Partial<ItBoardFilters>) => void] {
  const [params, patch] = useUrlParams();
  const filters = useMemo<ItBoardFilters>(
    () => ({
      department: oneOf<TUserType>(USER_TYPES, params.get('dept')),
      status: oneOf<TItStatus>(IT_STATUSES, params.get('status')),
      q: (params.get('q') ?? '').slice(0, 100),
    }),
    [params],
  );
  const update = useCallback(
    (p: Partial<ItBoardFilters>) =>
      patch({
        ...('department' in p ? { dept: p.department } : {}),
        ...('status' in p ? { status: p.status } : {}),
        ...('q' in p ? { q: p.q } : {}),
      }),
    [patch],
  );
  return [filters, update];
}
