import { describe, expect, it } from 'vitest';
import { REPORT_BODY_LIMITS, reportBodyProblem, reportBodyShape } from './report-body.js';
import { ZReportRequest } from './reports.js';

const base = {
  title: 'October summary',
  type: 'monthly_summary',
  subjects: ['it'],
  period_from: '2026-10-01',
  period_to: '2026-10-31',
};
const bodyIssues = (body: string) =>
  ZReportRequest.safeParse({ ...base, body }).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
const nest = (tag: string, n: number) => `<${tag}>`.repeat(n) + 'deep' + `</${tag}>`.repeat(n);
const rows = (n: number, cells: number) => '<table>' + `<tr>${'<td>1</td>'.repeat(cells)}</tr>`.repeat(n) + '</table>';

describe('report body limits', () => {
  it('count depth, blocks, cells and text as written', () => {
    expect(reportBodyShape('<p>a <strong>b</strong></p><ul><li><p>c<br>d</p></li></ul><hr/>')).toEqual({
      depth: 3,
      blocks: 5,
      cells: 0,
      text: 5,
    });
    expect(reportBodyShape(rows(2, 3))).toMatchObject({ depth: 3, blocks: 2, cells: 6 });
    // A '<' that opens no tag is text; an unclosed tag counts as open to the end.
    expect(reportBodyShape('a < b <p>c')).toEqual({ depth: 1, blocks: 1, cells: 0, text: 7 });
    expect(reportBodyShape('x<p')).toMatchObject({ text: 3, blocks: 0 });
  });

  it('accept a long monthly report with its tables', () => {
    const report =
      '<h2>Summary</h2>' +
      '<p>The desk answered 317 tickets this month, 12 more than last month.</p>'.repeat(150) +
      '<h3>Figures</h3>' +
      rows(40, 6) +
      '<ul><li><p>VPN uptime <strong>99.5%</strong></p><ul><li><p>two outages</p></li></ul></li></ul>'.repeat(20);
    expect(bodyIssues(report)).toEqual([]);
  });

  it.each([
    ['500 nested quotes', nest('blockquote', 500), `at most ${REPORT_BODY_LIMITS.depth} levels`],
    ['nested formatting', nest('strong', REPORT_BODY_LIMITS.depth + 1), `at most ${REPORT_BODY_LIMITS.depth} levels`],
    ['2,000 short paragraphs', '<p>Short.</p>'.repeat(2000), `at most ${REPORT_BODY_LIMITS.blocks} paragraphs`],
    ['line breaks', `<p>${'line<br>'.repeat(REPORT_BODY_LIMITS.blocks)}</p>`, 'line breaks and table rows'],
    ['a large table', rows(70, 5), `at most ${REPORT_BODY_LIMITS.cells} cells`],
    [
      'long text',
      `<p>${'word '.repeat(REPORT_BODY_LIMITS.text / 5 + 1)}</p>`,
      `at most ${REPORT_BODY_LIMITS.text} characters`,
    ],
  ])('refuse %s on the body field, naming the limit', (_, body, limit) => {
    const issues = bodyIssues(body);
    expect(issues).toHaveLength(1);
    expect(issues[0]![0]).toBe('body');
    expect(issues[0]![1]).toContain(limit);
  });

  it('allow exactly the limits', () => {
    expect(reportBodyProblem(nest('blockquote', REPORT_BODY_LIMITS.depth))).toBeNull();
    expect(reportBodyProblem('<p>a</p>'.repeat(REPORT_BODY_LIMITS.blocks))).toBeNull();
    expect(reportBodyProblem(`<p>${'x'.repeat(REPORT_BODY_LIMITS.text)}</p>`)).toBeNull();
  });

  it('scan hostile text in linear time', () => {
    // Every '<' without a '>' after it: a scan that looked for '>' from each one would be quadratic.
    expect(reportBodyShape('<a'.repeat(100_000)).text).toBe(200_000);
    expect(reportBodyShape('<a>'.repeat(10)).depth).toBe(10);
  });
});
