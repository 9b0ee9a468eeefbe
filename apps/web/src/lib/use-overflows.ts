import { useLayoutEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/**
 * Whether the element's content is taller or wider than its box (it scrolls). Measured after layout,
 * whenever the box or its first child (the content) changes size — a box already at its
 * height cap does not resize when its content grows, e.g. once a font has loaded — and after
 * every font load (not only the first `fonts.ready`: a language's glyphs may load later).
 * `guess` stands until the first measurement, and where there is no layout (jsdom). A
 * scrolling box must be focusable for keyboards (axe's scrollable-region-focusable), and
 * how much fits depends on the screen's width.
 */
export function useOverflows(ref: RefObject<HTMLElement | null>, guess: boolean): boolean {
  const [overflows, setOverflows] = useState(guess);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    // Either way and by a single pixel, as axe counts it (`overflow-y: auto` makes x auto too).
    const measure = () => el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth;
    let current = measure();
    setOverflows(current);
    // Size changes are observed after layout and before paint: rendering the new answer at
    // once means no frame shows the old one (a clipped menu, a header without its drawer).
    const remeasure = () => {
      const next = measure();
      if (next === current) return;
      current = next;
      flushSync(() => setOverflows(next));
    };
    const observer = new ResizeObserver(remeasure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    let live = true;
    void document.fonts?.ready.then(() => live && remeasure());
    document.fonts?.addEventListener?.('loadingdone', remeasure);
    return () => {
      live = false;
      observer.disconnect();
      document.fonts?.removeEventListener?.('loadingdone', remeasure);
    };
  }, [ref]);
  return overflows;
}
