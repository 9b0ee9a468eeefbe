import { createRequire } from 'node:module';
import { createElement as h, type ReactElement, type ReactNode } from 'react';
import { Document, Font, Link, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { TReport } from '@portal/contracts';
import { htmlToBlocks, type Block, type Run } from './report-html.js';

export { ReportBodyTooComplex } from './report-html.js';
import { PDF_LABELS, type PdfLang } from './report-labels.js';
import { formatDay, formatInstant, formatSize } from './report-pdf-format.js';

/**
 * The printable report, made on the server with @react-pdf/renderer (it shapes Arabic
 * and keeps digits in mixed lines in place; see docs on dependencies). One font for both
 * scripts, shipped in an npm package so nothing is fetched at run time: IBM Plex Sans
 * Arabic carries Latin too, and its glyphs map back to their own letters, so the text
 * copied or extracted from the PDF reads as written (the Noto Arabic builds share dot-less
 * letter shapes, which extract as the wrong letters).
 */
const FAMILY = 'Report Sans';
let generation = 0;
/**
 * Registers the fonts under a new family name (new font objects, read from the files when
 * first used) and forgets the previous ones; answers the name.
 */
function registerFonts(): string {
  const families = Font.getRegisteredFonts();
  for (const name of Object.keys(families)) if (name.startsWith(FAMILY)) delete families[name];
  const family = `${FAMILY} ${++generation}`;
  const require = createRequire(import.meta.url);
  const file = (weight: string, name: string) =>
    require.resolve(`@expo-google-fonts/ibm-plex-sans-arabic/${weight}/IBMPlexSansArabic_${name}.ttf`);
  // The family has no italics, and registering the upright files again as italic makes two
  // embedded subsets of one font name, which PDF readers mix up when text is copied: slanted
  // runs print upright (runElement).
  Font.register({
    family,
    fonts: [{ src: file('400Regular', '400Regular') }, { src: file('700Bold', '700Bold'), fontWeight: 700 }],
  });
  // Words are never split with hyphens (Arabic has none; English reads better whole).
  Font.registerHyphenationCallback((word) => [word]);
  return family;
}

const ARABIC = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
const LATIN = /[A-Za-z\u00c0-\u024f]/;
/** The direction of a text by its first strong letter (as HTML's dir="auto"). */
function isRtl(text: string, fallback: boolean): boolean {
  for (const ch of text) {
    if (ARABIC.test(ch)) return true;
    if (LATIN.test(ch)) return false;
  }
  return fallback;
}

const styles = StyleSheet.create({
  page: {
    fontSize: 10.5,
    paddingTop: 40,
    paddingBottom: 56,
    paddingHorizontal: 48,
  },
  header: { borderBottomWidth: 2, borderBottomColor: '#1f4e79', paddingBottom: 6, marginBottom: 14 },
  company: { fontSize: 14, fontWeight: 700, color: '#1f4e79' },
  documentName: { fontSize: 9, color: '#555555' },
  title: { fontSize: 18, fontWeight: 700, marginBottom: 10 },
  meta: { marginBottom: 14, borderWidth: 1, borderColor: '#d0d7de', padding: 8 },
  metaRow: { marginBottom: 2 },
  metaLabel: { width: 110, fontWeight: 700, color: '#333333' },
  metaValue: { flex: 1 },
  h2: { fontSize: 14, fontWeight: 700, marginTop: 10, marginBottom: 4 },
  h3: { fontSize: 12, fontWeight: 700, marginTop: 8, marginBottom: 3 },
  paragraph: { marginBottom: 6, lineHeight: 1.5 },
  pre: { fontSize: 9, backgroundColor: '#f3f4f6', padding: 6, marginBottom: 6 },
  quote: { borderColor: '#9ca3af', paddingHorizontal: 10, marginBottom: 6, color: '#374151' },
  rule: { borderBottomWidth: 1, borderBottomColor: '#d0d7de', marginVertical: 8 },
  listItem: { marginBottom: 2, lineHeight: 1.5 },
  bullet: { width: 18 },
  attachments: { marginTop: 12, borderTopWidth: 1, borderTopColor: '#d0d7de', paddingTop: 4 },
  size: { width: 90, color: '#555555' },
  table: { borderWidth: 1, borderColor: '#d0d7de', marginBottom: 8 },
  cell: { flex: 1, padding: 4, borderWidth: 0.5, borderColor: '#d0d7de' },
  // No lineHeight here or on the page (it would be inherited): react-pdf then leaves the
  // page-number text, laid out once the pages are known, empty.
  footer: {
    position: 'absolute',
    bottom: 24,
    left: 48,
    right: 48,
    fontSize: 8.5,
    color: '#555555',
    textAlign: 'center',
  },
});

type Style = Parameters<typeof StyleSheet.create>[0][string];

interface Layout {
  /** The page's direction (lang=ar). */
  rtl: boolean;
}

function runElement(run: Run, key: number): ReactElement {
  const style = {
    ...(run.bold ? { fontWeight: 700 as const } : {}),
    ...(run.underline || run.href ? { textDecoration: 'underline' as const } : {}),
    ...(run.strike ? { textDecoration: 'line-through' as const } : {}),
    ...(run.code ? { backgroundColor: '#f3f4f6' } : {}),
    ...(run.href ? { color: '#1f4e79' } : {}),
  };
  return run.href ? h(Link, { key, src: run.href, style }, run.text) : h(Text, { key, style }, run.text);
}

/** A paragraph-like block: aligned by its own language, whatever the page's. */
function textBlock(runs: Run[], style: Style, layout: Layout, key: number): ReactElement {
  const rtl = isRtl(runs.map((r) => r.text).join(''), layout.rtl);
  return h(Text, { key, style: [style, { textAlign: rtl ? 'right' : 'left' }] }, ...runs.map(runElement));
}

/** A list item's (or any blocks') text, in order: what its direction is taken from. */
function blocksText(blocks: readonly Block[]): string {
  return blocks
    .map((b) => {
      switch (b.kind) {
        case 'list':
          return b.items.map(blocksText).join(' ');
        case 'quote':
          return blocksText(b.blocks);
        case 'rule':
          return '';
        case 'table':
          return b.rows.map((r) => r.cells.map((c) => c.map((x) => x.text).join('')).join(' ')).join(' ');
        default:
          return b.runs.map((r) => r.text).join('');
      }
    })
    .join(' ');
}

function blockElements(blocks: Block[], layout: Layout): ReactNode[] {
  const row = { flexDirection: layout.rtl ? ('row-reverse' as const) : ('row' as const) };
  return blocks.map((b, i): ReactNode => {
    switch (b.kind) {
      case 'paragraph':
        return textBlock(b.runs, styles.paragraph, layout, i);
      case 'h2':
      case 'h3':
        return textBlock(b.runs, styles[b.kind], layout, i);
      case 'pre':
        return h(Text, { key: i, style: styles.pre }, b.runs.map((r) => r.text).join(''));
      case 'rule':
        return h(View, { key: i, style: styles.rule });
      case 'quote':
        return h(
          View,
          { key: i, style: [styles.quote, layout.rtl ? { borderRightWidth: 3 } : { borderLeftWidth: 3 }] },
          ...blockElements(b.blocks, layout),
        );
      case 'list':
        // Each item reads in its own direction, whatever the page's: its bullet on its own
        // start side and its text from there (an English item in an Arabic report starts at
        // the left, bullet first).
        return h(
          View,
          { key: i, style: { marginBottom: 6 } },
          ...b.items.map((item, n) => {
            const rtl = isRtl(blocksText(item), layout.rtl);
            return h(
              View,
              { key: n, style: [styles.listItem, { flexDirection: rtl ? 'row-reverse' : 'row' }], wrap: false },
              h(Text, { style: [styles.bullet, { textAlign: rtl ? 'right' : 'left' }] }, b.ordered ? `${n + 1}.` : '•'),
              h(View, { style: { flex: 1 } }, ...blockElements(item, { ...layout, rtl })),
            );
          }),
        );
      case 'table':
        return h(
          View,
          { key: i, style: styles.table },
          ...b.rows.map((r, n) =>
            h(
              View,
              { key: n, style: row, wrap: false },
              ...r.cells.map((cell, c) =>
                h(
                  View,
                  { key: c, style: [styles.cell, r.header ? { backgroundColor: '#f3f4f6' } : {}] },
                  textBlock(r.header ? cell.map((x) => ({ ...x, bold: true })) : cell, { fontSize: 9.5 }, layout, 0),
                ),
              ),
            ),
          ),
        );
    }
  });
}

/**
 * The report's attachments by name and size (the files themselves stay in the portal), each
 * name in its own direction beside its size.
 */
function attachmentsSection(report: TReport, lang: PdfLang, layout: Layout): ReactElement {
  const L = PDF_LABELS[lang];
  const align = { textAlign: layout.rtl ? ('right' as const) : ('left' as const) };
  return h(
    View,
    { style: styles.attachments },
    // The heading never ends a page alone.
    h(Text, { style: [styles.h2, align], minPresenceAhead: 40 }, L.attachments),
    ...(report.attachments.length === 0
      ? [h(Text, { key: 'none', style: [styles.paragraph, align] }, L.noAttachments)]
      : report.attachments.map((a) => {
          const rtl = isRtl(a.filename, layout.rtl);
          return h(
            View,
            { key: a.id, style: [styles.listItem, { flexDirection: rtl ? 'row-reverse' : 'row' }] },
            h(Text, { style: [styles.bullet, { textAlign: rtl ? 'right' : 'left' }] }, '•'),
            h(Text, { style: { flex: 1, textAlign: rtl ? 'right' : 'left' } }, a.filename),
            h(Text, { style: [styles.size, { textAlign: rtl ? 'left' : 'right' }] }, formatSize(a.size, lang)),
          );
        })),
  );
}

const personName = (p: { first_name: string; last_name: string; username: string }) =>
  `${p.first_name} ${p.last_name}`.trim() || p.username;

/**
 * The report as a PDF (A4, page numbers, right-to-left for Arabic), laid out in this
 * thread: only a thread of the report PDF pool (report-pdf.worker.mjs) calls it, so the
 * layout engine (WebAssembly) never blocks the server and goes with the thread after any
 * failure. The font files are read afresh for each document: fontkit keeps every glyph it
 * made with the letters it first stood for, so a font reused across documents maps some
 * Arabic glyphs (one shape serving several letter sequences) back to the wrong letters in
 * the next one's text layer (copying, searching, screen readers).
 */
export function layOutReportPdf(report: TReport, lang: PdfLang, timeZone: string): Promise<Buffer> {
  return render(report, lang, timeZone, registerFonts());
}

async function render(report: TReport, lang: PdfLang, timeZone: string, family: string): Promise<Buffer> {
  const L = PDF_LABELS[lang];
  const layout: Layout = { rtl: lang === 'ar' };
  const align = { textAlign: layout.rtl ? ('right' as const) : ('left' as const) };
  const row = { flexDirection: layout.rtl ? ('row-reverse' as const) : ('row' as const) };
  const meta: [string, string][] = [
    [L.type, L.types[report.type]],
    [L.author, personName(report.author)],
    [L.subjects, report.subjects.map(personName).join(lang === 'ar' ? '، ' : ', ')],
    // Dates as the report's page says them in this language, not ISO.
    [L.period, `${formatDay(report.period_from, lang)} – ${formatDay(report.period_to, lang)}`],
    [L.status, L.statuses[report.status]],
    [L.submitted, report.submitted_at ? formatInstant(report.submitted_at, lang, timeZone) : L.notSubmitted],
  ];
  if (report.supersedes !== null) meta.push([L.supersedes, `#${report.supersedes}`]);
  if (report.superseded_by !== null) meta.push([L.supersededBy, `#${report.superseded_by}`]);

  const doc = h(
    Document,
    { title: report.title, author: personName(report.author), creator: L.company, language: lang },
    h(
      Page,
      { size: 'A4', style: [styles.page, { fontFamily: family }] },
      h(
        View,
        { style: styles.header, fixed: true },
        h(Text, { style: [styles.company, align] }, L.company),
        h(Text, { style: [styles.documentName, align] }, L.document),
      ),
      h(
        Text,
        { style: [styles.title, { textAlign: isRtl(report.title, layout.rtl) ? 'right' : 'left' }] },
        report.title,
      ),
      h(
        View,
        { style: styles.meta },
        ...meta.map(([label, value], i) =>
          h(
            View,
            { key: i, style: [styles.metaRow, row] },
            h(Text, { style: [styles.metaLabel, align] }, label),
            h(Text, { style: [styles.metaValue, align] }, value),
          ),
        ),
      ),
      ...blockElements(htmlToBlocks(report.body), layout),
      attachmentsSection(report, lang, layout),
      h(Text, {
        style: styles.footer,
        fixed: true,
        render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
          L.page(pageNumber, totalPages),
      }),
    ),
  );
  return renderToBuffer(doc);
}
