import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { authEndpoints, ticketEndpoints } from '@portal/contracts';
import { apiUrl, createAccount, DEMO_PASSWORD, expect, expectAccessible, signInAs, test } from './fixtures';

/** Switches to dark the way a user does (the header's menu), so the page keeps its state (errors shown, dialogs…). */
async function toDark(page: Page) {
  await page.getByRole('button', { name: 'Colour mode' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
  await expect(page.getByRole('menu')).toHaveCount(0);
}

/** Scans the page as it is (light: the default), then again in dark. */
async function expectAccessibleLightAndDark(page: Page, where: string) {
  await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'light');
  await expectAccessible(page, `${where} (light)`);
  await toDark(page);
  await expectAccessible(page, `${where} (dark)`);
}

// Signed-in storage, once per user per worker (a module is loaded once per worker, so
// workers never share it): tests open a ready session instead of going through the form.
const sessions = new Map<string, Promise<Awaited<ReturnType<BrowserContext['storageState']>>>>();
async function pageAs(browser: Browser, baseURL: string | undefined, username: string) {
  if (!sessions.has(username)) {
    sessions.set(
      username,
      (async () => {
        const { context } = await signInAs(browser, baseURL, username);
        const state = await context.storageState();
        await context.close();
        return state;
      })(),
    );
  }
  const context = await browser.newContext({ baseURL, storageState: await sessions.get(username)! });
  return { context, page: await context.newPage() };
}

async function ticketOf(
  request: APIRequestContext,
  username: string,
  department = 'IT',
  subject = `Monitor flickers ${Date.now()}`,
) {
  const login = await request.post(apiUrl(authEndpoints.login), { data: { username, password: DEMO_PASSWORD } });
  const { access } = (await login.json()) as { access: string };
  const res = await request.post(apiUrl(ticketEndpoints.createTicket), {
    headers: { authorization: `Bearer ${access}` },
    data: {
      department,
      subject,
      description: 'The second monitor flickers.',
      priority: 'urgent',
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number; subject: string };
}

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

test.describe('accessibility (axe-core), every real page in light and dark', () => {
  test('login page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page, 'login (light)');
    // The login page has no colour menu: the saved choice applies on load (public/boot.js).
    await page.evaluate(() => localStorage.setItem('portal.color-mode', 'dark'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page, 'login (dark)');
  });

  test('home page', async ({ browser, baseURL }) => {
    const { context, page } = await pageAs(browser, baseURL, 'admin');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
    await expectAccessibleLightAndDark(page, 'home');
    await context.close();
  });

  test('the approvals inbox with requests selected, wide and on a phone', async ({ browser, baseURL }) => {
    // The G.I director's departments have requests waiting in the demo data.
    for (const [viewport, role] of [
      [WIDE, 'table'],
      [PHONE, 'list'],
    ] as const) {
      const { context, page } = await pageAs(browser, baseURL, 'director.gi');
      await page.setViewportSize(viewport);
      await page.goto('/user/leaves/approvals');
      const list = page.getByRole(role, { name: 'Requests waiting for my decision' });
      await expect(list).toBeVisible();
      await list.getByRole('checkbox').first().check();
      await expect(page.getByRole('toolbar', { name: 'With the selected requests' })).toBeVisible();
      await expectAccessibleLightAndDark(page, `/user/leaves/approvals ${viewport.width} px`);
      await context.close();
    }
  });

  test('profile pages: own, a colleague’s, and /user', async ({ browser, baseURL }) => {
    for (const [path, heading] of [
      ['/profile/manager.hr', { level: 2 }],
      ['/profile/director.gi', { level: 2, name: 'Ghada Ismail' }],
      ['/user', { level: 1, name: 'My profile' }],
    ] as const) {
      const { context, page } = await pageAs(browser, baseURL, 'manager.hr');
      await page.goto(path);
      await expect(page.getByRole('heading', heading).first()).toBeVisible();
      await expectAccessibleLightAndDark(page, path);
      await context.close();
    }
  });

  test('new ticket form with its errors shown', async ({ browser, baseURL }) => {
    const { context, page } = await pageAs(browser, baseURL, 'hr');
    await page.goto('/ticket/create');
    await page.getByRole('button', { name: 'Send ticket' }).click();
    await expect(page.getByText('Write a subject.')).toBeVisible();
    await expect(page.getByText('Describe the problem.')).toBeVisible();
    await expectAccessibleLightAndDark(page, '/ticket/create with errors');
    await context.close();
  });

  test('a ticket thread (owner) and the same ticket on the desk', async ({ browser, baseURL, request }) => {
    const ticket = await ticketOf(request, 'hr');
    const owner = await pageAs(browser, baseURL, 'hr');
    await owner.page.goto(`/ticket/${ticket.id}`);
    await expect(owner.page.getByRole('heading', { level: 1, name: ticket.subject })).toBeVisible();
    await expectAccessibleLightAndDark(owner.page, `/ticket/${ticket.id} (owner)`);
    await owner.context.close();

    const desk = await pageAs(browser, baseURL, 'it');
    await desk.page.goto(`/dashboard/ticket/${ticket.id}`);
    await expect(desk.page.getByRole('heading', { level: 1, name: ticket.subject })).toBeVisible();
    await expectAccessibleLightAndDark(desk.page, `/dashboard/ticket/${ticket.id} (desk)`);
    await desk.context.close();
  });

  test('the help desk (/dashboard) with tickets, wide and on a phone', async ({ browser, baseURL, request }) => {
    await ticketOf(request, 'marketing', 'G.E');
    for (const [viewport, role] of [
      [WIDE, 'table'],
      [PHONE, 'list'],
    ] as const) {
      const { context, page } = await pageAs(browser, baseURL, 'g.e');
      await page.setViewportSize(viewport);
      await page.goto('/dashboard');
      await expect(page.getByRole(role, { name: 'Queue' })).toBeVisible();
      await expectAccessibleLightAndDark(page, `/dashboard ${viewport.width} px`);
      await context.close();
    }
  });

  for (const [path, heading, name] of [
    ['/admin', 'Legacy Dashboard', 'Staff accounts'],
    ['/eventlogs', 'Event logs', 'Event logs'],
  ] as const) {
    test(`${path} (ADMIN), wide and on a phone`, async ({ browser, baseURL, request }) => {
      // A record whose details fit a wide row but scroll on a phone (under the length the
      // box guesses from): the box must then be a focusable region all the same.
      if (path === '/eventlogs') {
        await ticketOf(request, 'hr', 'IT', `Phone-width details ${'x'.repeat(100)}`);
        await createAccount(request, { user_type: 'QUALITY' }); // its record's details are of that length too
      }
      for (const [viewport, role] of [
        [WIDE, 'table'],
        [PHONE, 'list'],
      ] as const) {
        const { context, page } = await pageAs(browser, baseURL, 'admin');
        await page.setViewportSize(viewport);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByRole(role, { name })).toBeVisible();
        await expectAccessibleLightAndDark(page, `${path} ${viewport.width} px`);
        await context.close();
      }
    });
  }

  test('/admin integration keys tab (ADMIN), light and dark', async ({ browser, baseURL }) => {
    const { context, page } = await pageAs(browser, baseURL, 'admin');
    await page.goto('/admin?tab=keys');
    await expect(page.getByRole('tab', { name: 'Integration keys' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: 'Integration keys' })).toBeVisible();
    await expectAccessibleLightAndDark(page, '/admin?tab=keys');
    await context.close();
  });

  test('the WFM roster (planner), light and dark, a grid wide and a list of days on a phone', async ({
    browser,
    baseURL,
  }) => {
    // Three axe scans, two of a week's grid of every interpreter: twice the default budget on a loaded 2-core machine.
    test.setTimeout(240_000);
    const { context, page } = await pageAs(browser, baseURL, 'manager.wfm');
    await page.setViewportSize(WIDE);
    await page.goto('/wfm?tab=schedule');
    const grid = page.getByRole('table', { name: /^Roster/ });
    await expect(grid.getByTestId('shift-chip').first()).toBeVisible();
    await expectAccessibleLightAndDark(page, '/wfm roster');
    // On a phone (still dark): a list of the week's days instead of the grid; nothing scrolls sideways.
    await page.setViewportSize(PHONE);
    await expect(page.getByRole('list', { name: "Roster: the week's days" })).toBeVisible();
    await expect(page.getByTestId('roster-day-shift').first()).toBeVisible();
    await expectAccessible(page, '/wfm roster at 360 px (dark)');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, '/wfm roster at 360 px').toBeLessThanOrEqual(0);
    await context.close();
  });

  test('the accounts console refusal for non-ADMIN', async ({ browser, baseURL }) => {
    const { context, page } = await pageAs(browser, baseURL, 'hr');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'The accounts console is for ADMIN' })).toBeVisible();
    await expectAccessibleLightAndDark(page, '/admin refusal');
    await context.close();
  });

  test('the not-found page, and screen sharing: people, the request form and the calls audit', async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await pageAs(browser, baseURL, 'admin');
    await page.goto('/share');
    await expect(page.getByRole('heading', { level: 1, name: 'Screen sharing' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Watch / }).first()).toBeVisible();
    await expectAccessibleLightAndDark(page, '/share');
    // Dark from here on (the choice stays).
    await page.goto('/no-such-page');
    await expect(page.getByText('404')).toBeVisible();
    await expectAccessible(page, 'not found (dark)');
    await page.goto('/share/interpreter20');
    await expect(page.getByRole('textbox', { name: 'Why do you want to watch?' })).toBeVisible();
    await expectAccessible(page, '/share/{userName}');
    await page.goto('/share/calls');
    await expect(page.getByRole('heading', { level: 1, name: 'Screen-sharing calls' })).toBeVisible();
    await expect(
      page.getByText('Coaching on call flow').or(page.getByText('Live coaching: medical call terminology')).first(),
    ).toBeVisible();
    await expectAccessible(page, '/share/calls');
    await context.close();
  });
});
