import type { CDPSession, Page } from '@playwright/test';
import { createAccount, expect, expectAccessible, signIn, test } from './fixtures';

/**
 * Passkeys in a real Chromium: its virtual authenticator (DevTools' WebAuthn domain) plays
 * a platform authenticator with a fingerprint reader, so the browser's own ceremony runs
 * (discoverable credential, user verification) with no prompt to click. The server is on
 * http://localhost:<port>: a secure context, and an RP ID browsers accept (not an IP).
 */
async function virtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Adds a passkey named `name` on the own profile (/user) and waits for it in the list. */
async function addPasskey(page: Page, name: string) {
  await page.goto('/user');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await section.getByLabel('Name for a new passkey').fill(name);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added.')).toBeVisible();
  await expect(section.getByText(name, { exact: true })).toBeVisible();
  return section;
}

test.describe('passkeys', () => {
  test('registered on the profile, it signs in on its own after signing out', async ({ page, request }) => {
    const account = await createAccount(request, { user_type: 'FINANCE', first_name: 'Pania' });
    await virtualAuthenticator(page);
    await signIn(page, account.username, account.password);
    const section = await addPasskey(page, 'Work laptop');
    await expectAccessible(page, 'profile with a passkey');

    await signOut(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Pania' })).toBeVisible({
      timeout: 30_000,
    });

    // The list says when it was last used, and it can be renamed.
    await page.goto('/user');
    await expect(section.getByText('Work laptop', { exact: true })).toBeVisible();
    await section.getByRole('button', { name: 'Rename Work laptop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename passkey' });
    await dialog.getByLabel('Name for a new passkey').fill('Desk laptop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByText('Desk laptop', { exact: true })).toBeVisible();
  });

  test('after a password, it is the second factor', async ({ page, request }) => {
    const account = await createAccount(request, { user_type: 'FINANCE', first_name: 'Tamar' });
    await virtualAuthenticator(page);
    await signIn(page, account.username, account.password);
    await addPasskey(page, 'Phone');
    await signOut(page);

    await page.locator('input[name="username"]').fill(account.username);
    await page.locator('input[name="password"]').fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
    await expect(usePasskey).toBeVisible();
    await expectAccessible(page, 'second step with a passkey');
    await usePasskey.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Tamar' })).toBeVisible({
      timeout: 30_000,
    });
  });

  test('removing one asks the browser for a passkey first, then it no longer signs in', async ({ page, request }) => {
    const account = await createAccount(request, { user_type: 'FINANCE' });
    await virtualAuthenticator(page);
    await signIn(page, account.username, account.password);
    const section = await addPasskey(page, 'Old key');
    await section.getByRole('button', { name: 'Remove Old key' }).click();
    await page.getByRole('dialog', { name: 'Remove this passkey?' }).getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Passkey removed.')).toBeVisible();
    await expect(section.getByText('You have no passkeys yet.')).toBeVisible();

    // The device still holds it, but the portal no longer knows it: the generic refusal.
    await signOut(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByText('Unable to log in with provided credentials.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('on a phone, the list and its actions fit the screen', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const account = await createAccount(request, { user_type: 'FINANCE' });
    await virtualAuthenticator(page);
    await signIn(page, account.username, account.password);
    const section = await addPasskey(page, 'Pocket phone');
    await expect(section.getByRole('button', { name: 'Remove Pocket phone' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
