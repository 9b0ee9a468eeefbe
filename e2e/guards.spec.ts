import { expect, openLegacyDashboard, signIn, test } from './fixtures';

test.describe('role guards and menu', () => {
  test('an HR user at /eventlogs, /share/x or /admin is told why, on the same refusal page, with a way home', async ({
    page,
  }) => {
    await signIn(page, 'hr');
    for (const [path, title] of [
      ['/eventlogs', 'Event logs are for directors and ADMIN'],
      ['/share/x', 'Screen sharing is not for your role'],
      ['/admin', 'The accounts console is for ADMIN'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByText('403', { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    }
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  });

  test('a manager reaches KPI and Reports from the header and from the phone drawer', async ({ page }) => {
    await signIn(page, 'manager.it');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Reports', exact: true }).click();
    await expect(page).toHaveURL(/\/user\/reports\/reports-list$/);
    await nav.getByRole('link', { name: 'KPI', exact: true }).click();
    await expect(page).toHaveURL(/\/kpi$/);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('presentation').getByRole('navigation', { name: 'Main navigation' });
    await expect(drawer.getByRole('link', { name: 'KPI', exact: true })).toBeVisible();
    await drawer.getByRole('link', { name: 'Reports', exact: true }).click();
    await expect(page).toHaveURL(/\/user\/reports\/reports-list$/);
  });

  test('ADMIN sees Event Logs in the menu', async ({ page }) => {
    await signIn(page, 'admin');
    const nav = page.getByRole('banner').getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Event Logs' })).toBeVisible();
    await nav.getByRole('link', { name: 'Event Logs' }).click();
    await expect(page).toHaveURL(/\/eventlogs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Event logs' })).toBeVisible();
  });

  test('HR does not see Event Logs or the Legacy Dashboard in the menu', async ({ page }) => {
    await signIn(page, 'hr');
    const nav = page.getByRole('banner').getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Event Logs' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: /Legacy Dashboard/ })).toHaveCount(0);
  });

  test('the Legacy Dashboard opens /admin in a new tab', async ({ page }) => {
    await signIn(page, 'admin');
    const tab = await openLegacyDashboard(page);
    await expect(tab.getByRole('heading', { level: 1, name: 'Legacy Dashboard' })).toBeVisible();
  });
});
