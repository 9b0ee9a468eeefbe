import { IT_STATUSES, USER_TYPES } from '@portal/contracts';
import { z } from 'zod';
import { urlField, useUrlFilters } from '../../../../lib/use-url-filters';
import type { ItBoardFilters } from './board-model';

const ZItBoardFilters = z.object({
  department: z.enum(USER_TYPES).or(z.literal('')).catch(''),
  status: z.enum(IT_STATUSES).or(z.literal('')).catch(''),
  q: urlField.text(100),
}) satisfies z.ZodType<ItBoardFilters>;

const IT_BOARD_URL = { keys: { department: 'dept' } } as const;

/** The board's filters in the URL (`dept`, `status`, `q`), so reload, back and shared links keep them. */
export function useItBoardFilters(): [ItBoardFilters, (patch: Partial<ItBoardFilters>) => void] {
  return useUrlFilters(ZItBoardFilters, IT_BOARD_URL);
}
