import type { SvgIconComponent } from '@mui/icons-material';
import type { Actor } from '@portal/contracts';
import type { ListenerMiddlewareInstance, Reducer } from '@reduxjs/toolkit';
import type { ParseKeys } from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import { importWithReload } from './lazy-import';

/** A permission question from contracts (canUseOcr, canViewEventLogs, …). */
export type Allow = (user: Actor | null) => boolean;

/**
 * A route of a feature, as data: app/router.tsx turns it into the router's route, with the
 * app's own guards around it (features cannot import app/).
 */
export interface FeatureRoute {
  path?: string;
  index?: boolean;
  /** The page, loaded on first visit: `page(() => import('./pages/…'), 'Name')`. */
  lazy?: () => Promise<{ Component: ComponentType }>;
  /**
   * Only for users `allow` lets in (the subtree of this route); anyone else sees `denied`,
   * a page that explains the refusal, or goes home (spec §6).
   */
  guard?: { allow: Allow; denied?: ReactNode };
  /** Sends the visitor on to this path (relative to the route), replacing the entry. */
  redirect?: string;
  children?: FeatureRoute[];
}

/** Pages outside the portal's header and menu, in the bare wrapper (spec §2's report view). */
export interface BareRoute {
  path: string;
  /** Behind the login guard (the report view); without it the page does its own sign-in. */
  signedIn?: boolean;
  children: FeatureRoute[];
}

/** An entry of the header menu (spec §2); the app shows them in the feature list's order. */
export interface NavEntry {
  to: string;
  labelKey: ParseKeys;
  icon: SvgIconComponent;
  /** Spec §2: the Legacy Dashboard opens in a new tab. */
  newTab?: boolean;
  /** Active only on an exact match (Home would otherwise match everything). */
  end?: boolean;
  /** Only for these users (default: every staff member). */
  visible?: Allow;
  /** A count beside the label, read from the store (the feature's own selector). */
  badge?: (state: any) => number | undefined;
}

/**
 * Everything the app shell needs of a feature, exported once from the feature's
 * `index.ts` and named in `app/features.ts`: the router, the menu and the store loop over
 * that list, so adding a feature adds one entry there.
 */
export interface WebFeature {
  /** The feature's folder name. */
  name: string;
  /** Pages for signed-in staff, inside the portal's layout (paths from `/`). */
  routes?: FeatureRoute[];
  /** Pages anyone may open, inside the portal's layout (the sign-in page). */
  publicRoutes?: FeatureRoute[];
  /** Pages in the bare wrapper, without the header (paths from `/`). */
  bareRoutes?: BareRoute[];
  nav?: NavEntry[];
  /** The spec's client data holders (§3) this feature keeps, by their key in the store. */
  reducers?: Record<string, Reducer>;
  /** Live frames and other actions the feature reacts to (`<f>.listeners.ts`). */
  listeners?: (listener: ListenerMiddlewareInstance) => void;
}

/**
 * A route module loaded on first visit (route-level code splitting: the login page's
 * bundle holds no other page). Failed chunks reload once, then reach the route's error page.
 */
export function page<M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return async () => ({ Component: (await importWithReload(load))[name] as ComponentType });
}
