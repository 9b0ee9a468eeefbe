import { describe, expect, it } from 'vitest';
import { REPORT_BODY_LIMITS } from '@portal/contracts';
import { htmlToBlocks, ReportBodyTooComplex, sanitizeReportHtml } from './report-html.js';

describe('sanitizeReportHtml', () => {
  it.each([
    ['<p>a<script>alert(1)</script></p>', '<p>a</p>'],
    ['<p onclick="x()" style="color:red" class="c">a</p>', '<p>a</p>'],
    ['<img src=x onerror=alert(1)>b', 'b'],
    ['<a href="JaVaScRiPt:alert(1)">a</a>', '<a>a</a>'],
    ['<a href="&#106;avascript:alert(1)">a</a>', '<a>a</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">a</a>', '<a>a</a>'],
    ['<a href="//evil.example/">a</a>', '<a>a</a>'],
    [
      '<a href="mailto:qa@portal.example" target="_self" rel="opener">a</a>',
      '<a href="mailto:qa@portal.example" rel="noopener noreferrer" target="_blank">a</a>',
    ],
    [
      '<svg><a href="https://x.example">a</a></svg>',
      '<a href="https://x.example" rel="noopener noreferrer" target="_blank">a</a>',
    ],
    ['<style>p{}</style><iframe src="https://x.example"></iframe><h1>Big</h1>', 'Big'],
    [
      '<h2>T</h2><blockquote><p>q</p></blockquote><pre><code>x &lt; 1</code></pre>',
      '<h2>T</h2><blockquote><p>q</p></blockquote><pre><code>x &lt; 1</code></pre>',
    ],
  ])('%s → %s', (input, output) => {
    expect(sanitizeReportHtml(input)).toBe(output);
  });
});

describe('htmlToBlocks', () => {
  it('turns the editor tags into printable blocks with inline marks', () => {
    const blocks = htmlToBlocks(
      '<h2>Figures</h2><p>Closed <strong>42</strong> <em>tickets</em><br>on time.</p>loose text' +
        '<ol><li><p>one</p></li><li>two</li></ol><blockquote><p>quoted</p></blockquote><hr>' +
        '<table><thead><tr><th>Week</th><th>Closed</th></tr></thead><tbody><tr><td>1</td><td>29</td></tr></tbody></table>',
    );
    expect(blocks).toEqual([
      { kind: 'h2', runs: [{ text: 'Figures' }] },
      {
        kind: 'paragraph',
        runs: [
          { text: 'Closed ' },
          { text: '42', bold: true },
          { text: ' ' },
          { text: 'tickets', italic: true },
          { text: '\n' },
          { text: 'on time.' },
        ],
      },
      { kind: 'paragraph', runs: [{ text: 'loose text' }] },
      {
        kind: 'list',
        ordered: true,
        items: [[{ kind: 'paragraph', runs: [{ text: 'one' }] }], [{ kind: 'paragraph', runs: [{ text: 'two' }] }]],
      },
      { kind: 'quote', blocks: [{ kind: 'paragraph', runs: [{ text: 'quoted' }] }] },
      { kind: 'rule' },
      {
        kind: 'table',
        rows: [
          { header: true, cells: [[{ text: 'Week' }], [{ text: 'Closed' }]] },
          { header: false, cells: [[{ text: '1' }], [{ text: '29' }]] },
        ],
      },
    ]);
  });
});

describe('htmlToBlocks on hostile bodies', () => {
  it('stops at the depth limit instead of recursing without end', () => {
    const nest = (n: number) => '<blockquote>'.repeat(n) + '<p>deep</p>' + '</blockquote>'.repeat(n);
    expect(() => htmlToBlocks(nest(REPORT_BODY_LIMITS.depth - 1))).not.toThrow();
    expect(() => htmlToBlocks(nest(REPORT_BODY_LIMITS.depth))).toThrow(ReportBodyTooComplex);
    expect(() => htmlToBlocks(nest(5000))).toThrow(ReportBodyTooComplex);
    // Lists left open nest as deep as the parser builds them.
    expect(() => htmlToBlocks(`${'<ul><li>'.repeat(REPORT_BODY_LIMITS.depth)}x`)).toThrow(/nested too deeply/);
  });
});
