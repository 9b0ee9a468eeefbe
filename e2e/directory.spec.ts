/**
 * Directory sign-in on the company portal (e2e/company-portal.ts, LDAP_* pointing at the
 * test slapd): the ordinary login form, a directory username and its directory password.
 * The person's account is made with the type ADMIN's mapping gives their groups, and a
 * group change shows at their next sign-in. A wrong directory password is refused like
 * any wrong password, in the reader's language.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { openDirectory, type DirectoryInfo } from '../apps/server/test/directory';
import { companyPortalUrl, expect, signedInPerson, test } from './fixtures';

const company = companyPortalUrl;
const directory = () => {
  const info = process.env.PORTAL_E2E_DIRECTORY;
  if (!info) throw new Error('PORTAL_E2E_DIRECTORY is not set: global-setup did not run');
  return openDirectory(JSON.parse(info) as DirectoryInfo);
};

const localeDir = path.resolve(import.meta.dirname, '../apps/web/src/lib/i18n/locales');
const ar = JSON.parse(fs.readFileSync(path.join(localeDir, 'ar.json'), 'utf8')) as {
  translation: { errors: { credentials: string } };
};

/** A directory person of the journey's own (a unique uid), in `group`. */
async function directoryPerson(group: string) {
  const uid = `dir.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const password = 'Cedar-Lantern-2026';
  const d = directory();
  await d.addUser({ uid, password, givenName: 'Maya', sn: 'Rahal', mail: `${uid}@corp.example` });
  await d.addToGroup(group, uid);
  return { uid, password, d };
}

async function fillLogin(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
}

/** Signs in from the company portal's login form, in a fresh browser context. */
async function signInWithDirectory(browser: Browser, username: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: company() });
  const page = await context.newPage();
  await fillLogin(page, username, password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Sign-in, auth/me, then home (bounded generously on a loaded machine).
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Maya' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(`${company()}/`);
  return page;
}

test('signs in with a directory username and password: the mapped type, and a group change at the next sign-in', async ({
  browser,
}) => {
  const { uid, password, d } = await directoryPerson('portal-hr');

  const first = await signInWithDirectory(browser, uid, password);
  expect(await signedInPerson(first)).toMatchObject({
    username: uid,
    user_type: 'HR',
    first_name: 'Maya',
    last_name: 'Rahal',
  });
  await first.context().close();

  // Moved from HR to RTM in the directory: the next sign-in brings the new type.
  await d.removeFromGroup('portal-hr', uid);
  await d.addToGroup('portal-rtm', uid);
  const second = await signInWithDirectory(browser, uid, password);
  expect(await signedInPerson(second)).toMatchObject({ username: uid, user_type: 'RTM' });
  await second.context().close();
});

test('a wrong directory password shows the usual refusal, in English and in Arabic', async ({ browser }) => {
  const { uid } = await directoryPerson('portal-hr');
  const context = await browser.newContext({ baseURL: company() });
  const page = await context.newPage();

  await fillLogin(page, uid, 'Not-The-Directory-Password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('email or password invalid')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();

  // The same refusal for an Arabic reader (the page's language is kept in localStorage).
  await page.evaluate(() => localStorage.setItem('portal.language', 'ar'));
  await fillLogin(page, uid, 'Still-Not-The-Password');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByText(ar.translation.errors.credentials)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
});
