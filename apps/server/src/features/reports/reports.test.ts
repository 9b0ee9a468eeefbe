import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPath,
  REPORT_BODY_LIMITS,
  reportBodyProblem,
  reportEndpoints as R,
  type TReportRequest,
  type TReportsQuery,
  type TReportSummaryQuery,
} from '@portal/contracts';
import { callAs, queryString } from '../../../test/client.js';
import { multipartBody, startTestServer, type TestServer } from '../../../test/harness.js';
import { factories, TINY_PNG } from '../../../test/factories.js';
import { largestReportBody } from './report-samples.js';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

let seq = 0;
/** A report body the tests change field by field (unique titles keep lists apart from the demo's). */
const draft = (extra: Partial<TReportRequest> = {}): TReportRequest => ({
  title: `Quarterly review ${++seq}`,
  type: 'evaluation',
  subjects: ['it'],
  period_from: '2026-07-01',
  period_to: '2026-09-30',
  body: '<p>Solid quarter.</p>',
  ...extra,
});

/** Requests outside the typed client: input the contract would not type, and other features' routes. */
const raw = async (who: string, method: string, url: string, body?: unknown) =>
  s.api(method, url, { token: await s.token(who), body });

/** A file's bytes as served (the typed client reads every answer as text). */
const bytes = async (who: string, path: string) =>
  fetch(`${s.url}/api${path}`, { headers: { authorization: `Bearer ${await s.token(who)}` } });

