import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { BoardFilters } from './board-model';

/** URL names of the board's filters (prefixed: the board shares home's URL with other sections). */
const PARAMS = { search: 'iq', pair: 'ipair', team: 'iteam', onlineOnly: 'ionline' } as const;

/** The board's filters, kept in the URL so reload, back and shared links keep them. */
export function useBoardFilters(): [BoardFilters, (patch: Partial<BoardFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<BoardFilters>(
    () => ({
      search: (params.get(PARAMS.search) ?? '').slice(0, 100),
      pair: params.get(PARAMS.pair) ?? '',
      team: params.get(PARAMS.team) ?? '',
      onlineOnly: params.get(PARAMS.onlineOnly) === '1',
    }),
    [params],
  );
  const update = useCallback(
    (patch: Partial<BoardFilters>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch) as [keyof BoardFilters, string | boolean][]) {
            const text = value === true ? '1' : value === false ? '' : value;
            if (text) next.set(PARAMS[key], text);
            else next.delete(PARAMS[key]);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filters, update];
}
