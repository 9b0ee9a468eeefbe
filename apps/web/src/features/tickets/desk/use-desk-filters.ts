import { ACTIVE_TICKET_STATUSES, STAFF_DEPARTMENTS, TICKET_PRIORITIES, TICKET_SORTS } from '@portal/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';

export const DESK_PERIODS = [7, 30, 90] as const;
export type DeskPeriod = (typeof DESK_PERIODS)[number];

export const DESK_DEFAULT_SORT = 'priority' satisfies (typeof TICKET_SORTS)[number];

/** The desk's view state, kept in the URL so that reload, back and shared links keep it. */
const ZDeskFilters = z.object({
  tab: z.enum(['queue', 'history']).catch('queue'),
  status: z.enum(ACTIVE_TICKET_STATUSES).optional().catch(undefined),
  department: z.enum(STAFF_DEPARTMENTS).optional().catch(undefined),
  priority: z.enum(TICKET_PRIORITIES).optional().catch(undefined),
  assignee: z.enum(['me', 'none']).optional().catch(undefined),
  search: z.string().max(100).catch(''),
  /** The queue's order (the server sorts); the desk's default: urgent first, then longest waiting. */
  sort: z.enum(TICKET_SORTS).catch(DESK_DEFAULT_SORT),
  /** Only when reversed from the sort's natural direction (TICKET_SORT_DIRECTION). */
  dir: z.enum(['asc', 'desc']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  period: z.coerce
    .number()
    .refine((n): n is DeskPeriod => (DESK_PERIODS as readonly number[]).includes(n))
    .catch(30),
});
export type DeskFilters = z.output<typeof ZDeskFilters>;

const DEFAULTS: Record<string, string> = { tab: 'queue', search: '', page: '1', period: '30', sort: DESK_DEFAULT_SORT };

export function useDeskFilters(): [DeskFilters, (patch: Partial<DeskFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => ZDeskFilters.parse({ search: '', ...Object.fromEntries(params) }), [params]);
  const update = useCallback(
    (patch: Partial<DeskFilters>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          // Any change of what is listed starts again at page 1.
          if (!('page' in patch)) next.delete('page');
          for (const [key, value] of Object.entries(patch)) {
            const text = value === undefined ? '' : String(value);
            if (text === '' || DEFAULTS[key] === text) next.delete(key);
            else next.set(key, text);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filters, update];
}
