import type { APIRequestContext, Page, Route } from '@playwright/test';
import { authEndpoints, userEndpoints } from '@portal/contracts';
import { apiUrl, DEMO_PASSWORD, expect, signIn, test } from './fixtures';

test.describe('resilience', () => {
  test('a page chunk that fails to load reloads once, then offers a retry', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/admin');
    await page.getByLabel('Search by name, username or email').fill('Hala');
    await expect(page.getByRole('link', { name: 'Hala Rashed' })).toBeVisible();

    const chunk = /\/assets\/profile-page-[^/]+\.js$/;
    await page.route(chunk, (route) => route.abort());
    let loads = 0;
    page.on('load', () => loads++);

    await page.getByRole('link', { name: 'Hala Rashed' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Loading chunk failed' })).toBeVisible();
    expect(loads).toBe(1); // exactly one automatic reload
    await expect(page).toHaveURL(/\/profile\/hr$/);
    // The header stays usable around the error.
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

    await page.unroute(chunk);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Hala Rashed' })).toBeVisible();
  });

  // Only the server's word that the session is invalid (a 401) ends it. Anything else on
  // auth/me — a 503, a request aborted as an F5 in its first moment aborts it — keeps the
  // session: the page says the portal is unreachable, and carries on once it answers.
  test('a profile load that fails (503, aborted) after sign-in or on reload keeps the session and carries on', async ({
    page,
    request,
  }) => {
    // Sign-in, three reloads and a backoff: a long journey on a busy machine.
    test.slow();
    await page.route(ME, unavailable);
    await page.goto('/login');
    await page.locator('input[name="username"]').fill('hr');
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: UNREACHABLE });
    await expect(alert).toContainText('The service is temporarily unavailable. Try again shortly.');
    await expect(page).toHaveURL(/\/login$/);
    await expectSessionValid(page, request);
    // Retry asks again at once (still down: the message stays).
    await Promise.all([page.waitForRequest(ME), alert.getByRole('button', { name: 'Retry' }).click()]);
    await expect(alert).toBeVisible();
    // The portal answers again: the app carries on by itself (backoff capped at 30 s).
    await page.unroute(ME);
    await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible({ timeout: 60_000 });

    // A reload whose auth/me is aborted: the page stays, says why, and goes on by itself.
    await page.goto('/user');
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
    await page.route(ME, (route) => route.abort());
    await page.reload();
    await expect(alert).toContainText("Can't reach the portal.");
    await expect(page).toHaveURL(/\/user$/);
    await expectSessionValid(page, request);
    await page.unroute(ME);
    // Retried with backoff (1 s doubling, capped at 30 s).
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible({ timeout: 60_000 });
    await expect(alert).toHaveCount(0);

    // The F5 itself: a reload while auth/me is still in flight.
    let held = 0;
    await page.route(ME, async (route) => {
      // The first request never answers (the reload aborts it); the next one goes through.
      if (held++ === 0) return;
      await route.fallback();
    });
    await page.goto('/');
    await expect.poll(() => held).toBe(1);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
    await expectSessionValid(page, request);
  });

  test('a real 401 still signs out, also after the portal was unreachable', async ({ page, request }) => {
    test.slow();
    await signIn(page, 'hr');
    await page.route(ME, unavailable);
    await page.reload();
    const alert = page.getByRole('alert').filter({ hasText: UNREACHABLE });
    await expect(alert).toBeVisible();
    // Signed out on another device meanwhile: the server no longer takes this session.
    const token = await savedToken(page);
    const out = await request.post(apiUrl(authEndpoints.logout), { headers: { authorization: `Bearer ${token}` } });
    expect(out.status()).toBe(200);
    // The next try (by itself, backoff capped at 30 s) hears the 401 and signs out.
    await page.unroute(ME);
    await expect(page).toHaveURL(/\/login$/, { timeout: 60_000 });
    await expect(page.getByText(/You were signed out/)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
  });
});

const ME = `**${apiUrl(userEndpoints.getMe)}`;
const UNREACHABLE = "The portal can't be reached right now.";

/** What the server answers while its database is away (app.ts). */
const unavailable = (route: Route) =>
  route.fulfill({
    status: 503,
    headers: { 'retry-after': '5' },
    json: { message: 'The service is temporarily unavailable. Try again shortly.' },
  });

async function savedToken(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('portal.token'));
  expect(token, 'the saved token').toBeTruthy();
  return token!;
}

/** The page kept its token, and the server still takes it (auth/me outside the page's routes). */
async function expectSessionValid(page: Page, request: APIRequestContext) {
  const token = await savedToken(page);
  const me = await request.get(apiUrl(userEndpoints.getMe), { headers: { authorization: `Bearer ${token}` } });
  expect(me.status(), 'auth/me with the saved token').toBe(200);
}
