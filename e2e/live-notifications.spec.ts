import { apiUrl, escapeRegExp, expect, signIn, test } from './fixtures';
import { authEndpoints, notificationEndpoints } from '@portal/contracts';

test.describe('live notifications', () => {
  test('an announcement sent by ADMIN appears in an HR user’s bell within a second, with the badge', async ({
    browser,
    baseURL,
  }) => {
    const adminCtx = await browser.newContext({ baseURL });
    const hrCtx = await browser.newContext({ baseURL });
    const admin = await adminCtx.newPage();
    const hr = await hrCtx.newPage();
    await signIn(admin, 'admin');
    await signIn(hr, 'manager.hr');
    const badge = hr.getByTestId('notification-badge');
    const before = Number((await badge.textContent())?.trim() || '0');

    // ADMIN writes the announcement in the bell's form.
    await admin.getByRole('button', { name: /Notifications, \d+ unread/ }).click();
    await admin.getByRole('button', { name: 'Send an announcement' }).click();
    const message = `Fire drill at 11:00 (${Date.now()})`;
    await admin.getByLabel('Message', { exact: true }).fill(message);
    await admin.getByLabel('Link (optional)').fill('/user');
    await admin.getByLabel('Who should see it').click();
    await admin.getByRole('option', { name: 'HR', exact: true }).click();
    // The picker stays open while picking; Escape closes it, not the dialog.
    await admin.keyboard.press('Escape');
    await expect(admin.getByRole('listbox')).toHaveCount(0);
    const sentAt = Date.now();
    await admin.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(admin.getByText('Announcement sent.')).toBeVisible();

    // Live in the other browser, without reload.
    // At least one more: journeys running beside this one (the walkthrough's "All staff"
    // announcement, leave requests HR is told of) may add their own meanwhile.
    await expect
      .poll(async () => Number((await badge.textContent())?.trim() || '0'), { timeout: 1000 + (Date.now() - sentAt) })
      .toBeGreaterThanOrEqual(before + 1);
    const bell = hr.getByRole('button', { name: /Notifications, \d+ unread/ });
    const unread = async () => Number((await bell.getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1]);
    const atOpening = await unread();
    expect(atOpening).toBeGreaterThanOrEqual(1);
    await bell.click();
    // Unread is said in words, not only by colour and weight; the card also names its time.
    const list = hr.getByTestId('notification-list');
    await expect(
      list.getByRole('button', { name: new RegExp(`^Unread: ${escapeRegExp(message)} .*\\d`) }),
    ).toBeVisible();

    // Closing the menu marks everything read; the server remembers it. (Only this user's
    // own message is checked by name: journeys beside this one may notify HR meanwhile.)
    await hr.keyboard.press('Escape');
    // (MUI keeps the old number in a hidden badge: the button's label is the truth.)
    await expect.poll(unread).toBeLessThan(atOpening);
    await hr.reload();
    await expect(hr.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
    await bell.click();
    await expect(list.getByRole('button', { name: new RegExp(`^${escapeRegExp(message)} `) })).toBeVisible();
    await hr.keyboard.press('Escape');

    // Clicking a notification opens its url.
    await hr.getByRole('button', { name: /Notifications, \d+ unread/ }).click();
    await hr.getByTestId('notification-list').getByText(message).click();
    await expect(hr).toHaveURL(/\/user$/);
    await adminCtx.close();
    await hrCtx.close();
  });

  test('Escape asks before throwing away a typed announcement; All staff picks every staff type', async ({ page }) => {
    await signIn(page, 'admin');
    await page.getByRole('button', { name: /Notifications, \d+ unread/ }).click();
    await page.getByRole('button', { name: 'Send an announcement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send an announcement' });
    await dialog.getByLabel('Message').fill('Half-written note');
    await dialog.getByRole('button', { name: 'All staff' }).click();
    await expect(dialog.locator('.MuiAutocomplete-tag')).toHaveCount(19);
    await page.keyboard.press('Escape');
    const confirm = page.getByRole('dialog', { name: 'Discard this announcement?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep writing' }).click();
    await expect(dialog.getByLabel('Message')).toHaveValue('Half-written note');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('a user of another type receives nothing', async ({ browser, baseURL, request }) => {
    const itCtx = await browser.newContext({ baseURL });
    const it = await itCtx.newPage();
    await signIn(it, 'it');
    const label = it.getByRole('button', { name: /Notifications, \d+ unread/ });
    const before = await label.getAttribute('aria-label');
    const login = await request.post(apiUrl(authEndpoints.login), {
      data: { username: 'admin', password: 'Portal#Demo2026' },
    });
    const { access } = (await login.json()) as { access: string };
    const res = await request.post(apiUrl(notificationEndpoints.announce), {
      headers: { authorization: `Bearer ${access}` },
      data: { message: 'Only for finance', levels: ['FINANCE'] },
    });
    expect(res.status()).toBe(201);
    // Give the push a generous second to (not) arrive.
    await it.waitForTimeout(1000);
    await expect(label).toHaveAttribute('aria-label', before!);
    await itCtx.close();
  });
});

test.describe('event logs page', () => {
  test('ADMIN filters the audit trail and downloads it as CSV', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/eventlogs');
    await expect(page.getByRole('heading', { level: 1, name: 'Event logs' })).toBeVisible();
    // The action's label, with its code under it.
    const signedIn = page.getByRole('cell', { name: /^Signed in\s*auth\.login$/ }).first();
    await expect(signedIn).toBeVisible();
    await page.getByLabel('User').fill('admin');
    await expect(page.getByRole('row').nth(1)).toContainText('admin');
    // The action filter offers labels; its value (in the URL) is the code.
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Signed in', exact: true }).click();
    await expect(page).toHaveURL(/[?&]action=auth\.login\b/);
    await expect(page.getByRole('row').nth(1)).toContainText('Signed in');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^event-logs-.*\.csv$/);
  });
});
