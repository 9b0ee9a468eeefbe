import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/router';
import { createStore } from '../../../app/store';
import { sessionRejected } from '../../../lib/api/base-query';
import { changeLanguage, i18next } from '../../../lib/i18n/i18n';
import { renderApp } from '../../../test/render-app';
import { emptyAuthState } from '../auth.slice';

vi.mock('../../../lib/sounds', () => ({ playLoginFailureSound: vi.fn() }));

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

/** The toast region (react-toastify's container), by its translated name. */
const toastRegion = () => screen.getByRole('region', { name: i18next.t('app.toastRegion') });

async function signInWith(password: string) {
  const user = userEvent.setup();
  await user.clear(screen.getByLabelText(/Username or email/));
  await user.type(screen.getByLabelText(/Username or email/), 'hr');
  await user.clear(screen.getByLabelText(/^Password/));
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the sign-in page', () => {
  it('shows every refusal, also a second one while the first is still on screen', async () => {
    let attempt = 0;
    renderApp(routes, {
      url: '/login',
      user: null,
      api: {
        'POST /api/auth/jwt/login/': () =>
          ++attempt === 1
            ? {
                status: 400,
                body: {
                  message: 'Unable to log in with provided credentials.',
                  code: 'loginFailed',
                  extra: { fields: { non_field_errors: ['Unable to log in with provided credentials.'] } },
                },
              }
            : {
                status: 429,
                body: { message: 'Too many failed login attempts. Try again later.', code: 'loginThrottled' },
              },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await signInWith('wrong-1');
    expect(await within(toastRegion()).findByText('email or password invalid')).toBeInTheDocument();
    // Within the first toast's 3 s: the second refusal must be said too, not dropped as a duplicate.
    await signInWith('wrong-2');
    expect(
      await within(toastRegion()).findByText('Too many failed login attempts. Try again later.'),
    ).toBeInTheDocument();
  });

  it('names its toast region in the reader’s language', async () => {
    await changeLanguage('ar');
    renderApp(routes, { url: '/login', user: null });
    await screen.findByRole('heading', { level: 1, name: i18next.t('login.title') });
    expect(toastRegion()).toBeInTheDocument();
    expect(i18next.t('app.toastRegion')).not.toMatch(/Notifications/);
    expect(screen.queryByRole('region', { name: /Notifications/ })).not.toBeInTheDocument();
  });

  it('says a deactivated account is why the user is here, from the server’s coded refusal', async () => {
    const store = createStore({ ...emptyAuthState, token: 'token', isAuthenticated: true });
    store.dispatch(sessionRejected({ code: 'sessionAccountDisabled' }));
    renderApp(routes, { url: '/login', store });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    const reason = 'You were signed out because your account was deactivated. Ask an administrator to enable it again.';
    // On the page itself (the toast says it too, and goes).
    expect(screen.getAllByRole('status').some((s) => s.textContent === reason)).toBe(true);
  });

  it('says it in Arabic too', async () => {
    await changeLanguage('ar');
    const store = createStore({ ...emptyAuthState, token: 'token', isAuthenticated: true });
    store.dispatch(sessionRejected({ code: 'sessionAccountDisabled' }));
    renderApp(routes, { url: '/login', store });
    await screen.findByRole('heading', { level: 1, name: i18next.t('login.title') });
    const status = screen
      .getAllByRole('status')
      .find((s) => s.textContent?.includes(i18next.t('messages.sessionAccountDisabled')));
    expect(status).toBeDefined();
    expect(status!.textContent).not.toMatch(/[A-Za-z]{3}/);
  });

  it('keeps the general reason for a session ended any other way', async () => {
    const store = createStore({ ...emptyAuthState, token: 'token', isAuthenticated: true });
    store.dispatch(sessionRejected({ code: 'notAuthenticated' }));
    renderApp(routes, { url: '/login', store });
    expect(await screen.findByText(/your session was ended on the server/)).toBeInTheDocument();
    expect(screen.queryByText(/deactivated/)).not.toBeInTheDocument();
  });
});
