import { describe, expect, it } from 'vitest';
import { languageName, languagePairName, localName, teamName } from './local-name';

describe('localName', () => {
  it('picks the Arabic name on Arabic pages and falls back to the English one', () => {
    expect(localName({ name: 'Labour Day', name_ar: 'عيد العمال' }, 'ar')).toBe('عيد العمال');
    expect(localName({ name: 'Labour Day', name_ar: null }, 'ar')).toBe('Labour Day');
    expect(localName({ name: 'Labour Day', name_ar: '  ' }, 'ar')).toBe('Labour Day');
    expect(localName({ name: 'Labour Day', name_ar: 'عيد العمال' }, 'en')).toBe('Labour Day');
    expect(teamName({ team: 'Medical', team_ar: 'الفريق الطبي' }, 'ar')).toBe('الفريق الطبي');
    expect(teamName({ team: '', team_ar: null }, 'ar')).toBe('');
  });
});

describe('languagePairName', () => {
  it('names each side in the page language, from English names or ISO codes', () => {
    expect(languagePairName('Arabic↔English', 'ar')).toBe('العربية↔الإنجليزية');
    expect(languagePairName('ar↔fr', 'en')).toBe('Arabic↔French');
    expect(languagePairName('Arabic↔English', 'en')).toBe('Arabic↔English');
    expect(languageName('Turkish', 'ar')).toBe('التركية');
  });

  it('leaves a name it does not know as typed', () => {
    expect(languagePairName('Arabic↔Klingon', 'ar')).toBe('العربية↔Klingon');
  });
});
