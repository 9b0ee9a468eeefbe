import type { Page } from '@playwright/test';
import { authEndpoints, ocrEndpoints } from '@portal/contracts';
import { apiUrl, createAccount, expect, expectAccessible, signInAs, test } from './fixtures';

/** Waits until the page's live channels (the bell's, which carries OCR progress) are open. */
async function live(page: Page) {
  await expect(page.locator('[data-live]')).toHaveAttribute('data-live', 'open');
}

async function toDark(page: Page) {
  await page.getByRole('button', { name: 'Colour mode' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
  await expect(page.getByRole('menu')).toHaveCount(0);
}

async function noSidewaysScroll(page: Page, where: string) {
  const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(scrolls, `no sideways scrolling at 360 px on ${where}`).toBe(false);
}

/**
 * A scanned page with known English words, drawn by the browser's own canvas: black
 * serif capitals on white at 300 dpi-like size, as a flatbed scan of a printed form.
 */
async function scannedPage(page: Page, lines: string[]): Promise<Buffer> {
  const base64 = await page.evaluate((text) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1400;
    canvas.height = 200 + text.length * 110;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.fillStyle = '#000000';
    g.font = '64px "DejaVu Sans", "Liberation Sans", Arial, sans-serif';
    g.textBaseline = 'top';
    text.forEach((line, i) => g.fillText(line, 100, 100 + i * 110));
    return canvas.toDataURL('image/png').split(',')[1]!;
  }, lines);
  return Buffer.from(base64, 'base64');
}

test.describe('OCR jobs', () => {
  test('a staff member uploads a scan, watches it finish live, reads the result and finds it by search', async ({
    browser,
    baseURL,
    request,
  }) => {
    // Recognition runs on the server's worker pool, behind the demo's own first jobs.
    test.setTimeout(240_000);
    const staff = await createAccount(request, { user_type: 'HR' });
    const { context, page } = await signInAs(browser, baseURL, staff.username, staff.password);
    await page.goto('/ocr');
    await expect(page.getByRole('heading', { level: 1, name: 'OCR jobs' })).toBeVisible();
    await live(page);

    const word = `ZEBRA${Date.now().toString().slice(-4)}`;
    const filename = `scan-${word.toLowerCase()}.png`;
    const png = await scannedPage(page, ['INVOICE NUMBER 4521', `PAYMENT ${word} RECEIVED`, 'THANK YOU']);

    // A file the server would refuse is refused here first, under the picker.
    const picker = page.locator('input[name="files"]');
    await picker.setInputFiles({ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
    await expect(page.getByRole('alert')).toHaveText('setup.exe is not a PNG, JPEG, TIFF, WebP or PDF file.');

    await picker.setInputFiles({ name: filename, mimeType: 'image/png', buffer: png });
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'English', exact: true }).click();
    await page.getByRole('button', { name: 'Start recognition' }).click();
    await expect(page.getByText('1 document queued for recognition.')).toBeVisible();

    // Progress arrives over the socket: no reload, the row's bar reaches the end.
    const table = page.getByRole('table', { name: 'OCR jobs' });
    const row = table.getByRole('row').filter({ hasText: filename });
    await expect(row).toBeVisible();
    const bar = row.getByRole('progressbar', { name: `Progress of ${filename}` });
    await expect(bar).toHaveAttribute('aria-valuetext', '1 page read', { timeout: 180_000 });
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await expect(row.getByText('Done', { exact: true })).toBeVisible();
    await expectAccessible(page, 'OCR list (light)');

    // The result: the known words in the text, and a box drawn for each recognised word.
    await row.getByRole('link', { name: filename, exact: true }).click();
    await expect(page).toHaveURL(/\/ocr\/\d+$/);
    const jobUrl = page.url();
    await expect(page.getByRole('heading', { level: 1, name: filename })).toBeVisible();
    const text = page.getByRole('region', { name: 'Text of page 1' });
    await expect(text).toContainText('INVOICE');
    await expect(text).toContainText('4521');
    await expect(text).toContainText(word);
    await expect(page.getByRole('img', { name: `Page 1 of ${filename}` })).toBeVisible();
    const boxes = page.getByTestId('ocr-word-boxes').locator('rect');
    expect(await boxes.count()).toBeGreaterThanOrEqual(6);
    await expect(page.getByTestId('ocr-word-boxes').locator(`rect[data-word="${word}"]`)).toHaveCount(1);
    // Keyboard: the scan takes focus and tells each word with its confidence.
    await page.getByRole('group', { name: /scanned page with \d+ recognised words/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(/confidence \d+%/).first()).toBeVisible();
    await expectAccessible(page, 'OCR job (light)');

    // The searchable PDF is offered once done.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Searchable PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);

    await toDark(page);
    await expectAccessible(page, 'OCR job (dark)');
    await page.goto('/ocr');
    await expect(page.getByRole('table', { name: 'OCR jobs' })).toContainText(filename);
    await expectAccessible(page, 'OCR list (dark)');

    // Full-text search finds the job by a word inside the scan, and opens that page.
    await page.getByRole('searchbox', { name: 'Search inside the text' }).fill(word.toLowerCase());
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.locator('mark').first()).toHaveText(new RegExp(word, 'i'));
    await results.getByRole('link', { name: new RegExp(filename) }).click();
    await expect(page).toHaveURL(`${jobUrl}?page=1`);
    await expect(page.getByRole('region', { name: 'Text of page 1' })).toContainText(word);

    // Phones: stacked, nothing wider than the screen, still accessible.
    await page.setViewportSize({ width: 360, height: 740 });
    await expectAccessible(page, 'OCR job (360 px)');
    await noSidewaysScroll(page, 'the job page');
    await page.goto('/ocr');
    await expect(page.getByRole('list', { name: 'OCR jobs' })).toContainText(filename);
    await expectAccessible(page, 'OCR list (360 px)');
    await noSidewaysScroll(page, 'the list');

    // In Arabic, right to left: the page's own words are translated.
    await page.setViewportSize({ width: 1366, height: 850 });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    await page.keyboard.press('Escape');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'مهام التعرف الضوئي' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'ابدأ التعرف' })).toBeVisible();
    await page.goto(jobUrl);
    await expect(page.getByRole('region', { name: 'نص الصفحة 1' })).toContainText(word);
    await expect(page.getByText('مكتملة', { exact: true })).toBeVisible();
    await expectAccessible(page, 'OCR job (Arabic)');
    await context.close();
  });

  test('an upload with one unreadable file keeps the good file’s job and leaves the bad one marked with its reason', async ({
    browser,
    baseURL,
    request,
  }) => {
    const staff = await createAccount(request, { user_type: 'HR' });
    const { context, page } = await signInAs(browser, baseURL, staff.username, staff.password);
    await page.goto('/ocr');
    await expect(page.getByRole('heading', { level: 1, name: 'OCR jobs' })).toBeVisible();
    const good = `letter-${Date.now().toString().slice(-6)}.png`;
    const png = await scannedPage(page, ['MIXED UPLOAD LETTER']);
    // Named and typed as a PNG, so the browser lets it through; its bytes are plain text.
    await page.locator('input[name="files"]').setInputFiles([
      { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('Meeting notes, typed, not a scan.') },
      { name: good, mimeType: 'image/png', buffer: png },
    ]);
    await page.getByRole('button', { name: 'Start recognition' }).click();
    await expect(page.getByText('1 document queued for recognition.')).toBeVisible();

    const selection = page.getByRole('list', { name: 'Chosen files' });
    await expect(selection.getByRole('button')).toHaveCount(1);
    const notes = selection.getByRole('button', { name: 'notes.png' });
    await expect(notes).toHaveAccessibleDescription(
      /notes\.png.*cannot be read by OCR: its content must be PNG, JPEG, TIFF, WebP or PDF\./,
    );
    await expect(page.getByText(/^1 file was not accepted/)).toBeVisible();
    await expect(page.getByRole('table', { name: 'OCR jobs' })).toContainText(good);
    await expectAccessible(page, 'OCR upload with a refused file (light)');
    await toDark(page);
    await expectAccessible(page, 'OCR upload with a refused file (dark)');
    await page.setViewportSize({ width: 360, height: 740 });
    await noSidewaysScroll(page, 'the list with a refused file');

    // Removed by keyboard, it is gone with its message.
    await notes.focus();
    await page.keyboard.press('Delete');
    await expect(page.getByRole('list', { name: 'Chosen files' })).toHaveCount(0);
    await expect(page.getByText(/file was not accepted/)).toHaveCount(0);
    await context.close();
  });

  test('another staff member gets the not-found page for a job not shared with them', async ({
    browser,
    baseURL,
    request,
  }) => {
    const owner = await createAccount(request, { user_type: 'FINANCE' });
    const other = await createAccount(request, { user_type: 'IT' });
    const login = await request.post(apiUrl(authEndpoints.login), {
      data: { username: owner.username, password: owner.password },
    });
    const { access } = (await login.json()) as { access: string };
    const created = await request.post(`/api${ocrEndpoints.createOcrJobs.path}`, {
      headers: { authorization: `Bearer ${access}` },
      multipart: {
        language: 'eng',
        files: {
          name: 'tiny.png',
          mimeType: 'image/png',
          buffer: Buffer.from(
            'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
            'base64',
          ),
        },
      },
    });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { results: { id: number }[] }).results[0]!.id;
    const { context, page } = await signInAs(browser, baseURL, other.username, other.password);
    await page.goto(`/ocr/${id}`);
    await expect(page.getByText('Job not found')).toBeVisible();
    await expectAccessible(page, 'OCR job not found');
    await context.close();
  });
});
