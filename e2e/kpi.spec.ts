import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInAs, test } from './fixtures';

/** Nothing on the page is wider than the screen (wide tables scroll inside their own boxes). */
async function expectFitsScreen(page: Page, where: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, where).toBeLessThanOrEqual(0);
}

test.describe('KPI pages', () => {
  test('a quality lead enters a missing value and the missing list shrinks', async ({ browser, baseURL }) => {
    // Several axe scans on a shared two-core machine.
    test.setTimeout(120_000);
    const { context, page } = await signInAs(browser, baseURL, 'quality');

    // From home's shortcut, then the Missing tab.
    await page.getByRole('main').getByRole('link', { name: /^KPIs/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'KPIs' })).toBeVisible();
    await page.getByRole('tab', { name: /^Missing/ }).click();
    await expect(page).toHaveURL(/tab=missing/);
    const missing = page.getByRole('table', { name: 'Missing values by person' });
    const enter = missing.getByRole('link', { name: /^Enter value: .+ for / }).first();
    await expect(enter).toBeVisible();
    const label = (await enter.getAttribute('aria-label')) ?? '';
    expect(label).toMatch(/^Enter value: .+ for .+$/);
    const [, kpi, name] = /^Enter value: (.+) for (.+)$/.exec(label)!;
    await expectAccessible(page, '/kpi missing');

    await enter.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Enter a KPI value' })).toBeVisible();
    await expectAccessible(page, '/kpi add form');
    // 4 is a value every unit allows (percent, count, seconds, score 1–5).
    await page.getByRole('textbox', { name: /^Value/ }).fill('4');
    await page.getByRole('textbox', { name: 'Note' }).fill('Entered by the e2e journey');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${kpi} saved for ${name}.`)).toBeVisible();
    await expect(page).toHaveURL(/\/kpi\?user=/);
    const username = new URL(page.url()).searchParams.get('user') ?? '';
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`Scorecard: ${name}`) })).toBeVisible();

    await page.goto('/kpi?tab=missing');
    await expect(missing.getByRole('link', { name: /^Enter value: / }).first()).toBeVisible();
    await expect(missing.getByRole('link', { name: label, exact: true })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Scores' }).click();
    const scores = page.getByRole('table', { name: 'Scores for the period' });
    await expect(scores.getByText(name!, { exact: true })).toBeVisible();
    await expectAccessible(page, '/kpi scores');

    await page.getByRole('tab', { name: 'Definitions' }).click();
    await expect(page.getByRole('table', { name: 'KPI definitions' })).toBeVisible();
    await expectAccessible(page, '/kpi definitions');

    // Dark and Arabic (right to left): the scorecard's chart and the tabs stay readable.
    await page.getByRole('button', { name: 'Colour mode' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await page.keyboard.press('Escape');
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
    await page.goto(`/kpi?user=${encodeURIComponent(username)}`);
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`Scorecard: ${name}`) })).toBeVisible();
    await expectAccessible(page, 'scorecard (dark)');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    await page.keyboard.press('Escape');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.goto('/kpi?tab=missing');
    await expect(page.getByRole('table', { name: 'القيم الناقصة حسب الشخص' })).toBeVisible();
    await expectAccessible(page, '/kpi missing (dark, Arabic)');

    // Phones: the tabs and the scorecard fit 360 px.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/kpi?tab=missing');
    await expect(page.getByRole('list', { name: 'القيم الناقصة حسب الشخص' })).toBeVisible();
    await expectFitsScreen(page, '/kpi missing at 360 px');
    await page.goto('/kpi');
    await expect(page.getByRole('list', { name: 'نتائج الفترة' })).toBeVisible();
    await expectFitsScreen(page, '/kpi scores at 360 px');
    await page.getByRole('list', { name: 'نتائج الفترة' }).getByText(name!, { exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`بطاقة الأداء: ${name}`) })).toBeVisible();
    await expectFitsScreen(page, 'scorecard at 360 px');
    await expectAccessible(page, 'scorecard at 360 px');
    await context.close();
  });

  test('HR, who scores nobody, gets the not-for-you page', async ({ browser, baseURL }) => {
    const { context, page } = await signInAs(browser, baseURL, 'hr');
    await page.goto('/kpi');
    await expect(page.getByRole('heading', { level: 1, name: 'The KPI pages are not for your role' })).toBeVisible();
    await expectAccessible(page, '/kpi refused');
    await context.close();
  });
});
