import { expect, openLegacyDashboard, signIn, test } from './fixtures';

test.describe('role guards and menu', () => {
  test('an HR user sent to /eventlogs or /share/x lands on /', async ({ page }) => {
    await signIn(page, 'hr');
    for (const path of ['/eventlogs', '/share/x']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
    }
  });

  test('ADMIN sees Event Logs in the menu', async ({ page }) => {
    await signIn(page, 'admin');
    const nav = page.getByRole('banner').getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Event Logs' })).toBeVisible();
    await nav.getByRole('link', { name: 'Event Logs' }).click();
    await expect(page).toHaveURL(/\/eventlogs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Event logs' })).toBeVisible();
  });

  test('HR does not see Event Logs in the menu', async ({ page }) => {
    await signIn(page, 'hr');
    const nav = page.getByRole('banner').getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Event Logs' })).toHaveCount(0);
  });

  test('the Legacy Dashboard opens /admin in a new tab', async ({ page }) => {
    await signIn(page, 'admin');
    const tab = await openLegacyDashboard(page);
    await expect(tab.getByRole('heading', { level: 1, name: 'Legacy Dashboard' })).toBeVisible();
  });
});
