import type { TUser } from '@portal/contracts';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers/app-providers';
import { createStore, type AppStore } from '../app/store';
import { emptyAuthState, type AuthState } from '../features/auth/auth.slice';
import { fakeApi, makeUser } from './fake-api';
import { fakeMediaQueryList } from './media';

export type ApiHandlers = Parameters<typeof fakeApi>[0];
type FakeApi = ReturnType<typeof fakeApi>;

export interface RenderAppOptions {
  /** Who is signed in: an HR member (`makeUser()`) unless named; `null` for nobody. */
  user?: TUser | null;
  /** Where the router starts: a path with its query, or an entry with history state. */
  url?: InitialEntry;
  /** The route pattern `ui` answers at (for `useParams`); the url's path unless named. */
  path?: string;
  /** More routes beside `ui`: where its links and redirects lead. */
  routes?: RouteObject[];
  /** Answers of the fake API (`"METHOD /api/path/"` → reply); without them fetch is left as it is. */
  api?: ApiHandlers;
  /** A store made beforehand (a test that dispatches first); else a new one for `user`. */
  store?: AppStore;
  /** A wide screen (tables) or a phone (cards); jsdom's own media otherwise (no query matches). */
  wide?: boolean;
}

/** The auth state of `user` signed in (a token the fake API accepts), or of nobody. */
export function signedIn(user: TUser | null): AuthState {
  return user ? { ...emptyAuthState, token: 'token', user, isAuthenticated: true } : emptyAuthState;
}

/** The viewport the data tables and pages see: wide (md and up) or a phone. */
export function setViewport(wide: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, wide ? query.includes('min-width') : false),
  );
}

const pathOf = (url: InitialEntry) => (typeof url === 'string' ? url : (url.pathname ?? '/')).split(/[?#]/)[0] || '/';

/**
 * `ui` as the app shows it: the real store (with every feature's reducers and listeners),
 * a memory router at `url`, the app's providers (theme, direction, toasts; i18n is set up
 * for every test in setup.ts), `user` signed in, and the fake API when `api` is given.
 * `ui` is an element (mounted at `path`) or a route tree (the app's `routes`, or a few
 * pages). `location()` is where the router is now.
 */
export function renderApp<O extends RenderAppOptions>(ui: ReactNode | RouteObject[], options: O = {} as O) {
  const { url = '/', routes = [], wide } = options;
  if (wide !== undefined) setViewport(wide);
  const api = (options.api ? fakeApi(options.api) : undefined) as O extends { api: ApiHandlers } ? FakeApi : undefined;
  const store = options.store ?? createStore(signedIn(options.user === undefined ? makeUser() : options.user));
  const tree = Array.isArray(ui) ? [...ui, ...routes] : [{ path: options.path ?? pathOf(url), element: ui }, ...routes];
  const router = createMemoryRouter(tree, { initialEntries: [url] });
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return {
    ...view,
    store,
    router,
    /** The fake API's record of requests (when `api` was given). */
    api,
    location: () => router.state.location,
  };
}

/**
 * A hook inside the same app (store, router at `url`, providers): `result.current` is what
 * it returned at its latest render.
 */
export function renderAppHook<T, O extends RenderAppOptions>(hook: () => T, options: O = {} as O) {
  const result = { current: undefined as T };
  function HookProbe() {
    result.current = hook();
    return null;
  }
  return { result, ...renderApp(<HookProbe />, options) };
}
