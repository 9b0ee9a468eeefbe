import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createAccount, expect, signIn, test } from './fixtures';

// Refusals are said by code in the reader's language: the server's field messages and the
// contract's own, under their fields, never the English sentence the API also sends.
const localeDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../apps/web/src/lib/i18n/locales');
type Locale = { translation: { account: Record<string, string>; messages: Record<string, string> } };
const read = (lang: string) => JSON.parse(fs.readFileSync(path.join(localeDir, `${lang}.json`), 'utf8')) as Locale;
const en = read('en');
const ar = read('ar');

async function toArabic(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.keyboard.press('Escape');
}

test.describe('refusals in Arabic', () => {
  test("the server's field refusal and the contract's limit show in Arabic under their fields", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const account = await createAccount(request);
    await signIn(page, account.username, account.password);
    await page.goto('/user');
    await toArabic(page);
    const section = page.getByRole('region', { name: ar.translation.account.changePassword! });
    const submit = section.getByRole('button', { name: ar.translation.account.updatePassword! });

    // The server refuses the old password: 400 with code oldPasswordWrong under old_password.
    await section.locator('input[name="old_password"]').fill('not-my-password');
    await section.locator('input[name="new_password"]').fill('Brand-New-Kettle-7');
    await submit.click();
    await expect(section.getByText(ar.translation.messages.oldPasswordWrong!)).toBeVisible();
    await expect(section.getByText(en.translation.messages.oldPasswordWrong!)).toHaveCount(0);

    // The contract's own minimum, with its number and the Arabic plural form for 8.
    await section.locator('input[name="new_password"]').fill('short');
    await submit.click();
    const eight = await page.evaluate(() => new Intl.NumberFormat('ar').format(8));
    const tooShort = ar.translation.messages.passwordTooShort_few!.replace('{{count}}', eight);
    await expect(section.getByText(tooShort)).toBeVisible();

    // Back in English, the same field error is said again in English (it kept its code).
    await page.getByRole('button', { name: 'قائمة الحساب' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.keyboard.press('Escape');
    await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
  });
});
