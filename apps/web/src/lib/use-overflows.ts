import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether the element's content is taller or wider than its box (it scrolls). Measured after layout,
 * whenever the box or its first child (the content) changes size — a box already at its
 * height cap does not resize when its content grows, e.g. once a font has loaded — and when
 * the fonts are ready. `guess` stands until the first measurement, and where there is no
 * layout (jsdom). A scrolling box must be focusable for keyboards (axe's
 * scrollable-region-focusable), and how much fits depends on the screen's width.
 */
export function useOverflows(ref: RefObject<HTMLElement | null>, guess: boolean): boolean {
  const [overflows, setOverflows] = useState(guess);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    // Either way and by a single pixel, as axe counts it (`overflow-y: auto` makes x auto too).
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    let live = true;
    void document.fonts?.ready.then(() => live && measure());
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [ref]);
  return overflows;
}
