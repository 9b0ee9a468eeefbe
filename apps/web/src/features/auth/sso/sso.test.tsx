import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/router';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { renderApp } from '../../../test/render-app';

afterEach(() => changeLanguage('en'));

const withProvider = (label: string | null) => ({
  'GET /api/auth/sso/': () => ({ status: 200, body: { oidc: { label }, passkeys: true, local_login: true } }),
});

describe('company sign-in on the login page', () => {
  it('offers "Sign in with <label>", a full navigation to the provider keeping where the guard was going', async () => {
    renderApp(routes, {
      url: { pathname: '/login', state: { from: { pathname: '/tickets', search: '', hash: '' } } },
      user: null,
      api: withProvider('Contoso'),
    });
    const link = await screen.findByRole('link', { name: 'Sign in with Contoso' });
    expect(link).toHaveAttribute('href', '/api/auth/oidc/start/?next=%2Ftickets');
  });

  it('says "your company account" without a label, in Arabic too', async () => {
    await changeLanguage('ar');
    renderApp(routes, { url: '/login', user: null, api: withProvider(null) });
    expect(await screen.findByRole('link', { name: 'تسجيل الدخول بحساب الشركة' })).toHaveAttribute(
      'href',
      '/api/auth/oidc/start/',
    );
  });

  it('offers nothing when the portal has no provider, and shows why the last provider sign-in failed', async () => {
    renderApp(routes, {
      url: '/login?sso_error=ssoCancelled',
      user: null,
      api: { 'GET /api/auth/sso/': () => ({ status: 200, body: { oidc: null, passkeys: true, local_login: true } }) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The company sign-in was cancelled.');
    expect(screen.queryByRole('link', { name: /company account/ })).toBeNull();
  });
});

describe('the provider sign-in landing', () => {
  it('spends the one-time code and, refused, says why with a way back', async () => {
    let sent: unknown;
    renderApp(routes, {
      url: '/login/sso#code=one-time&next=%2Ftickets',
      user: null,
      api: {
        'POST /api/auth/oidc/exchange/': async (request: Request) => {
          sent = await request.clone().json();
          return {
            status: 400,
            body: {
              message: 'The company sign-in took too long or was already used. Start again.',
              code: 'ssoExpired',
            },
          };
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The company sign-in took too long or was already used. Start again.',
    );
    expect(sent).toEqual({ code: 'one-time' });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });
});
