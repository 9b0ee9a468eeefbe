import { expect, signIn, test } from './fixtures';

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

  test('a failed profile load at start logs out (spec §4)', async ({ page }) => {
    await signIn(page, 'hr');
    await page.route('**/api/auth/me/', (route) =>
      route.fulfill({ status: 500, json: { message: 'Internal server error.' } }),
    );
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
  });
});
