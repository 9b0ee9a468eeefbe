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
  test('a WFM manager watches the day, plans a week in the roster (import, split shift, drag, move, live) and opens a history', async ({
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

    // Schedule: this week's roster, people by team × days, today marked, the demo's shifts as chips.
    await page.getByRole('tab', { name: 'Schedule' }).click();
    await expect(page).toHaveURL(/tab=schedule/);
    const grid = page.getByRole('table', { name: /^Roster/ });
    await expect(grid.getByRole('columnheader', { name: /Today/ })).toBeVisible();
    await expect(grid.getByTestId('shift-chip').first()).toBeVisible();

    // A file with one bad line is refused line by line and nothing is imported.
    const day = dayFromToday(40);
    const bad = [
      'username,date,start,end,note',
      `interpreter05,${day},08:00,16:00,Import e2e`,
      `interpreter06,${day},25:00,06:00,`,
    ].join('\n');
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
    await page.goto(`/wfm?tab=schedule&week=${day}`);
    const cell = (username: string) => grid.getByTestId(`roster-row-${username}`).locator(`td[data-date="${day}"]`);
    await expect(grid.getByRole('columnheader', { name: /Interpreter/ })).toBeVisible();
    await expect(cell('interpreter05').getByTestId('shift-chip')).toHaveCount(0);

    // Another planner watches the same week: the changes below reach them live.
    const other = await signInAs(browser, baseURL, 'admin');
    await other.page.goto(`/wfm?tab=schedule&week=${day}`);
    const theirCell = other.page
      .getByRole('table', { name: /^Roster/ })
      .getByTestId('roster-row-interpreter05')
      .locator(`td[data-date="${day}"]`);
    await expect(other.page.getByRole('table', { name: /^Roster/ })).toBeVisible();

    // Fixed: the dry run counts it, then it is imported and shows in the grid.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await dialog
      .getByTestId('shift-csv-input')
      .setInputFiles({ name: 'week.csv', mimeType: 'text/csv', buffer: Buffer.from(bad.replace('25:00', '22:00')) });
    await expect(dialog.getByText('2 rows: 2 new, 0 replacing')).toBeVisible();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(cell('interpreter05').getByTestId('shift-chip')).toHaveText(['08:00–16:00']);
    await expect(cell('interpreter06').getByTestId('shift-chip')).toContainText('22:00–06:00');
    await expect(theirCell.getByTestId('shift-chip')).toHaveText(['08:00–16:00']);

    // A split shift: the cell's + adds an evening block with the time pickers.
    const setTime = async (label: RegExp, hhmm: string) => {
      await shiftDialog.getByRole('group', { name: label }).getByRole('spinbutton', { name: 'Hours' }).click();
      await page.keyboard.type(hhmm);
    };
    const shiftDialog = page.getByRole('dialog', { name: 'Add a shift' });
    const addIn = (username: string) => cell(username).getByRole('button', { name: /^Add a shift for/ });
    await addIn('interpreter05').click();
    await setTime(/^Start/, '1700');
    await setTime(/^End/, '2000');
    await shiftDialog.getByRole('button', { name: 'Add shift' }).click();
    await expect(shiftDialog).toBeHidden();
    await expect(cell('interpreter05').getByTestId('shift-chip')).toHaveText(['08:00–16:00', '17:00–20:00']);
    // The other planner's grid followed without a reload.
    await expect(theirCell.getByTestId('shift-chip')).toHaveText(['08:00–16:00', '17:00–20:00']);
    await expectAccessible(page, '/wfm schedule');

    // An overlapping third block is refused, said under its start; nothing changes.
    await addIn('interpreter05').click();
    await setTime(/^Start/, '1500');
    await setTime(/^End/, '1800');
    await shiftDialog.getByRole('button', { name: 'Add shift' }).click();
    await expect(
      shiftDialog.getByText(/^This overlaps their shift on .*shifts of one person may not overlap\.$/),
    ).toBeVisible();
    await expectAccessible(page, '/wfm add shift refused');
    await shiftDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(cell('interpreter05').getByTestId('shift-chip')).toHaveCount(2);

    // Drag the evening block to another day of the same week and row: it moves. (The English
    // week runs Sunday to Saturday, as the date pickers' calendar: from a Saturday, the day before.)
    const next = new Date(`${day}T00:00:00Z`).getUTCDay() === 6 ? dayFromToday(39) : dayFromToday(41);
    const cellOn = (username: string, date: string) =>
      grid.getByTestId(`roster-row-${username}`).locator(`td[data-date="${date}"]`);
    await cell('interpreter05')
      .getByTestId('shift-chip')
      .filter({ hasText: '17:00' })
      .dragTo(cellOn('interpreter05', next));
    await expect(cellOn('interpreter05', next).getByTestId('shift-chip')).toHaveText(['17:00–20:00']);
    await expect(cell('interpreter05').getByTestId('shift-chip')).toHaveText(['08:00–16:00']);

    // The keyboard's way: open the chip, choose another interpreter in the dialog, save; it moves.
    const seventh = (await grid.getByTestId('roster-row-interpreter07').getByRole('rowheader').textContent())!.trim();
    await cellOn('interpreter05', next).getByTestId('shift-chip').focus();
    await page.keyboard.press('Enter');
    const editDialog = page.getByRole('dialog', { name: 'Edit the shift' });
    await editDialog.getByRole('combobox', { name: /^Interpreter/ }).click();
    await page.getByRole('option', { name: seventh, exact: true }).click();
    await editDialog.getByRole('button', { name: 'Save shift' }).click();
    await expect(editDialog).toBeHidden();
    await expect(cellOn('interpreter05', next).getByTestId('shift-chip')).toHaveCount(0);
    await expect(cellOn('interpreter07', next).getByTestId('shift-chip')).toHaveText(['17:00–20:00']);
    await other.context.close();

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

    // Their team and its Arabic name: the contract refuses Latin letters in the Arabic name.
    await page.getByRole('button', { name: 'Edit team and extension' }).click();
    const profileDialog = page.getByRole('dialog', { name: /^Team and extension of / });
    const arabicTeam = profileDialog.getByRole('textbox', { name: 'Team (Arabic name)' });
    await expect(arabicTeam).toHaveAttribute('dir', 'rtl');
    await arabicTeam.fill('Legal');
    await profileDialog.getByRole('button', { name: 'Save' }).click();
    await expect(profileDialog.getByText('Write this in Arabic letters.')).toBeVisible();
    await expectAccessible(page, '/wfm/interpreter01 team dialog');
    await profileDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(profileDialog).toBeHidden();

    // Phones: nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoSidewaysScroll(page, '/wfm/interpreter01 at 360 px');
    await page.goto('/wfm');
    await expect(page.getByRole('list', { name: 'Interpreters on this day' })).toBeVisible();
    await expectNoSidewaysScroll(page, '/wfm at 360 px');
    await page.goto('/wfm?tab=staffing');
    await expect(page.getByRole('region', { name: 'Required online per hour' })).toBeVisible();
    await expectNoSidewaysScroll(page, '/wfm staffing at 360 px');
    // The roster reads as a list of the week's days on a phone, today's marked, no grid.
    await page.goto('/wfm?tab=schedule');
    const weekDays = page.getByRole('list', { name: "Roster: the week's days" });
    await expect(weekDays.locator('[aria-current="date"]')).toContainText('Today');
    await expect(page.getByRole('table', { name: /^Roster/ })).toHaveCount(0);
    await expectNoSidewaysScroll(page, '/wfm schedule at 360 px');
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
