import type { APIRequestContext, Page } from '@playwright/test';
import { leaveEndpoints } from '@portal/contracts';
import { apiUrl, createAccount, expect, signInAs, test, tokenOf } from './fixtures';

/** A fresh FINANCE manager (nobody else's requests reach their inbox), made through the API as admin. */
const createManager = (request: APIRequestContext) =>
  createAccount(request, { user_type: 'FINANCE', is_manager: true, first_name: 'Farida', last_name: 'Manager' });

/** The Sunday `weeks` weeks after next as `YYYY-MM-DD` (a working day, far from the demo's leave). */
function sunday(weeks: number) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 14 + weeks * 7);
  while (d.getUTCDay() !== 0) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** A fresh FINANCE employee asks for one day of annual leave through the API. */
async function requestLeave(request: APIRequestContext, weeks: number, reason: string) {
  const who = await createAccount(request, { user_type: 'FINANCE' });
  const token = await tokenOf(request, who.username, who.password);
  const headers = { authorization: `Bearer ${token}` };
  const types = (await (await request.get(apiUrl(leaveEndpoints.listLeaveTypes), { headers })).json()) as {
    id: number;
    code: string | null;
  }[];
  const day = sunday(weeks);
  const res = await request.post(apiUrl(leaveEndpoints.createLeave), {
    headers,
    data: { leave_type: types.find((t) => t.code === 'annual')!.id, start_date: day, end_date: day, reason },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}

async function toArabic(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.keyboard.press('Escape');
}

test.describe('the approvals inbox', () => {
  test('a manager with more waiting than home shows works them in the inbox, live, then in Arabic on a phone', async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(240_000);
    const manager = await createManager(request);
    for (const [i, reason] of ['Dentist', 'Moving house', 'Family visit', 'Exam day'].entries()) {
      await requestLeave(request, i, reason);
    }
    const { page, context } = await signInAs(browser, baseURL, manager.username, manager.password);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Home: the three oldest, and a link to the rest.
    await expect(page.getByTestId('leave-inbox-count')).toHaveText('4 waiting');
    await page.getByRole('link', { name: 'and 1 more' }).click();
    await expect(page).toHaveURL(/\/user\/leaves\/approvals$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Leave pages' });
    await expect(nav.getByRole('tab', { name: 'Approvals' })).toHaveAttribute('aria-selected', 'true');
    // At 1440 px every tab fits: no scroll arrows beside them.
    await expect(nav.locator('.MuiTabs-scrollButtons')).toHaveCount(0);
    await expect(page.getByTestId('inbox-count')).toHaveText('4 requests wait for your decision.');
    const table = page.getByRole('table', { name: 'Requests waiting for my decision' });

    // A new request arrives while the page is open: it shows without a reload.
    await requestLeave(request, 5, 'Wedding');
    await expect(page.getByTestId('inbox-count')).toHaveText('5 requests wait for your decision.');

    // Newest first, kept in the URL.
    await page.getByRole('combobox', { name: 'Order' }).click();
    await page.getByRole('option', { name: 'Newest first' }).click();
    await expect(page).toHaveURL(/sort=newest/);
    await expect(table.getByRole('row').nth(1)).toContainText(/\d/);

    // Two picked and approved with one comment.
    const rows = table.locator('tbody tr');
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    const toolbar = page.getByRole('toolbar', { name: 'With the selected requests' });
    await expect(toolbar).toContainText('2 selected');
    await toolbar.getByRole('button', { name: 'Approve selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve 2 requests?' });
    await dialog.getByRole('textbox', { name: 'Comment (optional)' }).fill('Covered by the rota');
    await dialog.getByRole('button', { name: 'Approve selected' }).click();
    await expect(page.getByText('2 requests approved.')).toBeVisible();
    await expect(page.getByTestId('inbox-count')).toHaveText('3 requests wait for your decision.');
    await expect(toolbar).toHaveCount(0);

    // A request opens with a way back to the inbox as it was left (its order kept).
    await rows.nth(0).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/leaves\/\d+$/);
    await page.getByRole('link', { name: 'Approvals' }).first().click();
    await expect(page).toHaveURL(/\/user\/leaves\/approvals\?sort=newest$/);

    // Arabic on a phone: cards, the selected tab inside its strip, a bulk rejection with its reason.
    await page.setViewportSize({ width: 360, height: 740 });
    await toArabic(page);
    await expect(page.getByRole('heading', { level: 1, name: 'الموافقات' })).toBeVisible();
    const arNav = page.getByRole('navigation', { name: 'صفحات الإجازات' });
    const selectedTab = arNav.getByRole('tab', { name: 'الموافقات' });
    await expect(selectedTab).toHaveAttribute('aria-selected', 'true');
    await expect
      .poll(async () => {
        const strip = await arNav.locator('.MuiTabs-scroller').boundingBox();
        const tab = await selectedTab.boundingBox();
        return !!strip && !!tab && tab.x >= strip.x - 1 && tab.x + tab.width <= strip.x + strip.width + 1;
      })
      .toBe(true);
    const cards = page.getByRole('list', { name: 'الطلبات التي تنتظر قراري' });
    await expect(cards.getByRole('listitem')).toHaveCount(3);
    await cards.getByRole('listitem').first().getByRole('checkbox').check();
    await page
      .getByRole('toolbar', { name: 'إجراءات الطلبات المحددة' })
      .getByRole('button', { name: 'رفض المحدد' })
      .click();
    const rejecting = page.getByRole('dialog', { name: 'رفض طلب واحد؟' });
    await rejecting.getByRole('button', { name: 'رفض المحدد' }).click();
    await expect(rejecting.getByText('اذكر سبب الرفض.')).toBeVisible();
    await rejecting.getByRole('textbox').fill('نهاية الشهر المالي');
    await rejecting.getByRole('button', { name: 'رفض المحدد' }).click();
    await expect(page.getByText('رُفض طلب واحد.')).toBeVisible();
    await expect(page.getByTestId('inbox-count')).toHaveText('طلبان ينتظران قرارك.');
    await context.close();
  });
});
