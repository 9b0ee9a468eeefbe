import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * Emotion caches per writing direction. The right-to-left one flips every style with
 * stylis-plugin-rtl; it is loaded only when Arabic is chosen, so left-to-right users
 * never download it.
 */
const caches: Partial<Record<'ltr' | 'rtl', EmotionCache>> = {
  ltr: createCache({ key: 'mui', prepend: true }),
};

export async function loadDirectionCache(direction: 'ltr' | 'rtl'): Promise<EmotionCache> {
  const cached = caches[direction];
  if (cached) return cached;
  const [{ prefixer }, { default: rtlPlugin }] = await Promise.all([import('stylis'), import('stylis-plugin-rtl')]);
  const cache = createCache({ key: 'muirtl', prepend: true, stylisPlugins: [prefixer, rtlPlugin] });
  caches.rtl = cache;
  return cache;
}

/** The cache for a direction if it is loaded (always for ltr). */
export function directionCache(direction: 'ltr' | 'rtl'): EmotionCache | undefined {
  return caches[direction];
}
