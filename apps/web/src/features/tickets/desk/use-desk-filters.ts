import { ACTIVE_TICKET_STATUSES, STAFF_DEPARTMENTS, TICKET_PRIORITIES, TICKET_SORTS } from '@portal/contracts';
import { z } from 'zod';
import { useUrlFilters } from '../../../lib/use-url-filters';

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
const DESK_URL = { page: 'page' } as const;

/** The desk's filters in the URL; any change of what is listed starts again at page 1. */
export function useDeskFilters(): [DeskFilters, (patch: Partial<DeskFilters>) => void] {
  return useUrlFilters(ZDeskFilters, DESK_URL);
}
