import type { Page } from '@playwright/test';
import { leaveEndpoints, type TLeaveRequest } from '@portal/contracts';
import { PDFDocument } from 'pdf-lib';
import { apiUrl, expect, signIn, test, tokenOf } from './fixtures';

/** The page printed as Chromium prints it (its @page size and margins), and how many sheets that makes. */
async function printedPages(page: Page): Promise<number> {
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  return (await PDFDocument.load(pdf)).getPageCount();
}

test.describe('the leave certificate', () => {
  test('prints on one page with the letterhead and a signature line, in English and in Arabic', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // Hala Rashed (hr) has an approved half day in the demo data, approved by her manager.
    const token = await tokenOf(request, 'hr');
    const mine = await request.get(`${apiUrl(leaveEndpoints.listMyLeaves)}?status=history`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const approved = ((await mine.json()) as TLeaveRequest[]).find((l) => l.status === 'approved');
    // The demo data must hold it: her own, approved (else the journey has nothing to print).
    expect(approved).toMatchObject({ status: 'approved', user: { username: 'hr' } });

    await signIn(page, 'hr');
    await page.goto(`/leaves/${approved!.id}`);
    await expect(page.getByRole('button', { name: 'Print certificate' })).toBeVisible();
    const certificate = page.getByTestId('leave-certificate');
    await expect(certificate).toBeHidden();

    await page.emulateMedia({ media: 'print' });
    await expect(certificate).toBeVisible();
    // The letterhead: the portal's mark and name; the particulars; the signature block.
    const letterhead = page.getByTestId('certificate-letterhead');
    await expect(letterhead.locator('svg')).toBeVisible();
    await expect(letterhead).toContainText('Staff Portal');
    await expect(certificate).toContainText('Leave certificate');
    await expect(certificate).toContainText('Hala Rashed');
    const signature = page.getByTestId('certificate-signature');
    await expect(signature).toContainText('Signature');
    await expect(signature).toContainText(/Name\s*\S+/);
    await expect(signature).toContainText(/Role\s*\S+/);
    await expect(signature).toContainText(/Date\s*\S+/);
    // Nothing of the app is printed around it.
    await expect(page.locator('#root')).toBeHidden();
    expect(await printedPages(page)).toBe(1);

    // In Arabic: right to left, the names and the username each isolated in their own direction.
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.keyboard.press('Escape');
    await page.emulateMedia({ media: 'print' });
    await expect(certificate).toHaveAttribute('dir', 'rtl');
    await expect(certificate).toContainText('شهادة');
    await expect(certificate.locator('bdi', { hasText: 'Hala Rashed' })).toHaveCount(1);
    await expect(certificate.locator('bdi[dir="ltr"]', { hasText: /^hr$/ })).toHaveCount(1);
    // The employee's name stands alone, never "(HR ,hr) Hala Rashed".
    await expect(certificate).not.toContainText('(HR');
    await expect(signature).toContainText('التوقيع');
    expect(await printedPages(page)).toBe(1);
  });
});
