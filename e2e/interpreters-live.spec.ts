import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test, tokenOf } from './fixtures';

// interpreter03 (Layla Haddad): followed by manager.wfm in the demo seed.
const FOLLOWED = { username: 'interpreter03', name: 'Layla Haddad' };
/** The language menu, as a user switches (the choice stays in this browser only). */
async function toArabic(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.keyboard.press('Escape');
}
const unique = () => `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

test.describe('interpreters board, live', () => {
  test('a followed interpreter coming online shows on the board within a second and rings the bell', async ({
    page,
    request,
  }) => {
    await signIn(page, 'manager.wfm');
    const board = page.getByRole('region', { name: 'Interpreters' });
    await expect(board.getByRole('list', { name: 'Interpreters online per language pair' })).toBeVisible();
    const notify = board.getByRole('switch', { name: 'Notify me when someone I follow comes online' });
    await expect(notify).toBeEnabled();
    if (!(await notify.isChecked())) {
      await notify.click();
      await expect(notify).toBeChecked();
    }

    // ADMIN makes a key for the telephony platform; it is answered once.
    const admin = await tokenOf(request, 'admin');
    const created = await request.post('/api/admin/integration-keys/', {
      headers: { authorization: `Bearer ${admin}` },
      data: { name: `E2E telephony ${unique()}` },
    });
    expect(created.status()).toBe(201);
    const { key } = (await created.json()) as { key: string };
    const report = async (online: boolean, at: Date) => {
      const sent = await request.post('/api/presence/events/', {
        headers: { 'x-api-key': key },
        data: { events: [{ username: FOLLOWED.username, online, at: at.toISOString(), source_id: unique() }] },
      });
      expect(sent.status()).toBe(200);
      expect(((await sent.json()) as { results: { outcome: string }[] }).results[0]?.outcome).toBe('applied');
    };

    // Offline first (whatever earlier runs left), seen live on the board.
    await board.getByRole('searchbox', { name: 'Search by name, username or extension' }).fill(FOLLOWED.username);
    const row = board.getByRole('row', { name: new RegExp(FOLLOWED.name) });
    const follow = row.getByRole('button', { name: `Follow ${FOLLOWED.name}` });
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
    await report(false, new Date(Date.now() - 2000));
    await expect(row.getByText('Offline')).toBeVisible();

    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    const before = Number((await bell.getAttribute('aria-label'))?.match(/\d+/)?.[0]);
    await report(true, new Date());
    // The README's promise: on the board within a second, without a reload.
    await expect(row.getByText(/^Online since /)).toBeVisible({ timeout: 1000 });
    await expect(page.getByRole('button', { name: `Notifications, ${before + 1} unread` })).toBeVisible();
  });

  test('the board in Arabic, and accessible', async ({ page }) => {
    await signIn(page, 'manager.wfm');
    const board = page.getByRole('region', { name: 'Interpreters' });
    await expect(board.getByRole('table', { name: 'Interpreters and their status' })).toBeVisible();
    await expectAccessible(page, 'home with the interpreters board');
    await page.getByRole('button', { name: 'Colour mode' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await page.keyboard.press('Escape');
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
    await expectAccessible(page, 'home with the interpreters board (dark)');

    await toArabic(page);
    const arabic = page.getByRole('region', { name: 'المترجمون' });
    await expect(arabic.getByRole('table', { name: 'المترجمون وحالاتهم' })).toBeVisible();
    await expect(arabic.getByRole('switch', { name: 'المتصلون فقط' })).toBeVisible();
    await expect(arabic.getByRole('button', { name: /^متابعة / }).first()).toBeVisible();
    // Nothing of the board left in English (names and language pairs are data, not words).
    await expect(arabic.getByText(/Online since|Offline|Follow|Search by name|Online only/)).toHaveCount(0);
    await expectAccessible(page, 'home with the interpreters board, in Arabic');
  });

  test('ADMIN creates an integration key, sees it once, and revokes it', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/admin');
    // Their own tab of the Legacy Dashboard (not 2,000 px under the accounts), kept in the address.
    await expect(page.getByRole('region', { name: 'Integration keys' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Integration keys' }).click();
    await expect(page).toHaveURL(/\/admin\?tab=keys$/);
    await expect(page.getByRole('tab', { name: 'Integration keys' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'New account' })).toHaveCount(0);
    const section = page.getByRole('region', { name: 'Integration keys' });
    const name = `Dialler ${unique()}`;
    await section.getByRole('textbox', { name: 'Name' }).fill(name);
    await section.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: `New key: ${name}` });
    await expect(dialog.getByText('Copy this key now: it will not be shown again.')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Key' })).toHaveValue(/^pk_/);
    await expectAccessible(page, 'the new integration key dialog');
    await dialog.getByRole('button', { name: 'Done' }).click();
    const row = section.getByRole('row', { name: new RegExp(name) });
    await expect(row.getByText('Active')).toBeVisible();
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await page
      .getByRole('dialog', { name: `Revoke ${name}?` })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expect(row.getByText(/^Revoked /)).toBeVisible();
    await expectAccessible(page, '/admin with integration keys');

    await toArabic(page);
    const arabic = page.getByRole('region', { name: 'مفاتيح التكامل' });
    await expect(arabic.getByRole('button', { name: 'إنشاء مفتاح' })).toBeVisible();
    await expect(arabic.getByText(/Integration|Create key|Revoke|Active|Never|Prefix|Last used/)).toHaveCount(0);
  });

  test('on a phone the rows are cards, without scrolling sideways', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await signIn(page, 'manager.wfm');
    const board = page.getByRole('region', { name: 'Interpreters' });
    await expect(board.getByRole('list', { name: 'Interpreters and their status' })).toBeVisible();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    await context.close();
  });
});
