import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { useDebounced } from './use-debounced';

type Fields = Record<string, unknown>;

export interface UrlFiltersOptions<T extends Fields> {
  /** URL names that differ from the field names (a section sharing its page's URL prefixes its own). */
  keys?: { readonly [K in keyof T]?: string };
  /** The field holding the page number: a change that does not set it goes back to the first page. */
  page?: keyof T & string;
}

/** How a value is written in the URL: true as '1'; '', false and undefined leave it. */
function encode(value: unknown): string {
  if (value === undefined || value === null || value === false) return '';
  if (value === true) return '1';
  return String(value);
}

/** Common readers for filter fields; each falls back instead of failing on a hand-edited link. */
export const urlField = {
  /** Free text (a search), '' when absent; longer text is cut, not refused. */
  text: (max = 100) =>
    z
      .string()
      .transform((s) => s.slice(0, max))
      .catch(''),
  /** One of `values`, else undefined. */
  oneOf: <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values).optional().catch(undefined),
  /** '1' is on, anything else off. */
  flag: () =>
    z
      .literal('1')
      .optional()
      .transform((v) => v === '1')
      .catch(false),
  /** A page number from 1, else 1 (the default, kept out of the URL). */
  page: () => z.coerce.number().int().min(1).catch(1),
  /** A calendar day `YYYY-MM-DD`, else undefined. */
  isoDate: () =>
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional()
      .catch(undefined),
};

/**
 * A page's filters in its query string, so that reload, back and shared links keep them.
 * `schema` reads them: every field falls back with `.catch()` (an outdated or edited link
 * shows the defaults, never a failed page), and what it reads from an empty query string
 * is the default, kept out of the URL. An update sets what it names and replaces the
 * history entry (no step per keystroke). Pass a module-level schema and options (they key
 * the memoised values).
 */
export function useUrlFilters<S extends z.ZodObject>(
  schema: S,
  options: UrlFiltersOptions<z.output<S>> = {},
): [z.output<S>, (patch: Partial<z.output<S>>) => void] {
  const { keys, page } = options;
  const [params, setParams] = useSearchParams();
  const defaults = useMemo(() => schema.parse({}) as Fields, [schema]);
  const filters = useMemo(() => {
    const raw: Fields = {};
    for (const field of Object.keys(schema.shape)) raw[field] = params.get(keys?.[field] ?? field) ?? undefined;
    return schema.parse(raw);
  }, [schema, keys, params]);
  const update = useCallback(
    (patch: Partial<z.output<S>>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const urlKey = (field: string) => keys?.[field] ?? field;
          if (page && !(page in patch)) next.delete(urlKey(page));
          for (const [field, value] of Object.entries(patch)) {
            const text = encode(value);
            if (text === '' || text === encode(defaults[field])) next.delete(urlKey(field));
            else next.set(urlKey(field), text);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams, defaults, keys, page],
  );
  return [filters, update];
}

const ZTab = z.object({ tab: z.string().optional().catch(undefined) });

/**
 * The tab in `?tab=`, one of `tabs` (anything else, or a tab the user may not open, is the
 * first); the first tab is kept out of the URL, the page's other filters are kept.
 */
export function useUrlTab<T extends string>(tabs: readonly T[]): [T, (tab: T) => void] {
  const [{ tab: asked }, update] = useUrlFilters(ZTab);
  const first = tabs[0]!;
  const tab = tabs.find((t) => t === asked) ?? first;
  const setTab = useCallback((next: T) => update({ tab: next === first ? undefined : next }), [update, first]);
  return [tab, setTab];
}

/**
 * A search box over a text filter: what is typed shows at once and reaches `commit`
 * (trimmed) once typing pauses. Only new typing is committed: when the filter changes
 * from elsewhere (back, a cleared filter) the URL keeps that change.
 */
export function useTypedFilter(
  current: string,
  commit: (text: string) => void,
  delayMs = 300,
): [string, (text: string) => void] {
  const [typed, setTyped] = useState(current);
  const settled = useDebounced(typed.trim(), delayMs);
  const onSettled = useEffectEvent((text: string) => {
    if (text !== current) commit(text);
  });
  useEffect(() => onSettled(settled), [settled]);
  return [typed, setTyped];
}
