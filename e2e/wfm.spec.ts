import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInAs, test } from './fixtures';

/** YYYY-MM-DD `days` from today (UTC, the demo portal's clock): past the seeded fortnight ahead. */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Nothing on the page is wider than the screen (tables scroll inside their own boxes). */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, where).toBeLessThanOrEqual(0);
}

test.describe('WFM pages', () => {
  test('a WFM manager watches the day, imports a week from CSV, edits a shift and opens a history', async ({
    browser,
    baseURL,
  }) => {
    // Several axe scans and a CSV round trip on a shared two-core machine.
    test.setTimeout(180_000);
    const { context, page } = await signInAs(browser, baseURL, 'manager.wfm');

    // The day board: the demo interpreters, with adherence figures and the totals per pair.
    await page.goto('/wfm');
    await expect(page.getByRole('heading', { level: 1, name: 'WFM department' })).toBeVisible();
    const board = page.getByRole('table', { name: 'Interpreters on this day' });
    // At least the 20 demo interpreters with presence (waits for the rows: a one-off count
    // could read the table before its rows arrived).
    await expect(board.locator('tbody tr').nth(19)).toBeVisible();
    await expect(board.getByText(/^\d+%$/).first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Totals per language pair' })).toContainText('Arabic↔English');
    await expectAccessible(page, '/wfm today');

    // Schedule: a file with one bad line is refused line by line and nothing is imported.
    const day = dayFromToday(40);
    const bad = [
      'username,date,start,end,note',
      `interpreter05,${day},08:00,16:00,Import e2e`,
      `interpreter06,${day},25:00,06:00,`,
    ].join('\n');
    await page.getByRole('tab', { name: 'Schedule' }).click();
    await expect(page).toHaveURL(/tab=schedule/);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import shifts from CSV' });
    await dialog
      .getByTestId('shift-csv-input')
      .setInputFiles({ name: 'week.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    const problems = dialog.getByRole('list', { name: 'Problems in the file' });
    await expect(problems).toContainText('Line 3:');
    await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    await expectAccessible(page, '/wfm import dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`/wfm?tab=schedule&from=${day}&to=${day}`);
    await expect(page.getByText('No shifts in this range.')).toBeVisible();

    // Fixed: the dry run counts it, then it is imported and listed.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await dialog
      .getByTestId('shift-csv-input')
      .setInputFiles({ name: 'week.csv', mimeType: 'text/csv', buffer: Buffer.from(bad.replace('25:00', '22:00')) });
    await expect(dialog.getByText('2 rows: 2 new, 0 replacing')).toBeVisible();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog).toBeHidden();
    const shifts = page.getByRole('table', { name: 'Shifts' });
    await expect(shifts.locator('tbody tr')).toHaveCount(2);
    await expect(shifts).toContainText('Import e2e');
    await expectAccessible(page, '/wfm schedule');

    // Inline edit: the row's fields, Enter saves.
    const row = shifts.locator('tbody tr').filter({ hasText: 'Import e2e' });
    await row.getByRole('button', { name: /^Edit the shift of/ }).click();
    // One row is in edit at a time (its note is now a field, so the row is found by its fields).
    const end = shifts.getByRole('textbox', { name: 'End' });
    await expect(shifts.getByRole('textbox', { name: 'Note' })).toHaveValue('Import e2e');
    await end.fill('17:30');
    await end.press('Enter');
    await expect(shifts.getByRole('textbox', { name: 'End' })).toHaveCount(0);
    await expect(row).toContainText('17:30');

    // Staffing: the demo pairs, 24 hours each, in a box of its own.
    await page.getByRole('tab', { name: 'Staffing' }).click();
    await expect(page.getByRole('spinbutton', { name: 'Arabic↔English at 09:00' })).toHaveValue('5');
    await expectAccessible(page, '/wfm staffing');

    // One interpreter's history: a bar per day and times as 'Xh Ym'.
    await page.goto('/wfm/interpreter01');
    await expect(page.getByRole('heading', { level: 1, name: /^WFM: / })).toBeVisible();
    const days = page.getByRole('table', { name: 'Day by day' });
    await expect(days.getByTestId('presence-span').first()).toBeVisible();
    await expect(
      days
        .getByTestId('online-time')
        .filter({ hasText: /^\d+h \d+m$/ })
        .first(),
    ).toBeVisible();
    await expect(page.getByTestId('tenure')).toContainText(/month/);
    await expectAccessible(page, '/wfm/interpreter01');

    // Phones: nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoSidewaysScroll(page, '/wfm/interpreter01 at 360 px');
    await page.goto('/wfm');
    await expect(page.getByRole('list', { name: 'Interpreters on this day' })).toBeVisible();
    await expectNoSidewaysScroll(page, '/wfm at 360 px');
    await page.goto('/wfm?tab=staffing');
    await expect(page.getByRole('region', { name: 'Required online per hour' })).toBeVisible();
    await expectNoSidewaysScroll(page, '/wfm staffing at 360 px');
    await context.close();
  });

  test('HR is told the WFM pages are not for them', async ({ browser, baseURL }) => {
    const { context, page } = await signInAs(browser, baseURL, 'hr');
    await page.goto('/wfm');
    await expect(page.getByRole('heading', { level: 1, name: 'The WFM pages are not for your role' })).toBeVisible();
    await page.goto('/wfm/interpreter01');
    await expect(page.getByRole('heading', { level: 1, name: 'The WFM pages are not for your role' })).toBeVisible();
    await expectAccessible(page, '/wfm refused');
    await context.close();
  });
});
