import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every message the server or a contract schema can send a user (field errors, refusals)
 * has its Arabic words: `ar.json`'s `server` namespace, keyed by the English text, or one
 * of the templated validation messages the web translates with their number
 * (`VALIDATION_MESSAGES`). Found in the sources by the calls that carry them, so a new
 * message without a translation fails here instead of reaching an Arabic page in English.
 */
const root = path.resolve(__dirname, '../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

// A message argument: a plain single-quoted or double-quoted literal (templates with
// `${…}` are the numbered validation messages, checked through VALIDATION_MESSAGES).
const LITERAL = String.raw`(['"])((?:(?!\1)[^\\\n]|\\.)+)\1`;
const CALLS = [
  // zod: textOr('…'), .min(n, '…'), .regex(re, '…'), .int('…'), .refine(fn, '…'), { error | message: '…' }
  String.raw`\btextOr\(\s*${LITERAL}`,
  String.raw`\.(?:min|max|length|regex|int|positive|nonnegative|refine|email|url)\([^()]*?,\s*${LITERAL}`,
  String.raw`\.(?:int|positive|nonnegative|email)\(\s*${LITERAL}`,
  String.raw`\b(?:error|message):\s*${LITERAL}`,
  // server: fieldError('field', '…'), badRequest('…'), notFound('…'), forbidden('…'), …
  String.raw`\bfieldError\(\s*[^,]+,\s*${LITERAL}`,
  String.raw`\b(?:badRequest|notFound|forbidden|conflict|nonFieldError|unauthorized|tooManyRequests)\(\s*${LITERAL}`,
  String.raw`\bnew ApiError\(\s*\d+,\s*${LITERAL}`,
  // a message kept in a constant (`const ALREADY_DECIDED = '…'`), or chosen by a condition
  String.raw`\bconst [A-Z][A-Z0-9_]* = ${LITERAL}`,
  String.raw`\?\s*${LITERAL}\s*:`,
  String.raw`\?\s*${LITERAL}\s*:\s*${LITERAL.replace('\\1', '\\3')}`,
];

function messagesIn(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const call of CALLS) {
    for (const m of text.matchAll(new RegExp(call, 'g'))) {
      const literal = m[m.length - 1]!.replace(/\\(['"\\])/g, '$1');
      // Sentences users read: capitalised and ending like one (log lines and codes are not).
      if (/^[A-Z`"#]/.test(literal) && /[.?!]$/.test(literal)) found.push(literal);
    }
  }
  return found;
}

describe('server and contract messages in Arabic', () => {
  it('every user-facing message has an Arabic translation', async () => {
    const ar = JSON.parse(fs.readFileSync(path.join(root, 'apps/web/src/lib/i18n/locales/ar.json'), 'utf8')) as {
      server: Record<string, string>;
    };
    const { VALIDATION_MESSAGES } = await import('../../packages/contracts/src/common/errors.js');
    const templated = Object.values(VALIDATION_MESSAGES).map(
      (t) =>
        new RegExp(
          `^${t
            .split('{{n}}')
            .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('.+?')}$`,
        ),
    );
    const files = [
      ...sources(path.join(root, 'packages/contracts/src')),
      ...sources(path.join(root, 'apps/server/src')),
    ];
    const missing = new Map<string, string>();
    for (const file of files) {
      for (const message of messagesIn(file)) {
        if (ar.server[message] || templated.some((p) => p.test(message))) continue;
        missing.set(message, path.relative(root, file));
      }
    }
    expect(files.length).toBeGreaterThan(50);
    expect(
      [...missing].map(([m, f]) => `${f}: ${m}`),
      'add these to ar.json "server" (English text as the key)',
    ).toEqual([]);
  });

  it('every message template has its Arabic, with all six forms where it counts', async () => {
    const ar = JSON.parse(fs.readFileSync(path.join(root, 'apps/web/src/lib/i18n/locales/ar.json'), 'utf8')) as {
      translation: { serverTemplates?: Record<string, string> };
    };
    const { MESSAGE_TEMPLATES } = await import('../../packages/contracts/src/common/messages.js');
    const arabic = ar.translation.serverTemplates ?? {};
    const needed = new Set<string>();
    for (const name of Object.keys(MESSAGE_TEMPLATES)) {
      const stem = /^(.*)_(?:one|other)$/.exec(name)?.[1];
      if (!stem) needed.add(name);
      else for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) needed.add(`${stem}_${form}`);
    }
    expect(
      [...needed].filter((key) => !arabic[key]?.trim()),
      'add these to ar.json "translation.serverTemplates"',
    ).toEqual([]);
  });

  it('no refusal is built from a template literal (use fillMessage, so the web can translate it)', () => {
    const offenders: string[] = [];
    for (const file of sources(path.join(root, 'apps/server/src'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(REFUSALS)) {
        const args = argumentsAt(text, m.index + m[0].length);
        if (builtFromTemplate(args)) {
          offenders.push(`${path.relative(root, file)}:${text.slice(0, m.index).split('\n').length}: ${m[0]}${args})`);
        }
      }
    }
    expect(offenders, 'build these messages with fillMessage (MESSAGE_TEMPLATES in contracts)').toEqual([]);
  });

  it('the template-literal check sees through line breaks and nested calls', () => {
    const sample = "throw fieldError(\n  'x',\n  `Only ${daysText(n)} left.`,\n);";
    const m = [...sample.matchAll(REFUSALS)][0]!;
    expect(argumentsAt(sample, m.index + m[0].length)).toBe("\n  'x',\n  `Only ${daysText(n)} left.`,\n");
    expect(builtFromTemplate(argumentsAt(sample, m.index + m[0].length))).toBe(true);
    // A value given to fillMessage may be built any way: the template around it is known.
    expect(builtFromTemplate("'x', fillMessage('leaveOverlapOwn', { from, to: `${y}-12-31` })")).toBe(false);
    expect(builtFromTemplate("'x', `${name}: ` + fillMessage('leaveOverlapOwn', dates)")).toBe(true);
  });
});

// The calls that answer a request with a message (lib/errors.ts and the uploads' fieldFailure).
const REFUSALS =
  /\b(?:fieldError|badRequest|notFound|forbidden|conflict|nonFieldError|unauthorized|tooManyRequests|fieldFailure|new ApiError)\(/g;

/** Whether a call's arguments hold a template literal with a value, outside fillMessage(…). */
function builtFromTemplate(args: string): boolean {
  let rest = args;
  for (let at = rest.indexOf('fillMessage('); at >= 0; at = rest.indexOf('fillMessage(')) {
    const start = at + 'fillMessage('.length;
    rest = rest.slice(0, at) + rest.slice(start + argumentsAt(rest, start).length + 1);
  }
  return /`[^`]*\$\{/.test(rest);
}

/** The text of a call's arguments from just after its `(` to its matching `)`. */
function argumentsAt(text: string, start: number): string {
  let depth = 1;
  let i = start;
  for (; i < text.length && depth > 0; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') depth--;
  }
  return text.slice(start, i - 1);
}
