import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, escapeRegExp, expect, signInAs, test } from './fixtures';

// Every real page in Arabic shows no text left in English. The English bundle's
// values (longer than 2 characters, and different from their Arabic value: brands and codes
// are the same in both) are compared with the page's visible lines.
const localeDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../apps/web/src/lib/i18n/locales');
const en = JSON.parse(fs.readFileSync(path.join(localeDir, 'en.json'), 'utf8')) as { translation: unknown };
const ar = JSON.parse(fs.readFileSync(path.join(localeDir, 'ar.json'), 'utf8')) as { translation: unknown };

function flatten(value: unknown, prefix = '', into = new Map<string, string>()) {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, into);
  return into;
}

const arabic = flatten(ar.translation);
const arabicValues = new Set(arabic.values());
/** English texts as they can appear on a page: interpolations become a wildcard. */
const english = [...flatten(en.translation)]
  .filter(([key, value]) => value.trim().length > 2 && arabic.get(key) !== value && !arabicValues.has(value))
  .map(([key, value]) => {
    const parts = value.trim().split(/\{\{[^}]+\}\}/);
    const literal = parts.join('').trim();
    return { key, value, literal, pattern: new RegExp(`^${parts.map(escapeRegExp).join('.+?')}$`) };
  })
  // "{{name}}" alone, or "· {{n}}", says nothing about the language.
  .filter(({ literal }) => /[A-Za-z]{3}/.test(literal));

/** Visible lines of the page that are English bundle values. */
async function englishOn(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const text = await page.evaluate(() => document.body.innerText);
  const lines = text
    .split('\n')
    .map((l) => l.replace(/[\u2066-\u2069\u200e\u200f]/g, '').trim())
    .filter(Boolean);
  const found = new Set<string>();
  for (const line of lines)
    for (const { key, pattern } of english) if (pattern.test(line)) found.add(`${key}: "${line}"`);
  return [...found];
}

async function toArabic(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.keyboard.press('Escape');
}

async function ticketOf(request: APIRequestContext, username: string) {
  const login = await request.post('/api/auth/jwt/login/', { data: { username, password: DEMO_PASSWORD } });
  const { access } = (await login.json()) as { access: string };
  const res = await request.post('/api/user/create_ticket/', {
    headers: { authorization: `Bearer ${access}` },
    data: { department: 'IT', subject: 'Printer jam', description: 'Paper stuck in tray 2.', priority: 'normal' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** An OCR job of `username`'s (a 1×1 PNG: it ends with "no text", whose reason shows translated). */
async function ocrJobOf(request: APIRequestContext, username: string) {
  const login = await request.post('/api/auth/jwt/login/', { data: { username, password: DEMO_PASSWORD } });
  const { access } = (await login.json()) as { access: string };
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  const res = await request.post('/api/ocr/jobs/', {
    headers: { authorization: `Bearer ${access}` },
    multipart: {
      language: 'ara',
      files: { name: 'scan.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') },
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { results: { id: number }[] }).results[0]!.id;
}

test.describe('Arabic, every page', () => {
  test.describe.configure({ mode: 'parallel' });

  test('ar.json has every English key, with the six Arabic plural forms of each count', () => {
    const missing = [...flatten(en.translation).keys()].flatMap((key) => {
      const stem = /^(.*)_(one|other)$/.exec(key)?.[1];
      const needed = stem ? ['zero', 'one', 'two', 'few', 'many', 'other'].map((f) => `${stem}_${f}`) : [key];
      return needed.filter((k) => !arabic.has(k));
    });
    expect(missing).toEqual([]);
  });

  // One test per user, so the two run side by side in the two workers.
  for (const username of ['admin', 'it']) {
    test(`no English bundle text is left on any page, for ${username}`, async ({ browser, baseURL, request }) => {
      // Some thirty pages.
      test.setTimeout(180_000);
      const ticketId = await ticketOf(request, 'hr');
      const ocrId = await ocrJobOf(request, username);
      const problems: string[] = [];
      const check = async (page: Page, where: string) => {
        for (const hit of await englishOn(page)) problems.push(`${where} → ${hit}`);
      };

      const { context, page } = await signInAs(browser, baseURL, username);
      await toArabic(page);
      const visit = async (url: string) => {
        await page.goto(url);
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await check(page, `${username} ${url}`);
      };
      for (const url of [
        '/',
        '/ticket/create',
        `/ticket/${ticketId}`,
        '/dashboard',
        '/dashboard?tab=history',
        `/dashboard/ticket/${ticketId}`,
        '/user',
        `/profile/${username}`,
        '/admin',
        '/eventlogs',
        '/it',
        '/it?tab=agents',
        '/it?tab=rules',
        '/it/interpreter01',
        '/wfm',
        '/wfm?tab=schedule',
        '/wfm?tab=staffing',
        '/wfm/interpreter01',
        '/share',
        '/share/calls',
        '/share/interpreter20',
        // A demo call (quality watched interpreter03): admin audits every call.
        '/share/call-end?call=1',
        '/share/call-exceed?user=interpreter20&limit=length',
        '/screen-share',
        '/kpi',
        '/kpi?tab=missing',
        '/kpi?tab=definitions',
        '/kpi?user=interpreter01',
        '/user/leaves/create-leave',
        '/user/leaves/submited-leaves',
        '/user/leaves/leave-history',
        '/user/leaves/team-calendar',
        '/user/leaves/settings',
        // A demo request of hr's: admin sees it, it gets the translated not-found page.
        '/leaves/1',
        '/user/reports',
        '/ocr',
        `/ocr/${ocrId}`,
        '/no-such-page',
      ])
        await visit(url);

      // The desk's other tab, reached through the page itself.
      await page.goto('/dashboard');
      const tabs = page.getByRole('tab');
      for (let i = 0; i < (await tabs.count()); i++) {
        await tabs.nth(i).click();
        await check(page, `${username} /dashboard tab ${i}`);
      }

      // The desk settings dialog, both tabs (SLA targets, canned replies).
      await page.getByRole('button', { name: 'إعدادات القسم' }).click();
      const settings = page.getByRole('dialog');
      await expect(settings).toBeVisible();
      await check(page, `${username} desk settings (SLA)`);
      await settings.getByRole('tab', { name: 'الردود الجاهزة' }).click();
      await check(page, `${username} desk settings (canned replies)`);
      await page.keyboard.press('Escape');

      // The notifications menu, open.
      await page.goto('/');
      await page
        .getByRole('banner')
        .getByRole('button', { name: /الإشعارات/ })
        .click();
      await check(page, `${username} notifications menu`);
      await page.keyboard.press('Escape');
      await context.close();
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});
