import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  authEndpoints,
  eventLogEndpoints,
  leaveEndpoints,
  notificationEndpoints,
  ticketEndpoints,
} from '@portal/contracts';
import { apiUrl, DEMO_PASSWORD, escapeRegExp, expect, signInAs, test, tokenOf } from './fixtures';

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
  const login = await request.post(apiUrl(authEndpoints.login), { data: { username, password: DEMO_PASSWORD } });
  const { access } = (await login.json()) as { access: string };
  const res = await request.post(apiUrl(ticketEndpoints.createTicket), {
    headers: { authorization: `Bearer ${access}` },
    data: { department: 'IT', subject: 'Printer jam', description: 'Paper stuck in tray 2.', priority: 'normal' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** An OCR job of `username`'s (a 1×1 PNG: it ends with "no text", whose reason shows translated). */
async function ocrJobOf(request: APIRequestContext, username: string) {
  const login = await request.post(apiUrl(authEndpoints.login), { data: { username, password: DEMO_PASSWORD } });
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

/** What an element shows outside its <bdi> values, and the values (names, subjects, dates). */
async function textsOf(element: import('@playwright/test').Locator): Promise<{ outside: string; values: string[] }> {
  return element.evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    const bdis = [...copy.querySelectorAll('bdi')];
    const values = bdis.filter((b) => !b.parentElement?.closest('bdi')).map((b) => b.textContent ?? '');
    for (const b of bdis) b.replaceWith(' ');
    return { outside: copy.textContent ?? '', values };
  });
}

/**
 * Latin words (4 letters or more) shown outside the <bdi> values, and inside them unless
 * they are data (`data`: names, subjects, words people typed). Sentences are the
 * translations' own words; every value in them is isolated in a <bdi>.
 */
function latinWords({ outside, values }: { outside: string; values: string[] }, data: Set<string>): string[] {
  const found = [...(outside.match(/[A-Za-z]{4,}/g) ?? [])];
  // Longest first, whole words only: the username "it" is no part of "submitted".
  const known = [...data].sort((a, b) => b.length - a.length);
  for (const value of values) {
    const rest = known.reduce(
      (text, k) => text.replace(new RegExp(`(?<![A-Za-z])${escapeRegExp(k)}(?![A-Za-z])`, 'g'), ' '),
      value,
    );
    found.push(...(rest.match(/[A-Za-z]{4,}/g) ?? []));
  }
  return found;
}

/** Every string a notification's parameters hold (names, subjects): data, shown as written. */
function dataOf(params: unknown, into = new Set<string>()): Set<string> {
  if (typeof params === 'string' && params) into.add(params);
  else if (params && typeof params === 'object') for (const v of Object.values(params)) dataOf(v, into);
  return into;
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

  test('the bell, the home cards and the event logs say nothing in English', async ({ browser, baseURL, request }) => {
    test.setTimeout(180_000);
    const auth = async (who: string) => ({ authorization: `Bearer ${await tokenOf(request, who)}` });
    // What HR is told: a leave request (a date span, a count), a ticket to the HR desk, an announcement.
    const types = (await (await request.get('/api/leaves/types/', { headers: await auth('it') })).json()) as {
      id: number;
      code: string | null;
    }[];
    const day = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 8, 1));
    while (day.getUTCDay() !== 0) day.setUTCDate(day.getUTCDate() + 1);
    const from = day.toISOString().slice(0, 10);
    day.setUTCDate(day.getUTCDate() + 2);
    const leave = await request.post('/api/leaves/', {
      headers: await auth('it'),
      data: {
        leave_type: types.find((t) => t.code === 'annual')!.id,
        start_date: from,
        end_date: day.toISOString().slice(0, 10),
        reason: 'Family matters.',
      },
    });
    expect(leave.status()).toBe(201);
    const ticket = await request.post(apiUrl(ticketEndpoints.createTicket), {
      headers: await auth('it'),
      data: { department: 'HR', subject: 'Payslip question', description: 'November is missing.', priority: 'high' },
    });
    expect(ticket.status()).toBe(201);
    const announced = await request.post(apiUrl(notificationEndpoints.announce), {
      headers: await auth('admin'),
      data: { message: 'اجتماع الموظفين يوم الخميس', levels: ['HR'] },
    });
    expect(announced.status()).toBe(201);
    const told = (await (
      await request.get(apiUrl(notificationEndpoints.listNotifications), { headers: await auth('hr') })
    ).json()) as {
      results: { kind: string; params: unknown }[];
    };
    expect(told.results.map((n) => n.kind)).toEqual(
      expect.arrayContaining(['leaveRequested', 'ticketCreated', 'announcement']),
    );
    const data = dataOf(told.results.map((n) => n.params));
    // The people the leave cards list (demo names are Latin): data too.
    dataOf(await (await request.get('/api/leaves/inbox/', { headers: await auth('hr') })).json(), data);

    const problems: string[] = [];
    const hr = await signInAs(browser, baseURL, 'hr');
    await toArabic(hr.page);
    await hr.page.goto('/');
    await expect(hr.page.locator('html')).toHaveAttribute('dir', 'rtl');
    // The home cards (leave inbox and balance): their sentences are Arabic, values isolated.
    const cards = hr.page.locator('section[aria-labelledby]');
    await expect(cards.first()).toBeVisible();
    await expect(hr.page.getByTestId('leave-inbox')).toBeVisible();
    const shown = [];
    for (const card of await cards.all()) shown.push(await textsOf(card));
    for (const hit of await englishOn(hr.page)) problems.push(`home → ${hit}`);

    await hr.page
      .getByRole('banner')
      .getByRole('button', { name: /الإشعارات/ })
      .click();
    const items = hr.page.getByTestId('notification-list').getByRole('button', { name: /.+/ });
    await expect(items.first()).toBeVisible();
    expect(await items.count()).toBeGreaterThanOrEqual(3);
    const bell = [];
    for (const item of await items.all()) bell.push({ shown: await textsOf(item), text: await item.textContent() });
    for (const hit of await englishOn(hr.page)) problems.push(`bell → ${hit}`);
    await hr.page.keyboard.press('Escape');
    await hr.context.close();
    // Read after the pages, so they hold all these showed: what HR was told (the walks beside
    // this one may tell more meanwhile) and HR's own tickets (home lists them).
    for (const url of [
      apiUrl(notificationEndpoints.listNotifications),
      `${apiUrl(ticketEndpoints.listActiveTickets)}?scope=mine`,
    ]) {
      dataOf(await (await request.get(url, { headers: await auth('hr') })).json(), data);
    }
    for (const { shown, text } of bell) {
      for (const word of latinWords(shown, data)) problems.push(`bell "${text}" → ${word}`);
    }
    for (const card of shown) for (const word of latinWords(card, data)) problems.push(`home card → ${word}`);

    // The event logs (ADMIN): details as labelled Arabic fields, names instead of ids, no JSON.
    const admin = await signInAs(browser, baseURL, 'admin');
    await toArabic(admin.page);
    for (const action of ['leave.submitted', 'ticket.created', 'notification.announced']) {
      // Who acted, and the records' names, are data (usernames and demo names are Latin).
      const answer = (await (
        await request.get(`${apiUrl(eventLogEndpoints.listEventLogs)}?action=${action}`, {
          headers: await auth('admin'),
        })
      ).json()) as { results: { actor_username: string }[]; names: unknown };
      dataOf([answer.results.map((r) => r.actor_username), answer.names], data);
      await admin.page.goto(`/eventlogs?action=${action}`);
      await expect(admin.page.locator('html')).toHaveAttribute('dir', 'rtl');
      const rows = admin.page.locator('tbody tr');
      await expect(rows.first()).toBeVisible();
      for (const row of await rows.all()) {
        const text = (await row.textContent()) ?? '';
        expect(text, `${action}: details as fields, not JSON`).not.toMatch(/[{}"]/);
        await expect(row.locator('dt').first(), action).toBeVisible();
        // The action's code stays under its label, for auditors (a code, not a sentence).
        for (const word of latinWords(await textsOf(row), new Set([...data, action])))
          problems.push(`${action} "${text}" → ${word}`);
      }
      for (const hit of await englishOn(admin.page)) problems.push(`${action} → ${hit}`);
    }
    const submitted = admin.page.locator('tbody tr').first();
    await admin.page.goto('/eventlogs?action=leave.submitted');
    await expect(submitted.getByText('إجازة سنوية')).toBeVisible();
    await expect(submitted.getByText('Ibrahim Tawfik').first()).toBeVisible();
    await admin.context.close();
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('names administrators type show in Arabic, and departments by their Arabic names', async ({
    browser,
    baseURL,
    request,
  }) => {
    // A leave type HR adds with its Arabic name (unique English name: the database outlives a rerun).
    const token = await tokenOf(request, 'hr');
    const created = await request.post(apiUrl(leaveEndpoints.createLeaveType), {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: `Hajj leave ${Date.now()}`,
        name_ar: 'إجازة الحج',
        yearly_days: 5,
        carry_over_max_days: 0,
        half_days_allowed: false,
        attachment_required_after_days: null,
        counts_against_balance: true,
        requires_hr_confirmation: false,
        is_active: true,
      },
    });
    expect(created.status()).toBe(201);

    const { context, page } = await signInAs(browser, baseURL, 'admin');
    await toArabic(page);
    // A public holiday and HR's leave type, on the leave settings.
    await page.goto('/user/leaves/settings');
    await expect(page.getByRole('table', { name: 'العطل الرسمية' }).getByText('عيد العمال')).toBeVisible();
    await expect(page.getByRole('table', { name: 'أنواع الإجازات' }).getByText('إجازة الحج').first()).toBeVisible();
    // A KPI's name.
    await page.goto('/kpi?tab=definitions');
    await expect(page.getByText('درجة الجودة').first()).toBeVisible();
    // An interpreter's team (interpreter01 is on the medical team) and language pair.
    await page.goto('/wfm/interpreter01');
    await expect(page.getByText('الفريق الطبي').first()).toBeVisible();
    await expect(page.getByText(/العربية↔الإنجليزية/).first()).toBeVisible();
    // The roster groups people under their team's Arabic name.
    await page.goto('/wfm?tab=schedule');
    await expect(
      page.getByRole('table', { name: /^جدول المناوبات/ }).getByRole('columnheader', { name: /الفريق الطبي/ }),
    ).toBeVisible();
    // A department, with its code beneath, in the accounts list.
    await page.goto('/admin');
    const accounts = page.getByRole('table').first();
    await expect(accounts.getByText('الموارد البشرية').first()).toBeVisible();
    await expect(accounts.getByText('HR', { exact: true }).first()).toBeVisible();
    expect(await englishOn(page)).toEqual([]);
    await context.close();
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
        '/admin?tab=mapping',
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
