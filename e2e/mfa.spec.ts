import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { authEndpoints, mfaEndpoints, userEndpoints } from '@portal/contracts';
import {
  apiUrl,
  companyPortalUrl,
  createAccount,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  signIn,
  test,
} from './fixtures';

/**
 * The second factor in a real browser, TOTP codes computed here from the secret the page
 * shows (as a phone's app would from the QR code). A code of the next step is accepted as
 * well (clock drift), so a journey proves a code twice without waiting for the clock.
 */
const code = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The secret of the setup on screen (its manual key, as a person would type it). */
async function shownSecret(page: Page) {
  const key = page.getByTestId('totp-secret');
  await expect(key).toBeVisible();
  return ((await key.textContent()) ?? '').replace(/\s+/g, '');
}

/** The recovery codes on screen, then "I have saved these codes" and its button. */
async function saveRecoveryCodes(page: Page, button: string) {
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  await expect(page.getByRole('button', { name: button })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I have saved these codes' }).check();
  await page.getByRole('button', { name: button }).click();
}

test.describe('second factor', () => {
  test('opted in on the profile, a sign-in then asks for the code', async ({ page, request }) => {
    const account = await createAccount(request, { user_type: 'FINANCE', first_name: 'Tala' });
    await signIn(page, account.username, account.password);
    await page.goto('/user');
    const section = page.getByRole('region', { name: 'Sign-in security' });
    await expect(section.getByText('Authenticator app: off')).toBeVisible();
    await section.getByRole('button', { name: 'Turn on' }).click();
    await expect(
      section.getByRole('img', { name: 'QR code that adds the portal to your authenticator app' }),
    ).toBeVisible();
    const secret = await shownSecret(page);
    await expectAccessible(page, 'authenticator setup');

    // A wrong code is said under the field; the right one turns it on.
    await section.getByLabel('6-digit code').fill('000000');
    await section.getByRole('button', { name: 'Turn on' }).click();
    await expect(
      section.getByText('That code is not right. Check your authenticator app and try again.'),
    ).toBeVisible();
    await section.getByLabel('6-digit code').fill(await code(secret));
    await section.getByRole('button', { name: 'Turn on' }).click();
    await expectAccessible(page, 'recovery codes');
    await saveRecoveryCodes(page, 'Done');
    await expect(section.getByText('Authenticator app: on')).toBeVisible();
    await expect(section.getByText('10 recovery codes left')).toBeVisible();

    await signOut(page);
    await page.locator('input[name="username"]').fill(account.username);
    await page.locator('input[name="password"]').fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    const field = page.getByLabel('6-digit code');
    // The phone offers the code from its keyboard and autofill.
    await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(field).toHaveAttribute('inputmode', 'numeric');
    await expectAccessible(page, 'second step');
    await field.fill(await code(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Tala' })).toBeVisible({ timeout: 30_000 });
  });

  test('an ADMIN without a factor is made to enrol at sign-in (the company portal)', async ({ browser }) => {
    const base = companyPortalUrl();
    const adminSecret = process.env.PORTAL_E2E_COMPANY_ADMIN_TOTP!;
    const context = await browser.newContext({ baseURL: base, viewport: { width: 360, height: 780 } });
    const { request } = context;
    // The company portal's ADMIN (enrolled by global-setup) makes a new ADMIN account.
    const first = await request.post(apiUrl(authEndpoints.login), {
      data: { username: 'admin', password: DEMO_PASSWORD },
    });
    const { mfa } = (await first.json()) as { mfa: { challenge: string } };
    const verified = await request.post(apiUrl(mfaEndpoints.verifyMfa), {
      data: { challenge: mfa.challenge, method: 'totp', code: await code(adminSecret, 1) },
    });
    expect(verified.status()).toBe(200);
    const { access } = (await verified.json()) as { access: string };
    const username = `e2e.boss.${Date.now().toString(36)}`;
    const password = 'Granite-Harbor-2026';
    const created = await request.post(apiUrl(userEndpoints.createAdminAccount), {
      headers: { authorization: `Bearer ${access}` },
      data: {
        username,
        password,
        email: `${username}@portal.example`,
        first_name: 'Nour',
        last_name: 'Admin',
        user_type: 'ADMIN',
      },
    });
    expect(created.status()).toBe(201);

    const page = await context.newPage();
    await page.goto('/login');
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Set up a second factor' })).toBeVisible();
    const secret = await shownSecret(page);
    await expectAccessible(page, 'enrolment at sign-in (phone width)');
    await page.getByLabel('6-digit code').fill(await code(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    // The codes come before the session: still on the sign-in page until they are saved.
    await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await saveRecoveryCodes(page, 'Continue');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Nour' })).toBeVisible({ timeout: 30_000 });

    await signOut(page);
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByLabel('6-digit code').fill(await code(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Nour' })).toBeVisible({ timeout: 30_000 });
    await context.close();
  });
});
