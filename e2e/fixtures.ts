import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { authEndpoints, fillPath, userEndpoints, type EndpointSpec } from '@portal/contracts';

export const DEMO_PASSWORD = 'Portal#Demo2026';

/** The address of an endpoint its contract declares, with its path parameters filled in. */
export const apiUrl = (endpoint: EndpointSpec, params?: Record<string, string | number>) =>
  `/api${fillPath(endpoint.path, params)}`;

/** Signs in through the login form and waits for home. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Sign-in, auth/me, then home's chunk and data: on a loaded 2-core machine the heading
  // alone took 11 s, past the default 10 s bound.
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible({ timeout: 30_000 });
}

/** A fresh browser context (its own session) signed in as `username`. */
export async function signInAs(
  browser: import('@playwright/test').Browser,
  baseURL: string | undefined,
  username: string,
  password = DEMO_PASSWORD,
) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, username, password);
  return { context, page };
}

export const test = base.extend({
  // The server global-setup started (or the one named in PORTAL_E2E_BASE_URL).
  baseURL: async ({}, use) => {
    const url = process.env.PORTAL_E2E_BASE_URL;
    if (!url) throw new Error('PORTAL_E2E_BASE_URL is not set: global-setup did not run');
    await use(url);
  },
});

export { expect };

/** `s` as a literal inside a RegExp (names of roles often hold user text with brackets). */
export function escapeRegExp(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A fresh staff account made through the API as admin, so tests may change it freely: an
 * IT member by default, or of another department, a manager of it (whose inbox or desk
 * then is the journey's own), with a name a journey can recognise.
 */
export async function createAccount(
  request: import('@playwright/test').APIRequestContext,
  over: { user_type?: string; password?: string; is_manager?: boolean; first_name?: string; last_name?: string } = {},
) {
  const login = await request.post(apiUrl(authEndpoints.login), {
    data: { username: 'admin', password: DEMO_PASSWORD },
  });
  const { access } = (await login.json()) as { access: string };
  const username = `e2e.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const password = over.password ?? 'Sturdy-Teapot-2026';
  const created = await request.post(apiUrl(userEndpoints.createAdminAccount), {
    headers: { authorization: `Bearer ${access}` },
    data: {
      username,
      password,
      email: `${username}@portal.example`,
      first_name: over.first_name ?? 'Rami',
      last_name: over.last_name ?? 'Test',
      user_type: over.user_type ?? 'IT',
      ...(over.is_manager ? { is_manager: true } : {}),
    },
  });
  expect(created.status()).toBe(201);
  return { username, password, ...((await created.json()) as { id: number }) };
}

/** An access token for `username` through the API (for setting up data without the UI). */
export async function tokenOf(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const login = await request.post(apiUrl(authEndpoints.login), { data: { username, password } });
  expect(login.status(), `sign-in of ${username}`).toBe(200);
  return ((await login.json()) as { access: string }).access;
}

/** No serious or critical axe-core violations (WCAG 2.1 A/AA rules) on the page as it is. */
export async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    where,
  ).toEqual([]);
}

/** Clicks the header's "Legacy Dashboard" link and answers the tab it opens (at /admin). */
export async function openLegacyDashboard(page: Page): Promise<Page> {
  const link = page
    .getByRole('banner')
    .getByRole('navigation')
    .getByRole('link', { name: /Legacy Dashboard/ });
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await expect(tab).toHaveURL(/\/admin$/);
  return tab;
}

/** The company portal's address (e2e/company-portal.ts: provider, directory and MFA for ADMIN and IT). */
export function companyPortalUrl(): string {
  const url = process.env.PORTAL_E2E_COMPANY_URL;
  if (!url) throw new Error('PORTAL_E2E_COMPANY_URL is not set: global-setup did not run');
  return url;
}

/** The signed-in person as the portal sees them, asked with the page's own session. */
export async function signedInPerson(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('portal.token'));
  const res = await page.request.get(apiUrl(userEndpoints.getMe), { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { username: string; user_type: string; first_name: string; last_name: string };
}
