import type { Page } from '@playwright/test';
import { createAccount, expect, expectAccessible, signInAs, test } from './fixtures';

/** Switches the colour mode the way a user does (the header's menu), keeping the page's state. */
async function colourMode(page: Page, mode: 'Light' | 'Dark') {
  await page.getByRole('button', { name: 'Colour mode' }).click();
  await page.getByRole('menuitemradio', { name: mode }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).toHaveAttribute('data-color-scheme', mode.toLowerCase());
  await expect(page.getByRole('menu')).toHaveCount(0);
}

/** axe (serious and critical) on the page as it is, in light and then in dark; back to light. */
async function accessibleBothModes(page: Page, where: string) {
  await expectAccessible(page, `${where} (light)`);
  await colourMode(page, 'Dark');
  await expectAccessible(page, `${where} (dark)`);
  await colourMode(page, 'Light');
}

/** Types a date into a picker field as a person does: its sections, day first. */
async function typeDate(page: Page, label: 'First day' | 'Last day', day: Date) {
  const pad = (n: number) => String(n).padStart(2, '0');
  await page.getByRole('group', { name: label }).click();
  await page.keyboard.type(`${pad(day.getDate())}${pad(day.getMonth() + 1)}${day.getFullYear()}`);
}

/** A Sunday (the call centre's first working day) three to four weeks ahead, and the Tuesday after it. */
function nextWorkingWeek() {
  const start = new Date();
  start.setDate(start.getDate() + 21);
  while (start.getDay() !== 0) start.setDate(start.getDate() + 1);
  const end = new Date(start);
  end.setDate(start.getDate() + 2);
  return { start, end };
}

const annualCard = (page: Page) => page.getByTestId('leave-balances').getByRole('region', { name: 'Annual leave' });

test.describe('leave requests', () => {
  test('an HR employee requests leave; her manager sees it live with the coverage and approves; she sees it live', async ({
    browser,
    baseURL,
    request,
  }) => {
    // Two browsers and six axe scans on a shared two-core machine.
    test.setTimeout(240_000);
    const employee = await createAccount(request, { user_type: 'HR' });
    const her = await signInAs(browser, baseURL, employee.username, employee.password);
    const him = await signInAs(browser, baseURL, 'manager.hr');

    // She works on a phone (360 px) throughout; he at his desk.
    // Her balance before, on her (empty) list of waiting requests.
    await her.page.setViewportSize({ width: 360, height: 740 });
    await her.page.goto('/user/leaves/submited-leaves');
    await expect(her.page.getByText('No request is waiting for a decision.')).toBeVisible();
    const available = annualCard(her.page).getByTestId('balance-available');
    await expect(available).toHaveText(/^\d+$/);
    const before = Number(await available.textContent());
    expect(before).toBeGreaterThan(3);
    await accessibleBothModes(her.page, 'submitted leaves, 360 px');

    // The form refuses an empty request under its fields.
    await her.page.getByRole('navigation', { name: 'Leave pages' }).getByRole('tab', { name: 'Request leave' }).click();
    await expect(her.page).toHaveURL(/\/user\/leaves\/create-leave$/);
    await expect(her.page.getByRole('combobox', { name: /Leave type/ })).toHaveText('Annual leave');
    await her.page.getByRole('button', { name: 'Send request' }).click();
    await expect(her.page.getByText('Choose the first day.')).toBeVisible();
    await expect(her.page.getByText('Choose the last day.')).toBeVisible();
    await accessibleBothModes(her.page, 'leave form with errors, 360 px');

    // His inbox on home, before.
    const inboxCount = him.page.getByTestId('leave-inbox-count');
    await expect(inboxCount).toHaveText(/^\d+ waiting$/);
    const waiting = Number((await inboxCount.textContent())?.match(/\d+/)?.[0]);

    // She picks three days and sees what they take before sending.
    const { start, end } = nextWorkingWeek();
    // The last day first: the first day alone would make it a one-day request for a moment.
    await typeDate(her.page, 'Last day', end);
    await typeDate(her.page, 'First day', start);
    await her.page.getByLabel('Reason').fill('Family wedding in Aswan');
    const quote = her.page.getByTestId('leave-quote');
    await expect(quote).toContainText(/working days? \(weekends and holidays left out\)/);
    const days = Number(await quote.getByTestId('quote-days').textContent());
    expect(days).toBeGreaterThan(0);
    await expect(quote).toContainText(`${before - days} days left after this request`);
    await her.page.getByRole('button', { name: 'Send request' }).click();
    await expect(her.page).toHaveURL(/\/leaves\/\d+$/);
    const id = Number(/\/leaves\/(\d+)$/.exec(her.page.url())?.[1]);
    const herChip = her.page.locator('[data-status]');
    await expect(herChip).toHaveText('Pending');

    // Live in his inbox on home, without a reload.
    await expect(inboxCount).toHaveText(`${waiting + 1} waiting`);

    // He opens it: the department's coverage on those days, then approves.
    await him.page.goto(`/leaves/${id}`);
    await expect(him.page.getByRole('heading', { level: 1, name: `Leave request ${id}` })).toBeVisible();
    const coverage = him.page.getByTestId('leave-coverage');
    await expect(coverage).toBeVisible();
    await expect(coverage.getByRole('alert')).toBeVisible();
    await expect(him.page.getByText('Family wedding in Aswan')).toBeVisible();
    await accessibleBothModes(him.page, 'request page, approver');
    await him.page.getByRole('button', { name: 'Approve' }).click();
    const dialog = him.page.getByRole('dialog', { name: 'Approve this leave?' });
    await dialog.getByRole('textbox', { name: 'Comment (optional)' }).fill('Enjoy the wedding');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(him.page.getByText('Leave approved.')).toBeVisible();
    await expect(him.page.locator('[data-status]')).toHaveText('Approved');

    // His own history, as a table on a wide screen (his demo request waits for the director).
    await him.page.goto('/user/leaves/leave-history');
    await expect(him.page.getByRole('table', { name: 'All my leave requests' }).getByText('Pending')).toBeVisible();
    await accessibleBothModes(him.page, 'leave history, wide');

    // She sees the decision live: the chip, the timeline, her used days, the certificate.
    await expect(herChip).toHaveText('Approved');
    await expect(her.page.getByTestId('leave-timeline')).toContainText('Enjoy the wedding');
    const herBalance = her.page.getByRole('region', { name: 'My balance' });
    await expect(herBalance.locator('dt:text-is("Used") + dd')).toHaveText(String(days));
    await expect(herBalance.locator('dt:text-is("Pending") + dd')).toHaveText('0');
    await expect(her.page.getByRole('button', { name: 'Print certificate' })).toBeVisible();
    await expect(her.page.getByTestId('leave-certificate')).toContainText('Maha Hamdi');
    await accessibleBothModes(her.page, 'request page, requester, approved, 360 px');

    // Her history and balance after.
    await her.page.goto('/user/leaves/leave-history');
    await expect(annualCard(her.page).getByTestId('balance-available')).toHaveText(String(before - days));
    await expect(her.page.getByRole('list', { name: 'All my leave requests' }).getByText('Approved')).toBeVisible();
    const width = await her.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await accessibleBothModes(her.page, 'leave history, 360 px');

    await her.context.close();
    await him.context.close();
  });
});
