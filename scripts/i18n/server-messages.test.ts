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
      (t) => new RegExp(`^${t.split('{{n}}').map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+?')}$`),
    );
    const files = [...sources(path.join(root, 'packages/contracts/src')), ...sources(path.join(root, 'apps/server/src'))];
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
});
