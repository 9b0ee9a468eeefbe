import { z } from 'zod';
import { urlField, useUrlFilters } from '../../../lib/use-url-filters';
import type { BoardFilters } from './board-model';

const ZBoardFilters = z.object({
  search: urlField.text(100),
  pair: z.string().catch(''),
  team: z.string().catch(''),
  onlineOnly: urlField.flag(),
}) satisfies z.ZodType<BoardFilters>;

/** URL names of the board's filters (prefixed: the board shares home's URL with other sections). */
const BOARD_URL = { keys: { search: 'iq', pair: 'ipair', team: 'iteam', onlineOnly: 'ionline' } } as const;

/** The board's filters, kept in the URL so reload, back and shared links keep them. */
export function useBoardFilters(): [BoardFilters, (patch: Partial<BoardFilters>) => void] {
  return useUrlFilters(ZBoardFilters, BOARD_URL);
}
