import { describe, expect, it } from 'vitest';
import { ocrMarkWords, ocrQueryTerms, ocrSearchQuery, ocrSearchText, stemEnglish } from './ocr-search-text.js';

describe('stemEnglish (Porter2)', () => {
  it.each([
    ['interpreters', 'interpret'],
    ['interpreter', 'interpret'],
    ['interpreting', 'interpret'],
    ['interpretation', 'interpret'],
    ['caresses', 'caress'],
    ['ponies', 'poni'],
    ['ties', 'tie'],
    ['hopping', 'hop'],
    ['hoped', 'hope'],
    ['adding', 'add'],
    ['generously', 'generous'],
    ['communication', 'communic'],
    ['happily', 'happili'],
    ['skies', 'sky'],
    ['news', 'news'],
    ['yesterday', 'yesterday'],
    ['medical', 'medic'],
    ['certified', 'certifi'],
    ["interpreter's", 'interpret'],
    ['is', 'is'],
  ])('%s → %s', (word, stem) => {
    expect(stemEnglish(word)).toBe(stem);
  });
});

describe('ocrSearchText', () => {
  it('stems English and folds case', () => {
    expect(ocrSearchText('Two INTERPRETERS, booked.')).toBe('two interpret book');
  });

  it('takes the article off Arabic words that keep two letters, also after و ب ك ف ل', () => {
    expect(ocrSearchText('المترجمة الطبي والتقرير بالملف كالعادة فالأمر للمترجم')).toBe(
      'مترجمه طبي تقرير ملف عاده امر مترجم',
    );
    // Too short to be an article and a word.
    expect(ocrSearchText('الى')).toBe('الي');
  });

  it('reads alef forms as ا, ta marbuta as ه, alef maqsura as ي, and drops diacritics and tatweel', () => {
    expect(ocrSearchText('أحمد إدارة آخر ٱسم')).toBe('احمد اداره اخر اسم');
    expect(ocrSearchText('المُتَرْجِمَةُ تقريـــر مستشفى')).toBe('مترجمه تقرير مستشفي');
  });

  it('unfolds presentation forms and Arabic-Indic digits', () => {
    expect(ocrSearchText('\ufedf\ufe8e ١٢٣٤ ۵')).toBe('لا 1234 5');
  });
});

describe('queries', () => {
  it('keep their web-search syntax with each word normalised', () => {
    expect(ocrSearchQuery('"Medical Interpreters" or الطبي -مترجمة')).toBe('"medic interpret" or طبي -مترجمه');
  });

  it('mark the words they look for, as written, and not those they exclude', () => {
    const text = 'The interpreters met المُتَرْجِمَة at the clinic.';
    const terms = ocrQueryTerms('interpreter مترجمة -clinic');
    const hits = ocrMarkWords(text, terms)
      .filter((w) => w.hit)
      .map((w) => text.slice(w.start, w.end));
    expect(hits).toEqual(['interpreters', 'المُتَرْجِمَة']);
  });
});
