import type { Locator, Page } from '@playwright/test';
import { ticketEndpoints } from '@portal/contracts';
import { apiUrl, createAccount, expect, signIn, signInAs, test, tokenOf } from './fixtures';

/**
 * A walkthrough of the shared building blocks (messages, forms, bidi, guards,
 * announcements), one test per step, each asserting what the user sees.
 * Steps already checked elsewhere are not repeated here:
 * - 390 px: accounts and event logs have no sideways page scroll and the row actions are on
 *   screen — e2e/small-screens.spec.ts, "accounts: a card per account, actions on screen, no
 *   sideways scrolling" and "event logs: a card per event, no sideways scrolling" (event-log
 *   rows have no actions).
 * - A ticket the user may not see shows the toast once, the translated page and one Back
 *   link — e2e/tickets.spec.ts, "a ticket the user may not see shows the warning, never its
 *   content"; the step's own case, a ticket that does not exist, is below.
 * - /admin refused to a director with a link home — e2e/admin.spec.ts, "is for ADMIN only";
 *   HR (who has no "Legacy Dashboard" in the menu) at its address is below.
 * - "All staff" picks every staff type — e2e/live-notifications.spec.ts, "Escape asks before
 *   throwing away a typed announcement; All staff picks every staff type"; sending it to a
 *   staff member's bell is below.
 */

async function openCreateAccount(page: Page) {
  await signIn(page, 'admin');
  await page.goto('/admin');
  await page.getByRole('button', { name: 'New account' }).click();
  return page.getByRole('dialog', { name: 'Create an account' });
}

/** The field's own helper text (what is written under it), by its label. */
async function helperOf(dialog: Locator, name: string) {
  const input = dialog.locator(`input[name="${name}"]`);
  // The server's answer puts the text there: wait for it rather than read at once.
  await expect(input, `${name} has no text under it`).toHaveAttribute('aria-describedby', /\S/);
  const describedBy = await input.getAttribute('aria-describedby');
  return dialog.locator(`[id="${describedBy!.split(' ')[0]}"]`);
}

async function toArabic(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.keyboard.press('Escape');
}

/**
 * Every text node in `root` that holds an "@user" or a "#12" sits inside an isolating
 * element (<bdi>, or any element with dir="auto"/"ltr"), so a right-to-left page cannot
 * turn it into "user@" or "12#". Returns what it found, and what is not isolated.
 */
async function bidiOf(root: Locator) {
  return root.evaluate((el) => {
    const found: { at: string[]; hash: string[]; loose: string[] } = { at: [], hash: [], loose: [] };
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? '';
      const at = /@[\w.]+/.test(text);
      const hash = /#\d+/.test(text);
      if (!at && !hash) continue;
      if (at) found.at.push(text.trim());
      if (hash) found.hash.push(text.trim());
      if (!n.parentElement?.closest('bdi, [dir="auto"], [dir="ltr"]')) found.loose.push(text.trim());
    }
    return found;
  });
}

