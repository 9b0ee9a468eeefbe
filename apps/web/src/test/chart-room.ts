import { vi } from 'vitest';

/**
 * jsdom lays nothing out, so x-charts would measure its container as 0 px wide and draw no
 * axes: give every element without a width in pixels (none, auto, 100%) `width` px, as a browser would.
 */
export function giveChartsRoom(width = 640) {
  const original = window.getComputedStyle.bind(window);
  return vi.spyOn(window, 'getComputedStyle').mockImplementation((el: Element, pseudo?: string | null) => {
    const style = original(el, pseudo);
    if (style.width.endsWith('px')) return style;
    return new Proxy(style, {
      get: (target, key) => (key === 'width' ? `${width}px` : (Reflect.get(target, key) as unknown)),
    });
  });
}

/** The texts of a chart's tick labels along one axis, in the order they are drawn (left to right or top down). */
export function tickTexts(root: ParentNode, axis: 'x' | 'y'): string[] {
  const group = root.querySelector(`.MuiChartsAxis-direction${axis.toUpperCase()}`);
  if (!group) return [];
  const ticks = [...group.querySelectorAll('.MuiChartsAxis-tickContainer')].map((g) => {
    const [, a = '0', b = '0'] = /translate\(([-\d.]+),\s*([-\d.]+)\)/.exec(g.getAttribute('transform') ?? '') ?? [];
    return { at: Number(axis === 'x' ? a : b), text: g.querySelector('.MuiChartsAxis-tickLabel')?.textContent ?? '' };
  });
  return ticks
    .filter((t) => t.text)
    .sort((p, q) => p.at - q.at)
    .map((t) => t.text);
}

/** The label of a chart's axis ("Month", "Value"). */
export function axisLabel(root: ParentNode, axis: 'x' | 'y'): string | null {
  return root.querySelector(`.MuiChartsAxis-direction${axis.toUpperCase()} .MuiChartsAxis-label`)?.textContent ?? null;
}
