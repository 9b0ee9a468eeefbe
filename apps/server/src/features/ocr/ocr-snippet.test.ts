import { describe, expect, it } from 'vitest';
import { ocrSnippet } from './ocr-snippet.js';

const words = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `w${from + i}`).join(' ');

describe('ocrSnippet', () => {
  it('cuts the original text around the hits, marking the words as written', () => {
    const text = `${words(20)} Interpreters\n\nbooked ${words(60, 21)} المُتَرْجِمَة ${words(40, 81)}`;
    const parts = ocrSnippet(text, 'interpreter مترجمة');
    expect(parts.filter((p) => p.hit).map((p) => p.text)).toEqual(['Interpreters', 'المُتَرْجِمَة']);
    const shown = parts.map((p) => p.text).join('');
    // Two fragments of 30 words, eight before each hit, newlines as spaces.
    expect(shown).toBe(
      `… ${words(8, 13)} Interpreters booked ${words(20, 21)} … ${words(8, 73)} المُتَرْجِمَة ${words(21, 81)} …`,
    );
  });

  it('shows the beginning of the page when no word is marked', () => {
    expect(ocrSnippet('Only this.', '-missing')).toEqual([{ text: 'Only this.', hit: false }]);
    expect(ocrSnippet('', 'x')).toEqual([]);
  });
});
