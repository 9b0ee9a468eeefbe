import sanitizeHtml from 'sanitize-html';
import { parseDocument } from 'htmlparser2';
import { isTag, isText, type ChildNode, type Element } from 'domhandler';
import {
  messageText,
  msg,
  REPORT_ALLOWED_TAGS,
  REPORT_BODY_LIMITS,
  reportBodyProblem,
  type TMessage,
} from '@portal/contracts';

const LINK = /^\s*(https?:\/\/|mailto:)/i;

/**
 * A report's body as the editor sends it, kept to what its toolbar makes: the contract's
 * tags, links to http(s)/mailto only (opened apart from the portal), nothing else — no
 * scripts, event handlers, styles or javascript: URLs ever reach a reader's page.
 */
export function sanitizeReportHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...REPORT_ALLOWED_TAGS],
    // rel and target are set by transformTags below (the sender's own are dropped there).
    allowedAttributes: { a: ['href', 'rel', 'target'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // Content of these goes with them (the rest keep their text, unwrapped).
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'title'],
    transformTags: {
      // Only a link the scheme filter will keep gets rel and target (others lose every attribute).
      a: (tagName, attribs) => ({
        tagName,
        attribs: LINK.test(attribs.href ?? '')
          ? { href: attribs.href!, rel: 'noopener noreferrer', target: '_blank' }
          : ({} as Record<string, string>),
      }),
    },
  }).trim();
}

// ---------------------------------------------------------------- the body as blocks (the PDF's input)

/** A run of text with its inline marks. */
export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  code?: boolean;
  href?: string;
}

export type Block =
  | { kind: 'paragraph' | 'h2' | 'h3' | 'pre'; runs: Run[] }
  | { kind: 'list'; ordered: boolean; items: Block[][] }
  | { kind: 'quote'; blocks: Block[] }
  | { kind: 'rule' }
  | { kind: 'table'; rows: { header: boolean; cells: Run[][] }[] };

type Marks = Omit<Run, 'text'>;

/** A body past the structural limits (REPORT_BODY_LIMITS): its message says which. */
export class ReportBodyTooComplex extends Error {
  constructor(readonly said: TMessage) {
    super(messageText(said));
  }
}

/** The walk goes one level further in; past the contract's depth it stops (never a stack overflow). */
function deeper(depth: number): number {
  if (depth > REPORT_BODY_LIMITS.depth) {
    throw new ReportBodyTooComplex(msg('reportBodyTooDeep', { count: REPORT_BODY_LIMITS.depth }));
  }
  return depth + 1;
}

const MARK_OF: Record<string, keyof Marks> = {
  strong: 'bold',
  b: 'bold',
  em: 'italic',
  i: 'italic',
  u: 'underline',
  s: 'strike',
  code: 'code',
};

function runsOf(nodes: readonly ChildNode[], depth: number, marks: Marks = {}, pre = false): Run[] {
  const out: Run[] = [];
  const inner = deeper(depth);
  for (const n of nodes) {
    if (isText(n)) {
      const text = pre ? n.data : n.data.replace(/\s+/g, ' ');
      if (text) out.push({ text, ...marks });
    } else if (isTag(n)) {
      if (n.name === 'br') out.push({ text: '\n', ...marks });
      else if (MARK_OF[n.name]) out.push(...runsOf(n.children, inner, { ...marks, [MARK_OF[n.name]!]: true }, pre));
      else if (n.name === 'a') out.push(...runsOf(n.children, inner, { ...marks, href: n.attribs.href }, pre));
      else out.push(...runsOf(n.children, inner, marks, pre));
    }
  }
  return out;
}

/** Trims the runs' outer spaces; null when nothing is left to print. */
function tidy(runs: Run[]): Run[] | null {
  const kept = runs.filter((r) => r.text.length > 0);
  if (kept.length === 0 || kept.every((r) => !r.text.trim())) return null;
  kept[0] = { ...kept[0]!, text: kept[0]!.text.replace(/^ +/, '') };
  const last = kept.length - 1;
  kept[last] = { ...kept[last]!, text: kept[last]!.text.replace(/ +$/, '') };
  return kept;
}

function blocksOf(nodes: readonly ChildNode[], depth: number): Block[] {
  const out: Block[] = [];
  const inner = deeper(depth);
  let loose: ChildNode[] = [];
  // Text and inline tags outside a block become a paragraph of their own.
  const flush = () => {
    const runs = tidy(runsOf(loose, depth));
    if (runs) out.push({ kind: 'paragraph', runs });
    loose = [];
  };
  for (const n of nodes) {
    if (!isTag(n)) {
      loose.push(n);
      continue;
    }
    switch (n.name) {
      case 'p':
      case 'h2':
      case 'h3': {
        flush();
        const runs = tidy(runsOf(n.children, inner));
        if (runs) out.push({ kind: n.name === 'p' ? 'paragraph' : n.name, runs });
        break;
      }
      case 'pre': {
        flush();
        const runs = runsOf(n.children, inner, {}, true);
        if (runs.length) out.push({ kind: 'pre', runs });
        break;
      }
      case 'ul':
      case 'ol': {
        flush();
        const items = n.children
          .filter((c): c is Element => isTag(c) && c.name === 'li')
          .map((li) => blocksOf(li.children, deeper(inner)));
        out.push({ kind: 'list', ordered: n.name === 'ol', items });
        break;
      }
      case 'blockquote':
        flush();
        out.push({ kind: 'quote', blocks: blocksOf(n.children, inner) });
        break;
      case 'hr':
        flush();
        out.push({ kind: 'rule' });
        break;
      case 'table': {
        flush();
        const rows: { header: boolean; cells: Run[][] }[] = [];
        const walk = (list: readonly ChildNode[], level: number) => {
          for (const c of list) {
            if (!isTag(c)) continue;
            if (c.name === 'tr') {
              const cells = c.children.filter((d): d is Element => isTag(d) && (d.name === 'td' || d.name === 'th'));
              rows.push({
                header: cells.some((d) => d.name === 'th'),
                cells: cells.map((d) => tidy(runsOf(d.children, deeper(deeper(level)))) ?? []),
              });
            } else walk(c.children, deeper(level));
          }
        };
        walk(n.children, inner);
        if (rows.length) out.push({ kind: 'table', rows });
        break;
      }
      default:
        loose.push(n);
    }
  }
  flush();
  return out;
}

/**
 * The sanitised body as printable blocks. A body stored before the structural limits
 * existed may pass them: ReportBodyTooComplex, before any layout work.
 */
export function htmlToBlocks(html: string): Block[] {
  const problem = reportBodyProblem(html);
  if (problem) throw new ReportBodyTooComplex(problem);
  return blocksOf(parseDocument(html).children, 0);
}
