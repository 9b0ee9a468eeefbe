import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/** No serious or critical axe-core violations (WCAG 2.1 A/AA rules). */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.describe('accessibility (axe-core)', () => {
  test('login page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page);
  });

  test('home page, light and dark', async ({ page }) => {
    await signIn(page, 'admin');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Colour mode' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await page.keyboard.press('Escape');
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
    await expectAccessible(page);
  });

  test('profile pages', async ({ page }) => {
    await signIn(page, 'manager.hr');
    await page.goto('/profile/director.gi');
    await expect(page.getByRole('heading', { level: 2, name: 'Ghada Ismail' })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/user');
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
    await expectAccessible(page);
  });

  test('ticket pages: new ticket form with errors, and a thread, light and dark', async ({ page }) => {
    await signIn(page, 'hr');
    await page.goto('/ticket/create');
    await page.getByRole('button', { name: 'Send ticket' }).click();
    await expect(page.getByText('Write a subject.')).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Subject').fill('Monitor flickers');
    await page.getByLabel('Description').fill('The second monitor flickers.');
    await page.getByRole('button', { name: 'Send ticket' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Monitor flickers' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Colour mode' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await page.keyboard.press('Escape');
    await expectAccessible(page);
  });

  test('accounts and event logs, wide and on a phone', async ({ page }) => {
    await signIn(page, 'admin');
    for (const [path, heading, name] of [
      ['/admin', 'Legacy Dashboard', 'Staff accounts'],
      ['/eventlogs', 'Event logs', 'Event logs'],
    ] as const) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('table', { name })).toBeVisible();
      await expectAccessible(page);
      await page.setViewportSize({ width: 360, height: 740 });
      await expect(page.getByRole('list', { name })).toBeVisible();
      await expectAccessible(page);
    }
  });

  test('the accounts console refusal for non-ADMIN', async ({ page }) => {
    await signIn(page, 'hr');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'The accounts console is for ADMIN' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the help desk (/dashboard) with tickets, on a phone too', async ({ page, request }) => {
    const login = await request.post('/api/auth/jwt/login/', {
      data: { username: 'marketing', password: 'Portal#Demo2026' },
    });
    const { access } = (await login.json()) as { access: string };
    await request.post('/api/user/create_ticket/', {
      headers: { authorization: `Bearer ${access}` },
      data: { department: 'G.E', subject: 'Brochure printer offline', description: 'Since today.', priority: 'urgent' },
    });
    await signIn(page, 'g.e');
    await page.goto('/dashboard');
    await expect(page.getByRole('table', { name: 'Queue' })).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByRole('list', { name: 'Queue' })).toBeVisible();
    await expectAccessible(page);
  });
});
