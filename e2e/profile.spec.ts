import { createAccount, expect, signIn, test } from './fixtures';

test.describe('own profile (/user) and colleagues (/profile/{userName})', () => {
  test('edits own contact details', async ({ page, request }) => {
    const account = await createAccount(request);
    await signIn(page, account.username, account.password);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/user$/);
    await page.locator('input[name="phone"]').fill('+20 100 555 0101');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Account Updated successful.')).toBeVisible();
    await page.reload();
    await expect(page.locator('input[name="phone"]')).toHaveValue('+20 100 555 0101');
  });

  test('changes own password: field errors under the fields, then a fresh token', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const account = await createAccount(request);
    await signIn(page, account.username, account.password);
    await page.goto('/user');
    const section = page.getByRole('region', { name: 'Change password' });

    await section.locator('input[name="old_password"]').fill('not-my-password');
    await section.locator('input[name="new_password"]').fill('Brand-New-Kettle-7');
    await section.getByRole('button', { name: 'Update password' }).click();
    await expect(section.getByText('Your old password was entered incorrectly.')).toBeVisible();

    await section.locator('input[name="new_password"]').fill('short');
    await section.getByRole('button', { name: 'Update password' }).click();
    await expect(section.getByText('Password must be at least 8 characters.')).toBeVisible();

    await section.locator('input[name="old_password"]').fill(account.password);
    await section.locator('input[name="new_password"]').fill('Brand-New-Kettle-7');
    await section.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByText('Password Updated successful.')).toBeVisible();

    // Our session carries on with the fresh token the server returned.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();

    const context = await browser.newContext({ baseURL });
    const other = await context.newPage();
    await signIn(other, account.username, 'Brand-New-Kettle-7');
    await context.close();
  });

  test("shows a colleague's card, and a not-found page for an unknown name", async ({ page }) => {
    await signIn(page, 'hr');
    await page.goto('/profile/director.gi');
    await expect(page.getByRole('heading', { level: 2, name: 'Ghada Ismail' })).toBeVisible();
    await expect(page.getByText('Director', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'director.gi@portal.example' })).toBeVisible();
    await page.goto('/profile/nobody-by-this-name');
    await expect(page.getByRole('heading', { level: 1, name: 'No such colleague' })).toBeVisible();
  });

  test('an admin password reset signs the user out; the new password works', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const account = await createAccount(request);
    const userContext = await browser.newContext({ baseURL });
    const userPage = await userContext.newPage();
    await signIn(userPage, account.username, account.password);

    await signIn(page, 'admin');
    await page.goto('/admin');
    await page.getByLabel('Search by name, username or email').fill(account.username);
    const row = page.getByRole('row', { name: new RegExp(account.username) });
    await row.getByRole('button', { name: `More actions for ${account.username}` }).click();
    await page.getByRole('menuitem', { name: 'Reset password' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="new_password"]').fill('Reset-By-Admin-55');
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Password Updated successful.')).toBeVisible();

    // The user's next request is refused and the app returns them to sign-in.
    await userPage.reload();
    await expect(userPage).toHaveURL(/\/login$/);
    await signIn(userPage, account.username, 'Reset-By-Admin-55');
    await userContext.close();
  });

  test('without an agent, staff read what it collects and whom to ask; IT gets the enrolment steps', async ({
    page,
    request,
  }) => {
    const staff = await createAccount(request, { user_type: 'FINANCE' });
    await signIn(page, staff.username, staff.password);
    await page.goto('/user');
    const card = page.getByRole('region', { name: 'My activity' });
    await expect(card.getByText('What the agent collects while your computer is on')).toBeVisible();
    await expect(card.getByText(/never records keystrokes/)).toBeVisible();
    await expect(card.getByText(/npm run/)).toHaveCount(0);
    await card.getByRole('link', { name: 'Ask IT (new ticket)' }).click();
    await expect(page).toHaveURL(/\/ticket\/create$/);

    const it = await createAccount(request, { user_type: 'IT' });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await signIn(page, it.username, it.password);
    await page.goto('/user');
    await expect(page.getByTestId('enroll-command')).toContainText(`npm run agent -- enroll --server`);
    await expect(page.getByTestId('enroll-command')).toContainText(`--username ${it.username}`);
  });
});
