import { z } from 'zod';
import { ZText } from './text.js';

/** Page numbers arrive as query strings; 1-based like the spec's `?page=N`. */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

/** `next`/`previous` are URLs (or null) in the style of the spec's notification pages. */
export function pagedResponse<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    count: z.number().int(),
    next: ZText.nullable(),
    previous: ZText.nullable(),
  });
}
