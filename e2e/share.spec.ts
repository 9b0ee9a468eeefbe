import type { Browser, Page } from '@playwright/test';
import { shareEndpoints } from '@portal/contracts';
import config from '../playwright.config';
import { createAccount, DEMO_PASSWORD, expect, signIn, signInAs, test, tokenOf } from './fixtures';

// Chromium's fake devices: getDisplayMedia answers with a generated "Entire screen" at once.
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--auto-select-desktop-capture-source=Entire screen',
    ],
  },
});

const VIEWER = { username: 'quality', name: 'Qamar Lutfi' };

/** The viewer's video decodes frames: its clock moves on, with a picture of real size. */
async function expectFramesAdvance(page: Page) {
  const video = page.getByTestId('share-video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 })
    .toBeGreaterThan(0);
  const t0 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(t0 + 0.5);
}

/** The viewer states a reason and asks to watch `username`. */
async function ask(page: Page, username: string, reason: string) {
  await page.goto(`/share/${username}`);
  await page.getByRole('textbox', { name: 'Why do you want to watch?' }).fill(reason);
  const button = page.getByRole('button', { name: 'Ask to watch' });
  await expect(button).toBeEnabled();
  await button.click();
}

/** An interpreter signed in on their sharing page, in a context of their own. */
async function onSharingPage(browser: Browser, baseURL: string | undefined, username: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/screen-share');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/Signed in as .+\. Keep this page open/)).toBeVisible();
  return { context, page };
}

async function freshQualityColleague(
  browser: Browser,
  baseURL: string | undefined,
  request: import('@playwright/test').APIRequestContext,
) {
  const target = await createAccount(request, { user_type: 'QUALITY' });
  return { ...target, ...(await signInAs(browser, baseURL, target.username, target.password)) };
}

test.describe('screen sharing', () => {
  test('a colleague accepts: the viewer sees the screen live, a second viewer is refused, the target ends it', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const target = await freshQualityColleague(browser, baseURL, request);
    await signIn(page, VIEWER.username);
    await ask(page, target.username, 'Coaching on the new CRM flow');
    await expect(page.getByText('Waiting for Rami Test to answer…')).toBeVisible();

    // The target is asked live, with the viewer's name and reason.
    const dialog = target.page.getByRole('dialog', { name: `${VIEWER.name} asks to watch your screen` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Reason: Coaching on the new CRM flow')).toBeVisible();
    await dialog.getByRole('button', { name: 'Share my screen' }).click();

    await expect(target.page.getByTestId('share-indicator')).toContainText(
      `Your screen is being watched by ${VIEWER.name}`,
    );
    await expect(page.getByText('Watching Rami Test')).toBeVisible();
    await expectFramesAdvance(page);

    // A snapshot is kept with the call; the KPI form opens beside the video.
    await page.getByRole('button', { name: 'Take snapshot' }).click();
    await expect(page.getByText('Snapshot saved')).toBeVisible();
    await page.getByRole('button', { name: 'Score KPI' }).click();
    await expect(page.getByRole('region', { name: 'Score KPI' })).toBeVisible();

    // A second viewer lands on call-exceed, told which limit and when to try again.
    const admin = await signInAs(browser, baseURL, 'admin');
    await ask(admin.page, target.username, 'IT check of the screen');
    await expect(admin.page).toHaveURL(/\/share\/call-exceed\?user=/);
    await expect(admin.page.getByText(/already being watched by 1 of 1 allowed viewer/)).toBeVisible();
    await expect(admin.page.getByText(/A place frees by \d\d:\d\d at the latest/)).toBeVisible();
    await admin.context.close();

    // The target stops: the viewer lands on call-end with who ended it and how long it ran.
    await target.page.getByTestId('share-indicator').getByRole('button', { name: 'Stop' }).click();
    await expect(page).toHaveURL(/\/share\/call-end\?call=\d+/);
    await expect(page.getByText('Ended by Rami Test')).toBeVisible();
    await expect(page.getByText(/\b\d\d:\d\d\b/).first()).toBeVisible();
    await expect(page.getByText('Coaching on the new CRM flow')).toBeVisible();
    await expect(page.getByRole('img', { name: /Snapshot taken at/ })).toBeVisible();
    await expect(target.page.getByTestId('share-indicator')).toHaveCount(0);
    await target.context.close();
  });

  test('a declined request ends with the note shown to the viewer', async ({ page, browser, baseURL, request }) => {
    const target = await freshQualityColleague(browser, baseURL, request);
    await signIn(page, VIEWER.username);
    await ask(page, target.username, 'Weekly quality score');
    const dialog = target.page.getByRole('dialog', { name: `${VIEWER.name} asks to watch your screen` });
    await dialog.getByRole('textbox', { name: 'Say why (optional)' }).fill('Customer data on screen');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/share\/call-end\?call=\d+/);
    await expect(page.getByText('Declined by Rami Test: Customer data on screen')).toBeVisible();
    await target.context.close();
  });

  test('an interpreter shares from the sharing page, the viewer ends it, and the portal stays closed to them', async ({
    page,
    browser,
    baseURL,
  }) => {
    const { context, page: interpreter } = await onSharingPage(browser, baseURL, 'interpreter20');

    await signIn(page, VIEWER.username);
    await ask(page, 'interpreter20', 'Medical terminology coaching');
    const dialog = interpreter.getByRole('dialog', { name: `${VIEWER.name} asks to watch your screen` });
    await dialog.getByRole('button', { name: 'Share my screen' }).click();
    await expect(interpreter.getByTestId('share-indicator')).toBeVisible();
    await expectFramesAdvance(page);

    await page.getByRole('button', { name: 'End call' }).click();
    await expect(page).toHaveURL(/\/share\/call-end\?call=\d+/);
    await expect(page.getByText(`Ended by ${VIEWER.name}`)).toBeVisible();
    await expect(interpreter.getByTestId('share-indicator')).toHaveCount(0);

    // The sharing page's session opens no portal page.
    const portal = await context.newPage();
    for (const path of ['/', '/share', '/ticket/create']) {
      await portal.goto(path);
      await expect(portal).toHaveURL(/\/login$/);
    }
    await context.close();
  });

  test("the people list says whose sharing page is open, not the board's online status", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signIn(page, VIEWER.username);
    await page.goto('/share');
    const search = page.getByRole('searchbox', { name: 'Search by name or username' });
    await search.fill('interpreter21');
    const row = page.getByRole('row', { name: /interpreter21/ });
    await expect(row.getByText('Sharing page closed')).toBeVisible();
    await expect(row.getByText(/^Offline$/)).toHaveCount(0);
    const { context } = await onSharingPage(browser, baseURL, 'interpreter21');
    await expect(async () => {
      await page.reload();
      await page.getByRole('searchbox', { name: 'Search by name or username' }).fill('interpreter21');
      await expect(page.getByRole('row', { name: /interpreter21/ }).getByText('Ready to share')).toBeVisible({
        timeout: 2_000,
      });
    }).toPass();
    await context.close();
  });

  test('consent given at hiring: the interpreter is told, not asked, and the screen arrives at once', async ({
    page,
    browser,
    baseURL,
  }) => {
    // interpreter05 (Nour Haddad) gave consent at hiring in the demo data.
    const { context, page: interpreter } = await onSharingPage(browser, baseURL, 'interpreter05');

    await signIn(page, VIEWER.username);
    await page.goto('/share/interpreter05');
    await expect(page.getByText(/Consent was given at hiring/)).toBeVisible();
    await page.getByRole('textbox', { name: 'Why do you want to watch?' }).fill('Spot check of call notes');
    await page.getByRole('button', { name: 'Ask to watch' }).click();
    await expect(interpreter.getByTestId('share-indicator')).toContainText(
      `${VIEWER.name} is watching your screen (consent given at hiring)`,
    );
    await expect(interpreter.getByRole('dialog')).toHaveCount(0);
    await expectFramesAdvance(page);

    // The interpreter may still stop it; the viewer lands on call-end.
    await interpreter.getByTestId('share-indicator').getByRole('button', { name: 'Stop' }).click();
    await expect(page).toHaveURL(/\/share\/call-end\?call=\d+/);
    await expect(page.getByText('Ended by Nour Haddad')).toBeVisible();
    await context.close();
  });

  test('staff outside the share roles are told screen sharing is not for them, and the API refuses them', async ({
    page,
    request,
  }) => {
    await signIn(page, 'hr');
    for (const path of ['/share', '/share/interpreter05']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Screen sharing is not for your role' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Why do you want to watch?' })).toHaveCount(0);
    }
    const hr = await tokenOf(request, 'hr');
    const people = await request.get(`/api${shareEndpoints.listShareCandidates.path}`, {
      headers: { authorization: `Bearer ${hr}` },
    });
    expect(people.status()).toBe(403);
    expect(((await people.json()) as { message: string }).message).toMatch(/Screen sharing is for/);
  });
});
