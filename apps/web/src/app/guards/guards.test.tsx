import type { TUser, TUserType } from '@portal/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { bootstrapSession } from '../../features/auth';
import { emptyAuthState, sessionCleared, type AuthState } from '../../features/auth/auth.slice';
import { changeLanguage, i18next } from '../../lib/i18n/i18n';
import { STORAGE_KEYS } from '../../lib/storage';
import { fakeApi, makeUser } from '../../test/fake-api';
import { renderApp, signedIn } from '../../test/render-app';
import { routes } from '../router';
import { createStore, type AppStore } from '../store';
import { RequirePermission } from './require-permission';

vi.mock('../../lib/sounds', () => ({ playLoginFailureSound: vi.fn() }));

/** The real route tree (with its lazy pages) at `url`, with this auth state (or store). */
const renderAt = (url: string, auth: AuthState | AppStore) =>
  renderApp(routes, { url, store: 'dispatch' in auth ? auth : createStore(auth) }).router;

const as = (type: TUserType, over: Partial<TUser> = {}) => signedIn(makeUser(type, over));

async function expectHeading(name: string | RegExp) {
  expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
}

describe('login guard', () => {
  it('sends an unauthenticated visitor to /login', async () => {
    const router = renderAt('/dashboard', emptyAuthState);
    await expectHeading('Sign in');
    expect(router.state.location.pathname).toBe('/login');
    // Where they were going is remembered for after sign-in.
    expect((router.state.location.state as { from: { pathname: string } }).from.pathname).toBe('/dashboard');
  });

  it('renders only the loader while auth is loading', async () => {
    renderAt('/dashboard', { ...as('HR'), authSuccessLoading: true });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it.each(['INTERPRETER', 'GUEST'] as const)('never shows a guarded page to %s (being logged out)', async (type) => {
    renderAt('/dashboard', as(type));
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('lets staff in', async () => {
    renderAt('/dashboard', as('HR'));
    await expectHeading('Dashboard');
  });

  it('guards report/{id} too, in its own wrapper', async () => {
    const router = renderAt('/report/12', emptyAuthState);
    await expectHeading('Sign in');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('a signed-in staff user visiting /login goes home', async () => {
    const router = renderAt('/login', as('HR'));
    await expectHeading(/Welcome back/);
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('an unreachable portal while the session is confirmed', () => {
  const stores: AppStore[] = [];
  afterEach(() => {
    // Signing out stops each store's retries.
    for (const store of stores.splice(0)) store.dispatch(sessionCleared());
    vi.unstubAllGlobals();
  });
  afterAll(async () => {
    await changeLanguage('en');
  });

  /** A saved session whose auth/me answers 503 until `reachable` is set. */
  function savedSessionWithPortalDown() {
    localStorage.setItem(STORAGE_KEYS.token, 'saved');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(makeUser('HR')));
    const portal = { reachable: false };
    const api = fakeApi({
      'GET /api/auth/me/': () =>
        portal.reachable
          ? { status: 200, body: makeUser('HR') }
          : {
              status: 503,
              body: {
                message: 'The service is temporarily unavailable. Try again shortly.',
                code: 'serviceUnavailable',
              },
            },
    });
    const store = createStore();
    stores.push(store);
    void store.dispatch(bootstrapSession());
    return { portal, api, store };
  }

  it('says so with the reason and Retry, keeps the page and the session, and carries on once it answers', async () => {
    const { portal, api, store } = savedSessionWithPortalDown();
    const router = renderAt('/dashboard', store);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      "The portal can't be reached right now. You are still signed in, and it tries again by itself. " +
        'The service is temporarily unavailable. Try again shortly.',
    );
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('heading', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('saved');

    portal.reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await expectHeading('Dashboard');
    expect(api.calls.map((c) => c.key)).not.toContain('POST /api/auth/jwt/logout/');
  });

  it('speaks Arabic with the rest of the page', async () => {
    await changeLanguage('ar');
    renderAt('/dashboard', savedSessionWithPortalDown().store);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(i18next.t('errors.portalUnreachable'));
    expect(alert.textContent).not.toMatch(/[A-Za-z]{3}/);
    expect(screen.getByRole('button', { name: i18next.t('errors.retry') })).toBeInTheDocument();
    expect(i18next.t('errors.retry')).not.toBe('Retry');
  });
});

describe('role guards (spec §6, permissions from @portal/contracts)', () => {
  // Every guarded page refuses in place with the same page (why, and a way home): a silent
  // redirect home read as a broken link.
  it.each([
    ['/eventlogs', 'HR', 'Event logs are for directors and ADMIN', as('HR')],
    ['/eventlogs', 'HR, is_manager', 'Event logs are for directors and ADMIN', as('HR', { is_manager: true })],
    ['/share/x', 'HR', 'Screen sharing is not for your role', as('HR')],
    ['/share/call-end', 'IT', 'Screen sharing is not for your role', as('IT')],
    ['/share/calls', 'HR', 'The calls audit is for ADMIN, QUALITY and directors', as('HR')],
    ['/user/reports/reports-list', 'HR', 'Reports are for managers', as('HR')],
    ['/admin', 'HR', 'The accounts console is for ADMIN', as('HR')],
  ])('%s as %s stays there and says why: %s', async (path, _who, heading, auth) => {
    const router = renderAt(path, auth);
    await expectHeading(heading);
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getByText('403')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });

  it("a guarded page without its own words refuses with the portal's general refusal", async () => {
    const tree = [
      {
        path: '/',
        element: <RequirePermission allow={() => false} />,
        children: [{ index: true, element: <h1>Secret</h1> }],
      },
    ];
    renderApp(tree, { url: '/', store: createStore(as('HR')) });
    await expectHeading('This page is not for your account');
    expect(screen.queryByRole('heading', { name: 'Secret' })).not.toBeInTheDocument();
  });

  it('refuses in Arabic too', async () => {
    await changeLanguage('ar');
    try {
      renderAt('/eventlogs', as('HR'));
      await expectHeading(i18next.t('eventLogs.notForYouTitle'));
      expect(screen.getByRole('link', { name: i18next.t('notForYou.goHome') })).toBeInTheDocument();
      expect(document.querySelector('main')?.textContent ?? '').not.toMatch(/Event logs|Go to Home/);
    } finally {
      await changeLanguage('en');
    }
  });

  it.each([
    ['/eventlogs', 'ADMIN', 'Event logs', as('ADMIN')],
    ['/eventlogs', 'G.I, is_director', 'Event logs', as('G.I', { is_director: true })],
    ['/share/someone', 'QUALITY', "Watch someone's screen", as('QUALITY')],
    ['/share/someone', 'HR, username: dev', "Watch someone's screen", as('HR', { username: 'dev' })],
    ['/share/call-end', 'English Department', 'Call ended', as('English Department')],
    ['/user/reports', 'HR, is_manager', 'Reports', as('HR', { is_manager: true })],
    ['/user/reports/create-report', 'WFM, is_manager', 'New report', as('WFM', { is_manager: true })],
  ])('%s as %s shows %s', async (path, _who, heading, auth) => {
    renderAt(path, auth);
    await expectHeading(heading);
  });

  it('/admin is for ADMIN', async () => {
    renderAt('/admin', as('ADMIN'));
    await expectHeading('Legacy Dashboard');
  });
});

describe('header menu', () => {
  it('shows Event Logs to ADMIN and directors only', async () => {
    renderAt('/dashboard', as('ADMIN'));
    await expectHeading('Dashboard');
    expect(screen.getAllByRole('link', { name: 'Event Logs' }).length).toBeGreaterThan(0);
  });

  it('hides Event Logs and the Legacy Dashboard from others, and gives managers Reports and KPI', async () => {
    renderAt('/dashboard', as('HR', { is_manager: true }));
    await expectHeading('Dashboard');
    expect(screen.queryByRole('link', { name: 'Event Logs' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Legacy Dashboard/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Reports' })[0]).toHaveAttribute('href', '/user/reports');
    expect(screen.getAllByRole('link', { name: 'KPI' })[0]).toHaveAttribute('href', '/kpi');
  });

  it('opens the Legacy Dashboard in a new tab, for ADMIN', async () => {
    renderAt('/dashboard', as('ADMIN'));
    await expectHeading('Dashboard');
    expect(screen.getAllByRole('link', { name: /Legacy Dashboard/ })[0]).toHaveAttribute('target', '_blank');
  });

  it('shows a Login button when signed out', async () => {
    renderAt('/login', emptyAuthState);
    await expectHeading('Sign in');
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });
});

describe('not found', () => {
  it('unknown paths show the not-found page', async () => {
    renderAt('/no/such/page', as('HR'));
    await expectHeading('Page not found');
  });
});
