import { describe, expect, it } from 'vitest';
import { ocrMarkWords, ocrQueryTerms, ocrSearchQuery, ocrSearchText, stemEnglish } from './ocr-search-text.js';

describe('stemEnglish (Porter, Orama)', () => {
  it.each([
    ['interpreters', 'interpret'],
    ['interpreter', 'interpret'],
    ['interpreting', 'interpret'],
    ['interpretation', 'interpret'],
    ['caresses', 'caress'],
    ['ponies', 'poni'],
    // Porter, unlike Porter2, has no list of exceptions and no y-after-vowel rule.
    ['ties', 'ti'],
    ['hopping', 'hop'],
    ['hoped', 'hope'],
    ['adding', 'ad'],
    ['generously', 'gener'],
    ['communication', 'commun'],
    ['happily', 'happili'],
    ['skies', 'ski'],
    ['news', 'new'],
    ['yesterday', 'yesterdai'],
    ['medical', 'medic'],
    ['certified', 'certifi'],
    ["interpreter's", 'interpret'],
    ['is', 'is'],
    // -sion and -tion keep their s and t, so they meet the word they come from.
    ['collection', 'collect'],
    ['collections', 'collect'],
    ['collected', 'collect'],
    ['discussion', 'discuss'],
    ['completion', 'complet'],
    ['complete', 'complet'],
    // ...and stay whole where Porter keeps -ion.
    ['session', 'session'],
    ['sessions', 'session'],
    ['question', 'question'],
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

  it('find a word from the one it comes from, and the other way round', () => {
    const text = 'Corrections collected after the inspection.';
    const hits = (q: string) =>
      ocrMarkWords(text, ocrQueryTerms(q))
        .filter((w) => w.hit)
        .map((w) => text.slice(w.start, w.end));
    expect(hits('correct collection inspected')).toEqual(['Corrections', 'collected', 'inspection']);
  });
});
