import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

type UrlPatch = (values: Record<string, string | undefined>) => void;

/**
 * The page's query string and a patcher: each value set, or removed when empty, replacing
 * the history entry (filters and tabs kept in the URL survive reload, back and shared links
 * without a history step per keystroke).
 */
export function useUrlParams(): [URLSearchParams, UrlPatch] {
  const [params, setParams] = useSearchParams();
  const patch = useCallback<UrlPatch>(
    (values) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [k, v] of Object.entries(values)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params, patch];
}

/**
 * The tab in `?tab=`, one of `tabs` (anything else, or a tab the user may not open, is the
 * first); the first tab is kept out of the URL.
 */
export function useUrlTab<T extends string>(tabs: readonly T[]): [T, (tab: T) => void] {
  const [params, patch] = useUrlParams();
  const first = tabs[0]!;
  const asked = params.get('tab');
  const tab = tabs.find((t) => t === asked) ?? first;
  const setTab = useCallback((next: T) => patch({ tab: next === first ? undefined : next }), [patch, first]);
  return [tab, setTab];
}
