/**
 * Company sign-in through the OpenID provider (e2e/company-portal.ts): the login page's
 * "Sign in with …", the provider's own sign-in and consent pages, and back signed in. The
 * first sign-in creates the account with the type ADMIN's mapping gives the person's
 * groups; the next one brings what changed at the provider.
 */
import type { Browser, Page } from '@playwright/test';
import { setProviderUser, type ProviderUser } from '../apps/server/test/oidc-provider';
import { companyPortalUrl, expect, expectAccessible, signedInPerson, test } from './fixtures';

const company = companyPortalUrl;
const issuer = () => process.env.PORTAL_E2E_OIDC_ISSUER!;

/** Signs `login` in from the company portal's login page, through the provider's pages. */
async function signInWithCompany(browser: Browser, login: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: company() });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with your company account' }).click();

  // The provider's own pages (oidc-provider's sign-in, then consent).
  await expect(page).toHaveURL(new RegExp(`^${issuer()}/interaction/`));
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back on the portal, signed in (sign-in, auth/me, home: bounded generously on a loaded machine).
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(`${company()}/`);
  return page;
}

test('signs in through the company provider: the account made with the mapped type, then refreshed', async ({
  browser,
}) => {
  const login = `lina.${Date.now().toString(36)}`;
  const person: ProviderUser = {
    preferred_username: login,
    email: `${login}@corp.example`,
    email_verified: true,
    given_name: 'Lina',
    family_name: 'Khoury',
    groups: ['portal-hr'],
  };
  await setProviderUser(issuer(), login, person);

  const first = await signInWithCompany(browser, login);
  expect(await signedInPerson(first)).toMatchObject({
    username: login,
    user_type: 'HR',
    first_name: 'Lina',
    last_name: 'Khoury',
  });
  await first.context().close();

  // Moved to the RTM group and married at the provider: the next sign-in brings both.
  await setProviderUser(issuer(), login, { ...person, family_name: 'Haddad', groups: ['portal-rtm'] });
  const second = await signInWithCompany(browser, login);
  expect(await signedInPerson(second)).toMatchObject({ username: login, user_type: 'RTM', last_name: 'Haddad' });
  await second.context().close();
});

test('the login page says why a company sign-in did not finish, and passes accessibility checks', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: company() });
  const page = await context.newPage();
  // A callback whose state was never issued (or already used): refused, back at the login page.
  await page.goto('/api/auth/oidc/callback/?code=forged&state=never-issued');
  await expect(page).toHaveURL(/\/login\?sso_error=ssoExpired$/);
  await expect(page.getByRole('alert')).toHaveText(
    'The company sign-in took too long or was already used. Start again.',
  );
  await expect(page.getByRole('link', { name: 'Sign in with your company account' })).toBeVisible();
  await expectAccessible(page, 'company login page with a sign-in error');
  await context.close();
});
