import { expect, signIn, test } from './fixtures';

test.describe('colour mode, language, small screens', () => {
  // Each signs in and then switches language, colour or size, waiting on what the user sees;
  // on a loaded 2-core machine a sign-in alone took 30 s, so 3 minutes a test, not 1.
  test.describe.configure({ timeout: 180_000 });

  test('dark mode survives a reload', async ({ page }) => {
    await signIn(page, 'it');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-color-scheme', 'light');
    await page.getByRole('button', { name: 'Colour mode' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(html).toHaveAttribute('data-color-scheme', 'dark');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const dark = await background();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
    await expect(html).toHaveAttribute('data-color-scheme', 'dark');
    expect(await background()).toBe(dark);
    expect(dark).not.toBe('rgb(244, 246, 250)');
  });

  test('Arabic sets dir=rtl and lang=ar, and is remembered', async ({ page }) => {
    await signIn(page, 'hr');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    const html = page.locator('html');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(html).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1, name: /مرحبًا بعودتك/ })).toBeVisible();
    // The layout mirrors: the logo moves to the right-hand end of the header.
    const logo = page.getByRole('banner').getByRole('link', { name: 'بوابة الموظفين' });
    await expect.poll(async () => (await logo.boundingBox())?.x ?? 0).toBeGreaterThan(1366 / 2);
    await page.reload();
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('link', { name: 'الرئيسية' }).first()).toBeVisible();
    // Back to English for the next test of this browser context (fresh anyway).
    await page.getByRole('button', { name: 'قائمة الحساب' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(html).toHaveAttribute('dir', 'ltr');
  });

  test('a 360 px wide phone shows the drawer menu', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, 'admin');
    const banner = page.getByRole('banner');
    // The inline menu is hidden; the menu button opens the drawer instead.
    await expect(banner.getByRole('navigation')).toBeHidden();
    await banner.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('presentation').getByRole('navigation', { name: 'Main navigation' });
    await expect(drawer.getByRole('link', { name: 'Event Logs' })).toBeVisible();
    await drawer.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(drawer).toBeHidden();
    // Nothing overflows sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('at 1366 px the inline menu gives way to the drawer when it does not fit (ADMIN in Arabic), and comes back', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    const banner = page.getByRole('banner');
    // English: ADMIN's items fit inline; no drawer button.
    await expect(banner.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await banner.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // Arabic labels are longer: the drawer's button instead, and every header control on screen.
    const openMenu = banner.getByRole('button', { name: 'فتح القائمة' });
    await expect(openMenu).toBeVisible();
    await expect(banner.getByRole('navigation')).toHaveCount(0);
    for (const name of ['قائمة الحساب', /الإشعارات/]) {
      await expect(banner.getByRole('button', { name }), String(name)).toBeInViewport({ ratio: 1 });
    }
    await openMenu.click();
    const drawer = page.getByRole('presentation').getByRole('navigation', { name: 'التنقل الرئيسي' });
    await expect(drawer.getByRole('link', { name: 'سجل الأحداث' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    // A wider window has room again: the inline menu returns.
    await page.setViewportSize({ width: 1920, height: 900 });
    await expect(banner.getByRole('navigation', { name: 'التنقل الرئيسي' })).toBeVisible();
    await expect(openMenu).toBeHidden();
    // And gives way again when the window narrows back.
    await page.setViewportSize({ width: 1366, height: 850 });
    await expect(openMenu).toBeVisible();
    await expect(banner.getByRole('navigation')).toHaveCount(0);
  });
});
