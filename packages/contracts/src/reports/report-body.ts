import { msg, type TMessage } from '../common/messages.js';

/**
 * What a report's body may hold, by structure: laying it out as a PDF costs more than its
 * length says (2,000 short paragraphs took 32 s, a table of 199 KB 344 s, and 500
 * nested quotes broke the layout engine). Chosen by measurement (BENCHMARKS.md):
 * the largest body allowed renders in a few seconds, and long monthly reports with tables fit.
 */
export const REPORT_BODY_LIMITS = {
  /** Elements inside each other (lists in lists, quotes, formatting). */
  depth: 16,
  /** Paragraphs, headings, list items, quotes, rules, line breaks and table rows. */
  blocks: 300,
  /** Table cells, all tables together. */
  cells: 300,
  /** Characters of text outside the tags (as written, entities not decoded). */
  text: 40_000,
} as const;

export interface ReportBodyShape {
  depth: number;
  blocks: number;
  cells: number;
  text: number;
}

/** Elements that never hold others. */
const VOID = new Set([
  'br',
  'hr',
  'img',
  'input',
  'meta',
  'link',
  'wbr',
  'col',
  'area',
  'base',
  'embed',
  'source',
  'track',
  'param',
]);
const BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'li', 'blockquote', 'hr', 'br', 'tr', 'div']);
const CELLS = new Set(['td', 'th']);
const TAG = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)/;

/**
 * The body's structure counted from its tags, in one pass without building a tree (the
 * body is untrusted and up to REPORT_BODY_MAX characters): nesting depth, blocks, cells,
 * text.
 * It counts every tag as written, before the sanitiser drops any, so it never counts less
 * than the server later lays out. Counting stops once a limit is passed.
 */
export function reportBodyShape(html: string, limits: ReportBodyShape = REPORT_BODY_LIMITS): ReportBodyShape {
  const open: string[] = [];
  const shape: ReportBodyShape = { depth: 0, blocks: 0, cells: 0, text: 0 };
  let inTags = 0;
  // The first '>' after the current '<', found once for every '<' before it (linear).
  let end = -1;
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) {
    if (end <= at) end = html.indexOf('>', at + 1);
    if (end === -1) break;
    const m = TAG.exec(html.slice(at, Math.min(end + 1, at + 40)));
    if (!m) continue;
    inTags += end + 1 - at;
    const name = m[2]!.toLowerCase();
    if (m[1]) {
      const i = open.lastIndexOf(name);
      if (i !== -1) open.length = i;
    } else {
      if (BLOCKS.has(name)) shape.blocks++;
      if (CELLS.has(name)) shape.cells++;
      if (!VOID.has(name) && html[end - 1] !== '/') {
        open.push(name);
        shape.depth = Math.max(shape.depth, open.length);
      }
      if (shape.depth > limits.depth || shape.blocks > limits.blocks || shape.cells > limits.cells) break;
    }
    at = end;
  }
  shape.text = html.length - inTags;
  return shape;
}

/** The message for the first limit `html` passes (the body field's 400), or null when it fits. */
export function reportBodyProblem(html: string): TMessage | null {
  const shape = reportBodyShape(html);
  const L = REPORT_BODY_LIMITS;
  if (shape.depth > L.depth) return msg('reportBodyTooDeep', { count: L.depth });
  if (shape.blocks > L.blocks) return msg('reportBodyTooManyBlocks', { count: L.blocks });
  if (shape.cells > L.cells) return msg('reportBodyTooManyCells', { count: L.cells });
  if (shape.text > L.text) return msg('reportBodyTooMuchText', { count: L.text });
  return null;
}
