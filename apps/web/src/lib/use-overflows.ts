import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether the element's content is taller than its box (it scrolls), measured after layout
 * and again whenever its size changes. `guess` stands until the first measurement, and in
 * environments without layout (jsdom): a scrolling box must be focusable for keyboards
 * (axe's scrollable-region-focusable), and how much fits depends on the screen's width.
 */
export function useOverflows(ref: RefObject<HTMLElement | null>, guess: boolean): boolean {
  const [overflows, setOverflows] = useState(guess);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}