test.describe('walkthrough of the shared building blocks', () => {
  test('offline, sending the new-ticket form says the portal cannot be reached, and creates nothing', async ({
    browser,
    baseURL,
    request,
  }) => {
    const owner = await createAccount(request, { user_type: 'QUALITY' });
    const { page, context } = await signInAs(browser, baseURL, owner.username, owner.password);
    await page.goto('/ticket/create');
    await page.getByLabel('Subject').fill('Keyboard missing keys');
    await page.getByLabel('Description').fill('The F and J keys are gone.');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Send ticket' }).click();
    await expect(page.getByText("Can't reach the portal. Check your connection and try again.").first()).toBeVisible();
    await expect(page).toHaveURL(/\/ticket\/create$/);
    // What was typed is still there to send again.
    await expect(page.getByLabel('Subject')).toHaveValue('Keyboard missing keys');
    await context.setOffline(false);
    const list = await request.get(`${apiUrl(ticketEndpoints.listActiveTickets)}?scope=mine`, {
      headers: { authorization: `Bearer ${await tokenOf(request, owner.username, owner.password)}` },
    });
    expect(await list.json()).toEqual([]);
    await context.close();
  });

  test('a 300-character name in the account form says "At most 100 characters." under the field', async ({ page }) => {
    const dialog = await openCreateAccount(page);
    await dialog.locator('input[name="username"]').fill(`long.${Date.now()}`);
    await dialog.locator('input[name="password"]').fill('Sturdy-Teapot-2026');
    await dialog.locator('input[name="email"]').fill(`long.${Date.now()}@portal.example`);
    await dialog.locator('input[name="first_name"]').fill('a'.repeat(300));
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(await helperOf(dialog, 'first_name')).toHaveText('At most 100 characters.');
    await expect(dialog).toBeVisible();
  });

  test('a taken username and a weak password are both shown at once', async ({ page }) => {
    const dialog = await openCreateAccount(page);
    await dialog.locator('input[name="username"]').fill('hr');
    await dialog.locator('input[name="password"]').fill('password');
    await dialog.locator('input[name="email"]').fill(`weak.${Date.now()}@portal.example`);
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'HR', exact: true }).click();
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(await helperOf(dialog, 'username')).toHaveText('A user with that username already exists.');
    await expect(await helperOf(dialog, 'password')).toHaveText('This password is too common.');
  });

  test('/ticket/999999 shows the warning toast once and the page "This ticket is closed or does not exist" with one Back link', async ({
    page,
  }) => {
    await signIn(page, 'hr');
    await page.goto('/ticket/999999');
    await expect(page.getByRole('heading', { name: 'This ticket is closed or does not exist' })).toBeVisible();
    const toast = page.getByRole('alert').filter({ hasText: 'Ticket May Completed Or Not exisit' });
    await expect(toast).toBeVisible();
    await expect(toast).toHaveCount(1);
    await expect(page.getByRole('link', { name: /^Back/ })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Back to my tickets' })).toBeVisible();
  });

  test('in Arabic, "@user" and "#12" stay readable in the desk’s rows and the owner’s ticket rows', async ({
    browser,
    baseURL,
    request,
  }) => {
    const owner = await createAccount(request, { user_type: 'QUALITY' });
    // (createAccount names everyone "Rami Test".)
    const created = await request.post(apiUrl(ticketEndpoints.createTicket), {
      headers: { authorization: `Bearer ${await tokenOf(request, owner.username, owner.password)}` },
      data: { department: 'IT', subject: 'الطابعة لا تعمل', description: 'منذ الصباح.', priority: 'normal' },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    const desk = await signInAs(browser, baseURL, 'it');
    await toArabic(desk.page);
    await desk.page.goto('/dashboard');
    const queue = desk.page.getByRole('table', { name: 'قائمة الانتظار' });
    const row = queue.getByRole('row').filter({ has: desk.page.locator(`a[href="/dashboard/ticket/${id}"]`) });
    await expect(row).toBeVisible();
    // The user-typed subject and the requester's name are isolated too.
    await expect(row.locator('bdi', { hasText: 'الطابعة لا تعمل' })).toBeVisible();
    await expect(row.locator('bdi', { hasText: 'Rami Test' })).toBeVisible();
    // Every "@user" / "#12" the queue shows (the desk's rows show the id as a bare number today).
    expect((await bidiOf(queue)).loose).toEqual([]);
    await desk.context.close();

    const mine = await signInAs(browser, baseURL, owner.username, owner.password);
    await toArabic(mine.page);
    const link = mine.page.locator(`a[href="/ticket/${id}"]`);
    await expect(link).toBeVisible();
    const ownBidi = await bidiOf(mine.page.getByRole('main'));
    expect(ownBidi.loose).toEqual([]);
    await mine.context.close();
  });

  test('HR has no "Legacy Dashboard" in the menu; its address says the console is for ADMIN, with a link home', async ({
    page,
  }) => {
    await signIn(page, 'hr');
    const nav = page.getByRole('banner').getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: /Legacy Dashboard/ })).toHaveCount(0);
    // An old bookmark or a shared link still reaches the address.
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'The accounts console is for ADMIN' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Staff accounts' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  });

  test('an announcement to "All staff" reaches a staff user’s bell', async ({ browser, baseURL, request }) => {
    const staff = await createAccount(request, { user_type: 'FINANCE' });
    const member = await signInAs(browser, baseURL, staff.username, staff.password);
    // A new account already has its welcome notification: count from where it stands.
    const label = await member.page
      .getByRole('button', { name: /Notifications, \d+ unread/ })
      .getAttribute('aria-label');
    const before = Number(/(\d+) unread/.exec(label ?? '')?.[1]);
    const admin = await signInAs(browser, baseURL, 'admin');
    await admin.page.getByRole('button', { name: /Notifications, \d+ unread/ }).click();
    await admin.page.getByRole('button', { name: 'Send an announcement' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Send an announcement' });
    const message = `Office closed Monday (${Date.now()})`;
    await dialog.getByLabel('Message').fill(message);
    await dialog.getByRole('button', { name: 'All staff' }).click();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(admin.page.getByText('Announcement sent.')).toBeVisible();

    // Live, without reload.
    const bell = member.page.getByRole('button', { name: `Notifications, ${before + 1} unread` });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(member.page.getByTestId('notification-list').getByText(message)).toBeVisible();
    await admin.context.close();
    await member.context.close();
  });
});
