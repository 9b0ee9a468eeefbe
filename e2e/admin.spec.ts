import { createAccount, expect, signIn, test } from './fixtures';

test.describe('admin console (Legacy Dashboard)', () => {
  test('creates a user who can then sign in', async ({ page, browser, baseURL }) => {
    const username = `e2e.${Date.now().toString(36)}`;
    const password = 'Tea-and-Interpreting-42';
    await signIn(page, 'admin');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Legacy Dashboard' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Staff accounts' })).toBeVisible();

    await page.getByRole('button', { name: 'New account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an account' });
    await dialog.locator('input[name="username"]').fill(username);
    await dialog.locator('input[name="password"]').fill(password);
    await dialog.locator('input[name="first_name"]').fill('Nour');
    await dialog.locator('input[name="last_name"]').fill('Tester');
    await dialog.locator('input[name="email"]').fill(`${username}@portal.example`);
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'QUALITY', exact: true }).click();
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Account Created successful.')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Search finds the new account.
    await page.getByLabel('Search by name, username or email').fill(username);
    const row = page.getByRole('row', { name: new RegExp(username) });
    await expect(row).toBeVisible();
    await expect(row.getByText('QUALITY')).toBeVisible();

    // A fresh browser context: the new user signs in.
    const context = await browser.newContext({ baseURL });
    const other = await context.newPage();
    await signIn(other, username, password);
    await expect(other.getByRole('heading', { level: 1, name: 'Welcome back, Nour' })).toBeVisible();
    await context.close();
  });

  test('a duplicate username is refused with the spec message', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/admin');
    await page.getByRole('button', { name: 'New account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an account' });
    await dialog.locator('input[name="username"]').fill('hr');
    await dialog.locator('input[name="password"]').fill('Another-long-pass-9');
    await dialog.locator('input[name="email"]').fill(`dup.${Date.now()}@portal.example`);
    // No type is chosen for the admin: the form asks for one before anything is sent.
    const type = dialog.getByRole('combobox', { name: 'Type' });
    await expect(type).not.toContainText(/\w/);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(
      dialog.getByText('Choose the type of account: it decides what the person may see and do.'),
    ).toBeVisible();
    await type.click();
    await page.getByRole('option', { name: 'HR', exact: true }).click();
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('invalid username')).toBeVisible();
    await expect(dialog.getByText('A user with that username already exists.')).toBeVisible();
  });

  test('deactivates and reactivates an account, and filters by type', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/admin');
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'FINANCE', exact: true }).click();
    const row = page.getByRole('row', { name: /@finance/ });
    await expect(row).toBeVisible();
    // header + the one FINANCE user (the integration keys' table below has rows of its own)
    await expect(page.getByRole('table', { name: 'Staff accounts' }).getByRole('row')).toHaveCount(2);

    await row.getByRole('button', { name: 'More actions for finance' }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await expect(row.getByText('Inactive')).toBeVisible();

    await row.getByRole('button', { name: 'More actions for finance' }).click();
    await page.getByRole('menuitem', { name: 'Reactivate' }).click();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
  });

  test("edits an account's type and roles", async ({ page, request }) => {
    const account = await createAccount(request, { user_type: 'IT' });
    await signIn(page, 'admin');
    await page.goto('/admin');
    await page.getByLabel('Search by name, username or email').fill(account.username);
    const row = page.getByRole('row', { name: new RegExp(account.username) });
    await row.getByRole('button', { name: `Edit ${account.username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${account.username}` });
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'RTM', exact: true }).click();
    await dialog.getByRole('checkbox', { name: 'Manager' }).check();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Account Updated successful.')).toBeVisible();
    await expect(row.getByText('RTM', { exact: true })).toBeVisible();
    await expect(row.getByText('Manager', { exact: true })).toBeVisible();
  });

  test('is for ADMIN only: others are told so, with a way home', async ({ page }) => {
    await signIn(page, 'director.gi');
    await page.goto('/admin');
    // The menu opens it in a new tab, so it explains itself instead of landing on Home.
    await expect(page.getByRole('heading', { level: 1, name: 'The accounts console is for ADMIN' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Staff accounts' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
