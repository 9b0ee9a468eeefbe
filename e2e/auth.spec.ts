import { expect, signIn, test } from './fixtures';

test.describe('sign-in and session', () => {
  test("a wrong password shows 'email or password invalid'", async ({ page }) => {
    await page.goto('/login');
    await page.locator('input[name="username"]').fill('hr');
    await page.locator('input[name="password"]').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('email or password invalid')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
  });

  test('login lands on home with the header, and a reload keeps the session', async ({ page }) => {
    await page.goto('/');
    // Unauthenticated: the login guard sends us to /login.
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'hr');
    await expect(page.getByText('Login Success')).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header).toBeVisible();
    expect((await header.boundingBox())?.height).toBe(80);
    await expect(header.getByRole('button', { name: 'Notifications' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(header.getByRole('navigation').getByRole('link', { name: 'Home' })).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Hala' })).toBeVisible();
  });

  test('signing in with an email address works too', async ({ page }) => {
    await signIn(page, 'it@portal.example');
  });

  test('logout clears the session', async ({ page }) => {
    await signIn(page, 'quality');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
    await page.goto('/user');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an INTERPRETER is logged out back to /login', async ({ page }) => {
    await page.goto('/login');
    await page.locator('input[name="username"]').fill('interpreter01');
    await page.locator('input[name="password"]').fill('Portal#Demo2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(/portal is for staff only/i)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // The warning shows before the logout call returns; the token goes when it does.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
  });
});
