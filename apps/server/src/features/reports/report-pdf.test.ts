import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, reportEndpoints as R, type TReport } from '@portal/contracts';
import { callAs, queryString } from '../../../test/client.js';
import { multipartBody, startTestServer, type TestServer } from '../../../test/harness.js';
import { factories, TINY_PNG } from '../../../test/factories.js';

let s: TestServer;
let report: TReport;

/** A line of text pdf.js found, with where it starts on the page (points from the left). */
interface Item {
  text: string;
  x: number;
  width: number;
}

async function fetchPdf(who: string, id: number, lang: 'en' | 'ar') {
  const res = await fetch(`${s.url}/api${fillPath(R.getReportPdf.path, { id })}${queryString({ lang })}`, {
    headers: { authorization: `Bearer ${await s.token(who)}` },
  });
  expect(res.status).toBe(200);
  const data = new Uint8Array(await res.arrayBuffer());
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data, useSystemFonts: false, isEvalSupported: false }).promise;
  const items: Item[] = [];
  let text = '';
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    for (const i of content.items) {
      if (!('str' in i)) continue;
      text += i.str + (i.hasEOL ? '\n' : '');
      if (i.str.trim()) items.push({ text: i.str, x: i.transform[4] as number, width: i.width });
    }
    text += '\n';
  }
  return { text, items, disposition: res.headers.get('content-disposition') ?? '' };
}

/** The name a browser saves the file under: RFC 5987's `filename*` (UTF-8), decoded. */
const savedName = (disposition: string) => decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '');
const plainName = (disposition: string) => /filename="([^"]*)"/.exec(disposition)?.[1];

beforeAll(async () => {
  s = await startTestServer();
  await factories(s.database.db).user({
    user_type: 'IT',
    username: 'hala.rashed',
    first_name: 'Hala',
    last_name: 'Rashed',
  });
  const res = await callAs(s, 'manager.it', R.createReport, {
    body: multipartBody(
      {
        title: 'November desk review',
        type: 'evaluation',
        subjects: JSON.stringify(['hala.rashed']),
        period_from: '2026-11-01',
        period_to: '2026-11-30',
        body: '<p>Steady month.</p><ul><li>Closed every ticket on time</li><li>أغلقت كل التذاكر في موعدها</li></ul>',
        submit: 'true',
      },
      [{ name: 'desk-figures.png', data: TINY_PNG }],
    ),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  report = res.body;
});
afterAll(async () => {
  await s?.stop();
});

describe('the report PDF', () => {
  it('says its dates as the English page does, lists the attachments and is named for what it is', async () => {
    const { text, disposition } = await fetchPdf('manager.it', report.id, 'en');
    expect(text).toContain('Nov 1, 2026 – Nov 30, 2026');
    expect(text).not.toContain('2026-11-01');
    expect(text).toContain('Attachments');
    expect(text).toContain('desk-figures.png');
    expect(text).toContain(`${TINY_PNG.length} byte`);
    expect(savedName(disposition)).toBe('Evaluation report — Nov 2026 — Hala Rashed.pdf');
    expect(plainName(disposition)).toBe('Evaluation report - Nov 2026 - Hala Rashed.pdf');
    expect(disposition).toMatch(/^attachment; /);
  });

  it('in Arabic: Arabic dates and labels, an Arabic file name, and each list item from its own side', async () => {
    const { text, items, disposition } = await fetchPdf('director.gi', report.id, 'ar');
    const day = (iso: string) =>
      new Intl.DateTimeFormat('ar', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${iso}T00:00:00Z`),
      );
    expect(day('2026-11-01')).toMatch(/^1 نوفمبر 2026$/);
    // pdf.js reads the month's final two letters back swapped (one joined glyph), as with lam-alef.
    expect(text).toMatch(/نوفم(بر|رب)/);
    expect(text).not.toContain('2026-11-01');
    expect(text).toContain('المرفقات');
    expect(text).toContain('desk-figures.png');
    expect(savedName(disposition)).toBe('تقرير تقييم — نوفمبر 2026 — Hala Rashed.pdf');
    // Nothing of the name is left in ASCII but the subject: the plain name falls back to the number.
    expect(plainName(disposition)).toBe(`report-${report.id}.pdf`);

    // The English item starts at the left margin with its bullet before it; the Arabic one
    // ends at the right margin with its bullet after it (on its right).
    const english = items.find((i) => i.text.includes('Closed every ticket'))!;
    const arabic = items.find((i) => i.text.includes('التذاكر'))!;
    const bullets = items.filter((i) => i.text.trim() === '•');
    expect(bullets).toHaveLength(3); // two items and the one attachment
    const [enBullet, arBullet] = bullets;
    expect(enBullet!.x).toBeLessThan(english.x);
    expect(english.x).toBeLessThan(100);
    expect(arBullet!.x).toBeGreaterThan(arabic.x + arabic.width - 1);
    expect(arBullet!.x).toBeGreaterThan(450);
  });
});
