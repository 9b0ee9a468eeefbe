import fs from 'node:fs';
import { authEndpoints } from '@portal/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiUrl, DEMO_PASSWORD, expect, expectAccessible, signIn, test } from './fixtures';

const CALENDAR = '/user/leaves/team-calendar';
const SETTINGS = '/user/leaves/settings';
const PHONE = { width: 360, height: 740 };

interface CalendarDay {
  date: string;
  working: boolean;
  holiday: string | null;
  off: { user: { first_name: string; last_name: string; username: string }; status: string }[];
}

/** `YYYY-MM` of the month the browser lives in (the page opens on it). */
function monthOf(d: Date) {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}
const thisMonth = monthOf(new Date());
const nextMonth = monthOf(new Date(new Date().getFullYear(), new Date().getMonth() + 1, 1));

/** The calendar as the server answers `username` (what the page must show). */
async function calendarAs(request: APIRequestContext, username: string, month = thisMonth): Promise<CalendarDay[]> {
  const login = await request.post(apiUrl(authEndpoints.login), { data: { username, password: DEMO_PASSWORD } });
  const { access } = (await login.json()) as { access: string };
  const res = await request.get(`/api/leaves/calendar/?month=${month}`, {
    headers: { authorization: `Bearer ${access}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { days: CalendarDay[] }).days;
}

async function toDark(page: Page) {
  await page.getByRole('button', { name: 'Colour mode' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
  await expect(page.getByRole('menu')).toHaveCount(0);
}

async function expectNoSidewaysScroll(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(inner);
}

test.describe('team calendar and leave settings', () => {
  test('a manager reads the month, moves between months and exports it', async ({ page, request }) => {
    // The seed puts approved leave around today; the page must show what the server holds.
    const days = await calendarAs(request, 'manager.hr');
    const approved = days.flatMap((d) =>
      d.off.filter((o) => o.status === 'approved').map((o) => ({ date: d.date, ...o })),
    );
    expect(approved.length).toBeGreaterThan(0);
    const someone = approved[0]!;
    const name = `${someone.user.first_name} ${someone.user.last_name}`;

    await signIn(page, 'manager.hr');
    await page.goto(CALENDAR);
    await expect(page.getByRole('heading', { level: 1, name: 'Team calendar' })).toBeVisible();
    const grid = page.getByRole('table', { name: 'Leave by person and day' });
    await expect(grid.getByRole('rowheader', { name, exact: true })).toBeVisible();
    await expect(grid.getByRole('cell', { name: new RegExp(`^${name}, .+: .+, Approved`) }).first()).toBeVisible();

    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page).toHaveURL(new RegExp(`month=${nextMonth}`));
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(page).toHaveURL(new RegExp(`month=${thisMonth}`));
    await expect(grid.getByRole('rowheader', { name, exact: true })).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`team-calendar-${thisMonth}.csv`);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('Date,Name,Username,Department,Leave type,Status,Half day');
    expect(csv).toContain(`${someone.date},${name},${someone.user.username},`);
  });

  test('HR adds a public holiday and the calendar marks that day', async ({ page, request }) => {
    // A working day of this month, in the past when there is one (no one's new request counts it).
    const today = new Date().toISOString().slice(0, 10);
    const free = (await calendarAs(request, 'hr')).filter((d) => d.working && !d.holiday);
    const day = (free.filter((d) => d.date < today).at(-1) ?? free.at(-1))!.date;
    const holiday = `E2E Founders Day ${Date.now().toString(36)}`;

    await signIn(page, 'hr');
    await page.goto(SETTINGS);
    await expect(page.getByRole('heading', { level: 1, name: 'Leave settings' })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Leave types' }).getByRole('row', { name: /Annual leave/ }),
    ).toBeVisible();
    const holidays = page.getByRole('region', { name: 'Public holidays' });
    await holidays.getByLabel('Date').fill(day);
    await holidays.getByRole('textbox', { name: 'Name', exact: true }).fill(holiday);
    await holidays.getByRole('button', { name: 'Add holiday' }).click();
    await expect(page.getByText('Holiday added.')).toBeVisible();
    await expect(holidays.getByRole('row', { name: new RegExp(holiday) })).toBeVisible();

    await page.goto(CALENDAR);
    const grid = page.getByRole('table', { name: 'Leave by person and day' });
    await expect(grid.getByRole('columnheader', { name: new RegExp(`Public holiday: ${holiday}`) })).toBeVisible();

    // Tidy: the holiday goes again (through the confirmation), so other journeys count days as usual.
    await page.goto(SETTINGS);
    await holidays.getByRole('button', { name: `Delete ${holiday}` }).click();
    await page
      .getByRole('dialog', { name: `Delete ${holiday}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Holiday deleted.')).toBeVisible();
    await expect(holidays.getByRole('row', { name: new RegExp(holiday) })).toHaveCount(0);
  });

  test('a staff member who leads nobody is told both pages are not for them', async ({ page }) => {
    await signIn(page, 'it');
    await page.goto(CALENDAR);
    await expect(
      page.getByRole('heading', { level: 1, name: 'The team calendar is for managers, directors and HR' }),
    ).toBeVisible();
    await page.goto(SETTINGS);
    await expect(page.getByRole('heading', { level: 1, name: 'Leave settings are for HR and ADMIN' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('both pages are accessible in light and dark, and fit a phone', async ({ page }) => {
    await signIn(page, 'hr');
    for (const [url, title] of [
      [CALENDAR, 'Team calendar'],
      [SETTINGS, 'Leave settings'],
    ] as const) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'light');
      await expectAccessible(page, `${title} (light)`);
      await toDark(page);
      await expectAccessible(page, `${title} (dark)`);

      await page.setViewportSize(PHONE);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, `${title} (dark, 360 px)`);
      // Back to light for the next page.
      await page.getByRole('button', { name: 'Colour mode' }).click();
      await page.getByRole('menuitemradio', { name: 'Light' }).click();
      await page.keyboard.press('Escape');
    }
    // The phone calendar is the per-day list.
    await page.goto(CALENDAR);
    await expect(page.getByRole('list', { name: 'Days with people off' })).toBeVisible();
    await expectAccessible(page, 'Team calendar (light, 360 px)');
  });
});
