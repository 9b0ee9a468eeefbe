import { userEndpoints } from '@portal/contracts';
import { apiUrl, createAccount, expect, signIn, test, tokenOf } from './fixtures';

test.describe('sign-in and session', () => {
  test("a wrong password shows 'email or password invalid'", async ({ page }) => {
    await page.goto('/login');
    await page.locator('input[name="username"]').fill('hr');
    await page.locator('input[name="password"]').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
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
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText(/portal is for staff only/i)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // The warning shows before the logout call returns; the token goes when it does.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
  });

  test('a deactivated user lands on the sign-in page told why, in English and in Arabic', async ({ page, request }) => {
    const account = await createAccount(request, { user_type: 'FINANCE' });
    await signIn(page, account.username, account.password);
    const admin = await tokenOf(request, 'admin');
    const off = await request.patch(apiUrl(userEndpoints.updateAccount, { id: account.id }), {
      headers: { authorization: `Bearer ${admin}` },
      data: { is_active: false },
    });
    expect(off.status()).toBe(200);
    // The next request of the session is refused by code; the sign-in page says why.
    await page.goto('/user');
    await expect(page).toHaveURL(/\/login$/);
    const reason = page
      .getByRole('main')
      .getByText('You were signed out because your account was deactivated. Ask an administrator to enable it again.');
    await expect(reason).toBeVisible();
    await page.getByRole('button', { name: 'العربية' }).click();
    await expect(
      page.getByRole('main').getByText('سُجّل خروجك لأن حسابك عُطّل. اطلب من المسؤول إعادة تفعيله.'),
    ).toBeVisible();
  });
});
