import { expect, expectAccessible, signIn, test } from './fixtures';

test.describe('directory mapping (who someone is in the portal)', () => {
  test('ADMIN adds a rule, sees whom it affects before saving, then deletes it', async ({ page }) => {
    const group = `E2E Mapping ${Date.now().toString(36)}`;
    await signIn(page, 'admin');
    await page.goto('/admin?tab=mapping');
    await expect(page.getByRole('tab', { name: 'Directory mapping', selected: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Who someone is in the portal' })).toBeVisible();

    await page.getByRole('button', { name: 'Add rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a mapping rule' });
    await dialog.getByRole('textbox', { name: 'Group name or DN' }).fill(group);
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: /^QUALITY/ }).click();
    await dialog.getByRole('checkbox', { name: 'Manager' }).check();
    await dialog.getByRole('button', { name: 'Check whom it affects' }).click();

    // The preview comes first: nobody has signed in with this new group yet.
    await expect(dialog.getByRole('status')).toHaveText(/affects nobody|affects \d+ (person|people)/);
    await expectAccessible(page, '/admin?tab=mapping, the preview');
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await expect(page.getByText('Mapping rule saved.')).toBeVisible();
    await expect(dialog).toBeHidden();

    const table = page.getByRole('table', { name: 'Mapping rules, in the order they are tried' });
    const row = table.getByRole('row', { name: new RegExp(group) });
    await expect(row).toBeVisible();
    await expect(row.getByText('QUALITY')).toBeVisible();
    await expect(row.getByText('Manager')).toBeVisible();
    // Added last: it cannot move further down.
    await expect(row.getByRole('button', { name: `Move ${group} down` })).toBeDisabled();
    await expectAccessible(page, '/admin?tab=mapping');
    // And in dark, switched the way a person does.
    await page.getByRole('button', { name: 'Colour mode' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await page.keyboard.press('Escape');
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
    await expectAccessible(page, '/admin?tab=mapping (dark)');

    // Deleting shows whom it affects too, then removes it.
    await row.getByRole('button', { name: `Delete ${group}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this mapping rule?' });
    await expect(confirm.getByRole('status')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete rule' }).click();
    await expect(page.getByText('Mapping rule deleted.')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('a claim rule asks for its claim name, and the tab works on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, 'admin');
    await page.goto('/admin?tab=mapping');
    await page.getByRole('button', { name: 'Add rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a mapping rule' });
    await dialog.getByRole('combobox', { name: 'Matches on' }).click();
    await page.getByRole('option', { name: 'Claim' }).click();
    await dialog.getByRole('textbox', { name: 'Claim value' }).fill('hr');
    await dialog.getByRole('button', { name: 'Check whom it affects' }).click();
    await expect(dialog.getByText('Name the claim this rule reads.')).toBeVisible();
    await expectAccessible(page, '/admin?tab=mapping dialog, 360 px');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});
