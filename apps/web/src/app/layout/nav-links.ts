import type { SvgIconComponent } from '@mui/icons-material';
import type { Actor } from '@portal/contracts';
import type { ParseKeys } from 'i18next';
import type { NavEntry } from '../../lib/feature';
import { webFeatures } from '../features';

export interface NavItem {
  to: string;
  labelKey: ParseKeys;
  icon: SvgIconComponent;
  /** Spec §2: the Legacy Dashboard opens in a new tab. */
  newTab?: boolean;
  /** Active only on an exact match (Home would otherwise match everything). */
  end?: boolean;
  /** A count beside the label (new tickets on my desk for Dashboard). */
  badge?: number;
}

/** Every feature's menu entries, in the feature list's order. */
const NAV_ENTRIES: readonly NavEntry[] = webFeatures.flatMap((f): NavEntry[] => ('nav' in f ? f.nav : []));

/** The entries' counts, in their order (compare with shallowEqual: a new array each call). */
export const selectNavBadges = (state: unknown): (number | undefined)[] =>
  NAV_ENTRIES.map((entry) => entry.badge?.(state));

/** The header menu of spec §2, for this user. Desktop bar and phone drawer share it. */
export function navItemsFor(user: Actor | null, badges: readonly (number | undefined)[] = []): NavItem[] {
  return NAV_ENTRIES.flatMap((entry, i) =>
    !entry.visible || entry.visible(user)
      ? [
          {
            to: entry.to,
            labelKey: entry.labelKey,
            icon: entry.icon,
            newTab: entry.newTab,
            end: entry.end,
            badge: badges[i],
          },
        ]
      : [],
  );
}