async function create(who: string, body: TReportRequest) {
  const res = await callAs(s, who, R.createReport, { body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const mine = async (who: string, query: TReportsQuery = {}) =>
  (await callAs(s, who, R.listReports, { query: { scope: 'mine', ...query } })).body;

describe('writing a report', () => {
  it('goes from draft to submitted, then is final; a new report supersedes it', async () => {
    const d = await create('manager.it', draft());
    expect(d).toMatchObject({
      status: 'draft',
      submitted_at: null,
      can_edit: true,
      supersedes: null,
      superseded_by: null,
    });
    expect(d.author.username).toBe('manager.it');
    expect(d.subjects.map((u) => u.username)).toEqual(['it']);

    const edited = await callAs(s, 'manager.it', R.updateReport, {
      params: { id: d.id },
      body: draft({ title: 'Quarterly review, edited' }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.title).toBe('Quarterly review, edited');

    const submitted = await callAs(s, 'manager.it', R.updateReport, {
      params: { id: d.id },
      body: draft({ title: 'Quarterly review, edited', submit: true }),
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'submitted', can_edit: false });
    expect(Date.parse(submitted.body.submitted_at!)).toBeGreaterThan(Date.now() - 60_000);

    // Final: no more edits, no deletion, and nothing changed by trying.
    const again = await callAs(s, 'manager.it', R.updateReport, {
      params: { id: d.id },
      body: draft({ title: 'Sneaky change' }),
    });
    expect(again.status).toBe(409);
    expect(again.error.message).toBe('A submitted report can no longer be edited; write a new one that supersedes it.');
    expect((await callAs(s, 'manager.it', R.deleteReport, { params: { id: d.id } })).status).toBe(409);
    expect((await callAs(s, 'manager.it', R.getReport, { params: { id: d.id } })).body.title).toBe(
      'Quarterly review, edited',
    );

    // The successor: a draft first (the old one stands), then submitted (the old one is replaced).
    const next = await create('manager.it', draft({ title: 'Quarterly review, corrected', supersedes: d.id }));
    expect(next.supersedes).toBe(d.id);
    expect((await callAs(s, 'manager.it', R.getReport, { params: { id: d.id } })).body).toMatchObject({
      status: 'submitted',
      superseded_by: null,
    });
    // Only one report replaces another.
    const rival = await callAs(s, 'manager.it', R.createReport, { body: draft({ supersedes: d.id }) });
    expect(rival.status).toBe(400);
    expect(rival.error.extra?.fields?.supersedes).toEqual(['Another report already replaces this one.']);

    const done = await callAs(s, 'manager.it', R.updateReport, {
      params: { id: next.id },
      body: draft({ title: 'Quarterly review, corrected', submit: true }),
    });
    expect(done.status).toBe(200);
    expect((await callAs(s, 'manager.it', R.getReport, { params: { id: d.id } })).body).toMatchObject({
      status: 'superseded',
      superseded_by: next.id,
    });
    // A superseded (or draft) report cannot be superseded.
    const late = await callAs(s, 'manager.it', R.createReport, { body: draft({ supersedes: d.id }) });
    expect(late.error.extra?.fields?.supersedes).toEqual(['Only a submitted report can be replaced.']);

    // The event log has the lifecycle; the branch's director was told of each submission.
    const actions = await s.database.db
      .selectFrom('event_logs')
      .select(['action', 'target_id'])
      .where('action', 'like', 'report.%')
      .where('target_id', 'in', [String(d.id), String(next.id)])
      .orderBy('id')
      .execute();
    expect(actions.map((a) => `${a.action}:${a.target_id}`)).toEqual([
      `report.created:${d.id}`,
      `report.updated:${d.id}`,
      `report.updated:${d.id}`,
      `report.submitted:${d.id}`,
      `report.created:${next.id}`,
      `report.updated:${next.id}`,
      `report.superseded:${d.id}`,
      `report.submitted:${next.id}`,
    ]);
    const told = (await raw('director.gi', 'GET', '/api/notifications/all/')).body.results as { url: string }[];
    expect(told.map((n) => n.url)).toEqual(expect.arrayContaining([`/report/${d.id}`, `/report/${next.id}`]));
    const other = (await raw('director.ad', 'GET', '/api/notifications/all/')).body.results as { url: string }[];
    expect(other.map((n) => n.url)).not.toContain(`/report/${d.id}`);
  });

  it('deletes a draft of its author only', async () => {
    const d = await create('manager.it', draft());
    expect((await callAs(s, 'manager.hr', R.deleteReport, { params: { id: d.id } })).status).toBe(404);
    expect((await callAs(s, 'manager.it', R.deleteReport, { params: { id: d.id } })).status).toBe(204);
    expect((await callAs(s, 'manager.it', R.getReport, { params: { id: d.id } })).status).toBe(404);
  });

  it('takes multipart with files and subjects as JSON text, and serves the files to its readers', async () => {
    const colleague = await factories(s.database.db).user({ user_type: 'IT', username: 'it.colleague' });
    const res = await callAs(s, 'manager.it', R.createReport, {
      body: multipartBody(
        {
          title: 'Incident with a screenshot',
          type: 'incident',
          subjects: JSON.stringify(['it', colleague.username]),
          period_from: '2026-10-01',
          period_to: '2026-10-01',
          body: '<p>See the attached screen.</p>',
        },
        [{ name: 'screen.png', data: TINY_PNG }],
      ),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const report = res.body;
    expect(report.subjects.map((u) => u.username)).toEqual(['it', 'it.colleague']);
    expect(report.attachments).toHaveLength(1);
    const a = report.attachments[0]!;
    expect(a).toMatchObject({ filename: 'screen.png', content_type: 'image/png', size: TINY_PNG.length });
    expect(a.url).toBe(`/api/reports/${report.id}/attachments/${a.id}/`);

    const download = (who: string, id = report.id, attachmentId = a.id) =>
      callAs(s, who, R.downloadReportAttachment, { params: { id, attachmentId } });
    const own = await bytes(
      'manager.it',
      fillPath(R.downloadReportAttachment.path, { id: report.id, attachmentId: a.id }),
    );
    expect(own.status).toBe(200);
    expect(Buffer.from(await own.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    expect((await download('manager.it')).status).toBe(200);
    // A draft is its author's alone, even for the director of the branch.
    expect((await download('director.gi')).status).toBe(404);

    // Edit in multipart: a file removed, another added, then submitted.
    const edit = await callAs(s, 'manager.it', R.updateReport, {
      params: { id: report.id },
      body: multipartBody(
        {
          title: 'Incident with a log',
          type: 'incident',
          subjects: '["it"]',
          period_from: '2026-10-01',
          period_to: '2026-10-01',
          remove_attachments: JSON.stringify([a.id]),
          submit: 'true',
        },
        [{ name: 'log.txt', data: Buffer.from('10:02 VPN down\n10:40 VPN up\n') }],
      ),
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.status).toBe('submitted');
    expect(edit.body.attachments.map((x) => x.filename)).toEqual(['log.txt']);
    expect((await download('manager.it')).status).toBe(404);
    const log = edit.body.attachments[0]!;
    expect(log.url).toBe(`/api/reports/${report.id}/attachments/${log.id}/`);
    expect((await download('director.gi', report.id, log.id)).status).toBe(200);
    expect((await download('director.ad', report.id, log.id)).status).toBe(404);
    expect((await download('manager.hr', report.id, log.id)).status).toBe(404);
    // The attachment id under another report: not found.
    expect((await download('manager.it', report.id + 1000, log.id)).status).toBe(404);
  });

  it('refuses bad fields with 400s that name them, and stores nothing', async () => {
    const before = (await mine('manager.it')).count;
    const bad = async (body: TReportRequest) => {
      const res = await callAs(s, 'manager.it', R.createReport, { body });
      expect(res.status).toBe(400);
      return res.error.extra?.fields ?? {};
    };
    expect((await bad(draft({ subjects: ['it', 'hr', 'nobody.here'] }))).subjects).toEqual([
      'You may not write a report about: hr, nobody.here.',
    ]);
    // IT's manager is no interpreter's reporter.
    expect((await bad(draft({ subjects: ['interpreter01'] }))).subjects).toEqual([
      'You may not write a report about: interpreter01.',
    ]);
    expect((await bad(draft({ subjects: [] }))).subjects).toEqual(['Choose the people the report is about.']);
    expect((await bad(draft({ period_from: '2026-09-30', period_to: '2026-09-01' }))).period_to).toEqual([
      'The last day must not be before the first.',
    ]);
    expect((await bad(draft({ title: '   ' }))).title).toEqual(['Give the report a title.']);
    // A type the contract does not know: sent raw, as the typed client would not take it.
    const gossip = await raw('manager.it', 'POST', '/api/reports/', { ...draft(), type: 'gossip' });
    expect(gossip.status).toBe(400);
    expect(gossip.body.extra.fields.type).toEqual(['Choose the type of report.']);
    expect((await bad(draft({ supersedes: 999999 }))).supersedes).toEqual(['Report not found.']);
    expect((await mine('manager.it')).count).toBe(before);

    // A manager whose department works with interpreters may report on them.
    const wfm = await create('manager.wfm', draft({ subjects: ['interpreter01'] }));
    expect(wfm.subjects.map((u) => u.username)).toEqual(['interpreter01']);
  });

  it('is for managers only (403), and another manager never learns of a report (404)', async () => {
    expect((await callAs(s, 'it', R.createReport, { body: draft() })).status).toBe(403);
    expect((await callAs(s, 'director.gi', R.createReport, { body: draft() })).status).toBe(403);
    const d = await create('manager.it', draft({ submit: true }));
    for (const who of ['manager.hr', 'it', 'dev']) {
      expect((await callAs(s, who, R.getReport, { params: { id: d.id } })).status).toBe(404);
      expect((await callAs(s, who, R.getReportPdf, { params: { id: d.id }, query: {} })).status).toBe(404);
    }
    // The branch's director reads it, but may not change it; another branch's director does not see it.
    expect((await callAs(s, 'director.gi', R.getReport, { params: { id: d.id } })).body).toMatchObject({
      id: d.id,
      can_edit: false,
    });
    expect((await callAs(s, 'director.ad', R.getReport, { params: { id: d.id } })).status).toBe(404);
    expect((await callAs(s, 'admin', R.getReport, { params: { id: d.id } })).status).toBe(200);
  });

  it('lists mine, and every submitted report in the scope of ADMIN and directors', async () => {
    const title = `Scope check ${Date.now()}`;
    const it1 = await create('manager.it', draft({ title, submit: true }));
    const it2 = await create('manager.it', draft({ title }));
    const hr1 = await create('manager.hr', draft({ title, subjects: ['hr'], submit: true }));
    const q = { search: title };
    const ids = (page: { results: { id: number }[] }) => page.results.map((r) => r.id).sort((a, b) => a - b);

    expect(ids(await mine('manager.it', q))).toEqual([it1.id, it2.id]);
    expect(ids(await mine('manager.it', { ...q, status: 'draft' }))).toEqual([it2.id]);
    const all = (who: string) => callAs(s, who, R.listReports, { query: { scope: 'all', ...q } });
    expect(ids((await all('admin')).body)).toEqual([it1.id, hr1.id]);
    expect(ids((await all('director.gi')).body)).toEqual([it1.id]);
    expect(ids((await all('director.ad')).body)).toEqual([hr1.id]);
    expect((await all('manager.it')).status).toBe(403);
    const aboutHr = await callAs(s, 'admin', R.listReports, { query: { scope: 'all', ...q, subject: 'hr' } });
    expect(ids(aboutHr.body)).toEqual([hr1.id]);
    // The demo's own reports are there too, superseded one included.
    const demo = (await callAs(s, 'admin', R.listReports, { query: { scope: 'all', status: 'superseded' } })).body;
    expect(demo.results.map((r) => r.title)).toContain('Help desk monthly summary');
  });
});

describe('the body', () => {
  it('keeps the editor tags and never a script, handler, style or javascript: URL', async () => {
    const body = [
      '<h2 onclick="steal()">Summary</h2>',
      '<p style="color:red">Fine <strong>work</strong> <em>overall</em>.<script>alert(1)</script></p>',
      '<img src=x onerror="alert(2)">',
      '<a href="javascript:alert(3)">click</a> <a href="https://example.com/x" onmouseover="alert(4)" target="_self">docs</a>',
      '<iframe src="https://evil.example"></iframe><svg><script>alert(5)</script></svg>',
      '<ul><li>one</li></ul><table><tbody><tr><td>A</td></tr></tbody></table>',
    ].join('');
    const r = await create('manager.it', draft({ body }));
    expect(r.body).not.toMatch(/script|onerror|onclick|onmouseover|javascript:|style=|<img|<iframe|<svg|alert/i);
    expect(r.body).toContain('<h2>Summary</h2>');
    expect(r.body).toContain('<p>Fine <strong>work</strong> <em>overall</em>.</p>');
    expect(r.body).toContain('<a href="https://example.com/x" rel="noopener noreferrer" target="_blank">docs</a>');
    expect(r.body).toContain('<ul><li>one</li></ul><table><tbody><tr><td>A</td></tr></tbody></table>');
    // What is stored is what was answered.
    expect((await callAs(s, 'manager.it', R.getReport, { params: { id: r.id } })).body.body).toBe(r.body);
  });
});

describe('the PDF', () => {
  async function pdfText(who: string, id: number, lang: 'en' | 'ar'): Promise<string> {
    const res = await bytes(who, `${fillPath(R.getReportPdf.path, { id })}${queryString({ lang })}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const data = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(data.subarray(0, 5)).toString()).toBe('%PDF-');
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data, useSystemFonts: false, isEvalSupported: false }).promise;
    const lines: string[] = [];
    for (let p = 1; p <= doc.numPages; p++) {
      const content = await (await doc.getPage(p)).getTextContent();
      lines.push(content.items.map((i) => ('str' in i ? i.str + (i.hasEOL ? '\n' : '') : '')).join(''));
    }
    return lines.join('\n');
  }

  // No lam-alef or fa-ya pairs: those print as one ligature glyph, which pdf.js reads back
  // reversed. The paragraph ends with a full stop, which pdf.js puts at the line's visual
  // (left) end: the words and figures are compared, in logical order.
  const ARABIC = 'أغلق الفريق 42 تذكرة يوم 2026-11-05 بنجاح';

  it('has the title, the Arabic body in logical order and the figures, in English and Arabic layouts', async () => {
    const r = await create(
      'manager.it',
      draft({
        title: 'November desk review',
        type: 'monthly_summary',
        period_from: '2026-11-01',
        period_to: '2026-11-30',
        body: `<h2>Figures</h2><p>The desk answered 317 tickets.</p><p>${ARABIC}.</p><ul><li>VPN uptime 99.5%</li></ul>`,
        submit: true,
      }),
    );
    const en = await pdfText('manager.it', r.id, 'en');
    expect(en).toContain('November desk review');
    expect(en).toContain(ARABIC);
    expect(en).toContain('The desk answered 317 tickets.');
    expect(en).toContain('VPN uptime 99.5%');
    expect(en).toContain('Nov 1, 2026 – Nov 30, 2026');
    expect(en).toContain('Monthly summary');
    expect(en).toContain('Mazen Issa');
    expect(en).toContain('Page 1 of 1');

    const ar = await pdfText('director.gi', r.id, 'ar');
    expect(ar).toContain('November desk review');
    expect(ar).toContain(ARABIC);
    expect(ar).toContain('The desk answered 317 tickets.');
    // The month as the Arabic page says it (pdf.js reads its last two letters back swapped).
    expect(ar).toMatch(/نوفم(بر|رب)/);
    expect(ar).not.toContain('2026-11-01');
    // Arabic labels (ones without ligatures, which pdf.js reads back reversed).
    expect(ar).toContain('تقرير مدير');
    expect(ar).toContain('ملخص شهري');
    expect(ar).toContain('صفحة 1 من 1');
    expect(ar).not.toContain('Page 1 of 1');
    expect(ar).not.toContain('Monthly summary');

    // A language the contract does not offer: sent raw, as the typed client would not take it.
    expect((await raw('manager.it', 'GET', `/api/reports/${r.id}/pdf/?lang=fr`)).status).toBe(400);
  });
});

describe('PDFs of heavy or hostile reports', () => {
  const getPdf = (who: string, id: number) => callAs(s, who, R.getReportPdf, { params: { id }, query: {} });

  it('refuses bodies past the structural limits on the body field, naming the limit', async () => {
    const deep = '<blockquote>'.repeat(500) + 'deep' + '</blockquote>'.repeat(500);
    const long = '<p>Short.</p>'.repeat(2000);
    for (const [body, limit] of [
      [deep, `at most ${REPORT_BODY_LIMITS.depth} levels`],
      [long, `at most ${REPORT_BODY_LIMITS.blocks} paragraphs`],
    ] as const) {
      const res = await callAs(s, 'manager.it', R.createReport, { body: draft({ body }) });
      expect(res.status).toBe(400);
      expect(res.error.extra?.fields?.body?.[0]).toContain(limit);
    }
    // The largest body allowed is accepted.
    await create('manager.it', draft({ body: largestReportBody() }));
  });

  it('answers 422 with a message for a stored body the layout cannot take, and the next PDFs still work', async () => {
    // Stored before the limits existed: 500 nested quotes broke the layout engine (a 500),
    // and every later PDF answered 500 until the server restarted.
    const make = factories(s.database.db);
    const [author, subject] = [await make.existingUser('manager.it'), await make.existingUser('it')];
    const deep = '<blockquote>'.repeat(500) + '<p>deep</p>' + '</blockquote>'.repeat(500);
    // Titled like this file's other test reports, which the demo-limits check below leaves out.
    const hostile = await make.report({
      author,
      subjects: [subject],
      title: 'Quarterly review (nested too deeply)',
      body: deep,
      submitted: false,
    });
    const refused = await getPdf('manager.it', hostile.id);
    expect(refused.status).toBe(422);
    expect(refused.error.message).toContain(`at most ${REPORT_BODY_LIMITS.depth} levels`);

    const fine = await create('manager.it', draft({ body: '<p>Solid quarter.</p>' }));
    expect((await getPdf('manager.it', fine.id)).status).toBe(200);
    expect((await getPdf('manager.it', hostile.id)).status).toBe(422);
    expect((await getPdf('manager.it', fine.id)).status).toBe(200);
  });

  it('keeps answering other requests while a long report is laid out', async () => {
    const big = await create('manager.it', draft({ body: '<p>The desk answered calls in good time.</p>'.repeat(250) }));
    const token = await s.token('director.gi');
    let done = false;
    const rendering = getPdf('manager.it', big.id).finally(() => (done = true));
    // auth/me keeps being answered while the PDF is made. When the layout ran on the event
    // loop, only its few asynchronous gaps (font loading) let requests through: 27 in this
    // test on a loaded machine, against 1,144 with the layout in its thread.
    let answeredMeanwhile = 0;
    while (!done) {
      const me = await fetch(`${s.url}/api/auth/me/`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
      if (!done) answeredMeanwhile++;
    }
    expect((await rendering).status).toBe(200);
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(100);
  });

  it('the demo reports fit the limits', async () => {
    const rows = await s.database.db.selectFrom('reports').select(['title', 'body']).execute();
    const demo = rows.filter((r) => !r.title.startsWith('Quarterly review'));
    expect(demo.length).toBeGreaterThan(0);
    for (const { body } of demo) expect(reportBodyProblem(body)).toBeNull();
  });
});

describe('admin summaries', () => {
  const FROM = '2021-03-01';
  const TO = '2021-03-31';
  const at = (iso: string, minutes = 0) => new Date(Date.parse(iso) + minutes * 60_000);

  beforeAll(async () => {
    const db = s.database.db;
    const make = factories(db);
    const staff = await make.user({ user_type: 'IT' });
    const interpreter = await make.user({ user_type: 'INTERPRETER' });
    const ticket = (created: string, firstReplyMinutes: number | null, closed: string | null) =>
      make.ticket({
        owner: staff,
        department: 'IT',
        subject: 'Crafted',
        description: 'Crafted for the summaries.',
        status: closed ? 'closed' : 'open',
        times: {
          created_at: at(created),
          updated_at: at(created),
          first_response_at: firstReplyMinutes === null ? null : at(created, firstReplyMinutes),
          closed_at: closed ? at(closed) : null,
        },
      });
    // Opened in March: 3 (first replies after 10, 30 and 20 minutes: median 20); closed in March: 2.
    await ticket('2021-03-02T10:00:00Z', 10, '2021-03-03T09:00:00Z');
    await ticket('2021-03-05T10:00:00Z', 30, null);
    await ticket('2021-03-10T10:00:00Z', 20, '2021-04-02T09:00:00Z');
    await ticket('2021-02-20T10:00:00Z', 5, '2021-03-04T09:00:00Z');
    // Leave: 3 days inside March, and 4 days of which half fall in March; pending leave does not count.
    await make.leave({ user: staff, start_date: '2021-03-08', end_date: '2021-03-10', days: 3, status: 'approved' });
    await make.leave({ user: staff, start_date: '2021-03-30', end_date: '2021-04-02', days: 4, status: 'approved' });
    await make.leave({ user: staff, start_date: '2021-03-15', end_date: '2021-03-15', days: 1, status: 'pending' });
    // KPIs: 90 of a target of 100 (0.9) and 30 seconds against 60, lower is better (2, capped at 1.2): mean 105%.
    const kpi = (name: string, direction: 'higher' | 'lower', target: number) =>
      make.kpiDefinition({
        name,
        unit: 'percent',
        direction,
        target,
        weight: 1,
        period: 'monthly',
        applies_to: ['IT'],
      });
    const k1 = await kpi('Summary test resolution rate', 'higher', 100);
    const k2 = await kpi('Summary test wait seconds', 'lower', 60);
    await make.kpiRecord({ user: staff, kpi: k1, period_start: '2021-03-01', value: 90 });
    await make.kpiRecord({ user: staff, kpi: k2, period_start: '2021-03-01', value: 30 });
    // Online: 4.5 hours on 3 March, and 2 of the 4 hours of a night that began in February.
    await make.presenceSession({
      user: interpreter,
      started_at: at('2021-03-03T08:00:00Z'),
      ended_at: at('2021-03-03T12:30:00Z'),
    });
    await make.presenceSession({
      user: interpreter,
      started_at: at('2021-02-28T22:00:00Z'),
      ended_at: at('2021-03-01T02:00:00Z'),
    });
    // Adherence: the 3 March session covers 4.5 of an 8-hour shift (the night session had none); the
    // test server plans in UTC.
    await make.shift({ user: interpreter, date: '2021-03-03', start: '08:00', end: '16:00' });
  });

  const summary = (who: string, query: Partial<TReportSummaryQuery> = {}) =>
    callAs(s, who, R.getReportSummary, { query: { from: FROM, to: TO, ...query } });

  it('counts tickets, first replies, leave, KPIs and online hours per department', async () => {
    const res = await summary('admin');
    expect(res.status).toBe(200);
    const row = (d: string) => res.body.rows.find((r) => r.department === d);
    expect(row('IT')).toEqual({
      department: 'IT',
      tickets_opened: 3,
      tickets_closed: 2,
      first_response_median_minutes: 20,
      leave_days_taken: 5,
      kpi_average: 105,
      online_hours: null,
      adherence: null,
    });
    expect(row('INTERPRETER')).toMatchObject({
      online_hours: 6.5,
      adherence: 0.563,
      tickets_opened: 0,
      kpi_average: null,
    });
    expect(row('HR')).toMatchObject({ tickets_opened: 0, first_response_median_minutes: null, leave_days_taken: 0 });
    expect(row('GUEST')).toBeUndefined();

    const csv = await callAs(s, 'admin', R.exportReportSummaryCsv, {
      query: { from: FROM, to: TO, department: 'IT' },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.body).toBe(
      'department,tickets_opened,tickets_closed,first_response_median_minutes,leave_days_taken,kpi_average,online_hours,adherence\r\n' +
        'IT,3,2,20,5,105,,\r\n',
    );
  });

  it('is for ADMIN and directors, each within their departments', async () => {
    const gi = await summary('director.gi');
    expect(gi.status).toBe(200);
    const departments = gi.body.rows.map((r) => r.department);
    expect(departments).toContain('IT');
    expect(departments).not.toContain('HR');
    expect((await summary('director.gi', { department: 'IT' })).body.rows).toHaveLength(1);
    expect((await summary('director.gi', { department: 'HR' })).status).toBe(404);
    expect((await summary('director.ad', { department: 'HR' })).status).toBe(200);
    for (const who of ['manager.it', 'it', 'hr']) expect((await summary(who)).status).toBe(403);
    expect((await callAs(s, 'admin', R.getReportSummary, { query: { from: TO, to: FROM } })).status).toBe(400);
  });
});
