import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test, tokenOf } from './fixtures';

/** Types a date into a picker field as a person does: its sections, day first. */
async function typeDate(page: Page, label: 'From' | 'To', iso: string) {
  const [y, m, d] = iso.split('-');
  await page.getByRole('group', { name: label, exact: true }).click();
  await page.keyboard.type(`${d}${m}${y}`);
}

test.describe('manager reports', () => {
  test('a manager writes a report about a team member, saves it, submits it and prints it', async ({ page }) => {
    test.setTimeout(180_000);
    const title = `Coaching ${Date.now().toString(36)}`;
    await signIn(page, 'manager.it');
    await page.goto('/user/reports');
    await expect(page).toHaveURL(/\/user\/reports\/reports-list$/);
    await page.getByRole('link', { name: 'New report' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New report' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Coaching' }).click();
    const about = page.getByRole('combobox', { name: 'About' });
    await about.fill('it');
    await about.press('Enter');
    await typeDate(page, 'From', '2026-11-01');
    await typeDate(page, 'To', '2026-11-15');
    const editor = page.getByRole('textbox', { name: 'Report' });
    await editor.click();
    await page.getByRole('button', { name: 'Bold' }).click();
    await expect(page.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('Closed 42 tickets');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.press('Enter');
    await page.keyboard.type('أداء ممتاز في الأسبوعين.');
    await page.locator('input[name="attachments"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Call notes'),
    });
    await expectAccessible(page, 'report form');

    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Draft saved.')).toBeVisible();
    await expect(page).toHaveURL(/\/user\/reports\/edit\/\d+$/);
    const id = Number(/edit\/(\d+)$/.exec(page.url())?.[1]);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await expect(page.getByText('notes.txt')).toBeVisible();

    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit this report?' });
    await expect(dialog).toContainText('can no longer be edited');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/user\/reports\/reports-list$/);
    await page.getByRole('searchbox', { name: 'Search title or text' }).fill(title);
    const table = page.getByRole('table', { name: 'My reports' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText('Submitted');
    await expect(page.getByRole('link', { name: `Edit ${title}` })).toHaveCount(0);
    await expectAccessible(page, 'reports list');

    // The print page: its own wrapper (no app header), the body and the meta table.
    await page.goto(`/report/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByTestId('report-body').locator('strong')).toHaveText('Closed 42 tickets');
    await expect(page.getByTestId('report-body')).toContainText('أداء ممتاز في الأسبوعين.');
    await expect(page.getByRole('rowheader', { name: 'About' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Ibrahim Tawfik' })).toBeVisible();
    await expectAccessible(page, 'report print page');
    await page.setViewportSize({ width: 360, height: 740 });
    await expectAccessible(page, 'report print page (360 px)');
    const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(scrolls, 'no sideways scrolling at 360 px').toBe(false);
    // In dark mode the sheet stays paper, its download chip readable (axe checks contrast),
    // and the file is offered once on screen (its name list is for paper only).
    await page.goto('/user/reports/reports-list');
    await page.getByRole('button', { name: 'Colour mode' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await page.keyboard.press('Escape');
    await page.goto(`/report/${id}`);
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
    await expect(page.getByText('notes.txt')).toHaveCount(2);
    await expect(page.getByRole('button', { name: /notes\.txt/ })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'notes.txt' })).toBeHidden();
    await expectAccessible(page, 'report print page (dark scheme)');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('listitem').filter({ hasText: 'notes.txt' })).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    const [pdf, download] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(`/api/reports/${id}/pdf/`)),
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    // Named for what it is (type, period, who), not by its number.
    expect(download.suggestedFilename()).toMatch(/ report — .+ — Ibrahim Tawfik\.pdf$/);
  });

  test('the list in dark mode and the print page in Arabic, right to left', async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await tokenOf(request, 'manager.it');
    const created = await request.post('/api/reports/', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        title: 'تقرير الحوادث',
        type: 'incident',
        subjects: ['it'],
        period_from: '2026-11-02',
        period_to: '2026-11-03',
        body: '<p>انقطع الخادم ساعتين.</p>',
        submit: true,
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    await signIn(page, 'manager.it');
    await page.goto('/user/reports/reports-list');
    await page.getByRole('button', { name: 'Colour mode' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await page.keyboard.press('Escape');
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
    await expect(page.getByRole('table', { name: 'My reports' })).toContainText('تقرير الحوادث');
    await expectAccessible(page, 'reports list (dark)');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'التقارير' })).toBeVisible();
    await page.goto(`/report/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'تقرير الحوادث' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'النوع' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'حادثة' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCSS('direction', 'rtl');
    await expect(page.getByRole('button', { name: 'نزّل PDF' })).toBeVisible();
    await expectAccessible(page, 'report print page (Arabic, dark)');
  });

  test('a staff member who is not a manager is told the reports are for managers', async ({ page }) => {
    await signIn(page, 'it');
    await page.goto('/user/reports/reports-list');
    // The one refusal page every guarded page shows: where they asked to go, and why not.
    await expect(page).toHaveURL(/\/user\/reports\/reports-list$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reports are for managers' })).toBeVisible();
    await expect(page.getByText('403', { exact: true })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Go to Home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  });
});
