import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { itAgentEndpoints } from '@portal/contracts';
import { enrollAgent, startAgent, type AgentProcess } from '../apps/agent/test/agent-process';
import { startDesktop, type Desktop } from '../apps/agent/test/desktop';
import { createAccount, expect, expectAccessible, signIn, test } from './fixtures';

// The real agent on a real X display (Xvfb + openbox) reports window switches;
// IT's board shows them live and the user's day page has them afterwards.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function toArabic(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.keyboard.press('Escape');
}

async function toDark(page: Page) {
  await page.getByRole('button', { name: 'Colour mode' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('IT monitoring with the real agent', () => {
  test('window switches on the desktop show live on the IT board, then on the user’s day', async ({
    browser,
    baseURL,
    page,
    request,
  }) => {
    // Xvfb, openbox, two X clients and the agent's CLI start inside: bounds for a loaded 2-core machine.
    test.setTimeout(300_000);
    const account = await createAccount(request, { user_type: 'OPERATION' });
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-agent-e2e-'));
    const first = `Quarterly figures ${unique()}`;
    const second = `Customer letter ${unique()}`;

    let desktop: Desktop | undefined;
    let agent: AgentProcess | undefined;
    try {
      // The user enrolls their machine once (the password from the environment instead of the prompt).
      const env = { PORTAL_AGENT_MACHINE_ID: `e2e-machine-${unique()}` };
      const enrolled = await enrollAgent({
        serverUrl: baseURL!,
        home,
        username: account.username,
        password: account.password,
        env,
      });
      expect(enrolled.code, enrolled.output).toBe(0);

      desktop = await startDesktop();
      await desktop.openWindow(first);
      await desktop.openWindow(second);
      await desktop.activate(first);
      agent = startAgent({ serverUrl: baseURL!, home, display: desktop.display, env });
      await agent.waitFor(/connected to/);

      // IT opens the board once the agent has reported the first window.
      await signIn(page, 'it');
      await page.goto('/it');
      const board = page.getByRole('table', { name: 'Users and their machines' });
      await page.getByRole('searchbox', { name: 'Search by name, username or app' }).fill(account.username);
      const row = board.getByRole('row').filter({ hasText: account.username });
      await expect(row.getByText(first)).toBeVisible({ timeout: 60_000 });

      // The switch, on the desktop: the row follows without a reload.
      const loads: string[] = [];
      page.on('load', () => loads.push(page.url()));
      await desktop.activate(second);
      await expect(row.getByText(second)).toBeVisible({ timeout: 60_000 });
      expect(loads).toEqual([]);

      // The day page has both windows in its timeline's table.
      // A click (Playwright checks the link itself gets it): the board's header, sticky inside
      // its own scroll box, once sat 80 px down over the first rows.
      await row.getByRole('link', { name: 'Rami Test' }).click();
      await expect(page).toHaveURL(new RegExp(`/it/${account.username.replace('.', '\\.')}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'IT monitoring: Rami Test' })).toBeVisible();
      const periods = page.getByRole('table', { name: 'Every period of the day' });
      await expect(periods.getByText(first)).toBeVisible();
      await expect(periods.getByText(second)).toBeVisible();
      await expect(
        page
          .getByRole('group', { name: /^The day from / })
          .getByRole('img')
          .first(),
      ).toBeVisible();
      await expect(page.getByRole('list', { name: 'Top apps' }).getByRole('listitem').first()).toBeVisible();
      await expectAccessible(page, `/it/${account.username}`);
      await toDark(page);
      await expectAccessible(page, `/it/${account.username} (dark)`);

      // The user sees their own day from /user.
      const own = await browser.newContext({ baseURL });
      try {
        const mine = await own.newPage();
        await signIn(mine, account.username, account.password);
        await mine.goto('/user');
        const card = mine.getByRole('region', { name: 'My activity' });
        await expect(card.getByRole('list', { name: 'Top apps today' }).getByRole('listitem').first()).toBeVisible();
        await card.getByRole('link', { name: 'Open my day' }).click();
        await expect(mine.getByRole('table', { name: 'Every period of the day' }).getByText(second)).toBeVisible();
      } finally {
        await own.close();
      }
    } finally {
      await agent?.stop();
      await desktop?.stop();
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});

test.describe('IT pages: Arabic, phones, accessibility', () => {
  test('the board in Arabic right to left, on a 360 px phone without sideways scrolling, and accessible', async ({
    browser,
    baseURL,
    request,
  }) => {
    // The board lists users who enrolled an agent: one enrolls through the API, as the agent does.
    const account = await createAccount(request, { user_type: 'OPERATION' });
    const enrolled = await request.post(`/api${itAgentEndpoints.enrollAgent.path}`, {
      data: {
        username: account.username,
        password: account.password,
        machine_id: `e2e-machine-${unique()}`,
        hostname: 'e2e-phone-check',
        platform: 'linux',
        version: 'e2e',
      },
    });
    expect(enrolled.status()).toBe(201);
    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
    try {
      const page = await context.newPage();
      await signIn(page, 'it');
      await page.goto('/it');
      await expect(page.getByRole('heading', { level: 1, name: 'IT monitoring' })).toBeVisible();
      const cards = page.getByRole('list', { name: 'Users and their machines' });
      await page.getByRole('searchbox', { name: 'Search by name, username or app' }).fill(account.username);
      await expect(cards.getByRole('listitem').filter({ hasText: account.username })).toBeVisible();
      expect(await sideways(page)).toBe(0);
      await expectAccessible(page, '/it on a phone');

      await toArabic(page);
      await expect(page.getByRole('heading', { level: 1, name: 'مراقبة تقنية المعلومات' })).toBeVisible();
      expect(await sideways(page)).toBe(0);
      await expectAccessible(page, '/it on a phone, in Arabic');

      await page.goto('/it/interpreter01');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { level: 1, name: /^مراقبة تقنية المعلومات: / })).toBeVisible();
      await expect(page.getByRole('group', { name: 'اختر اليوم' })).toBeVisible();
      expect(await sideways(page)).toBe(0);
      await expectAccessible(page, '/it/interpreter01 on a phone, in Arabic');
    } finally {
      await context.close();
    }
  });

  test('someone the caller may not watch is not found', async ({ page }) => {
    // hr (HR) watches nobody but themselves: another user's day is answered 404.
    await signIn(page, 'hr');
    await page.goto('/it/interpreter01');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.goto('/it/hr');
    await expect(page.getByRole('heading', { level: 1, name: /^IT monitoring: / })).toBeVisible();
  });
});
