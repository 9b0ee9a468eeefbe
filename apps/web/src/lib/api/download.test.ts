import { describe, expect, it } from 'vitest';
import { serverFileName } from './download';

describe('the name a download is saved under', () => {
  it('is the exact UTF-8 name when the server gives one, else the plain one', () => {
    const arabic = 'تقرير تقييم — نوفمبر 2026 — هالة راشد.pdf';
    expect(serverFileName(`attachment; filename="report-6.pdf"; filename*=UTF-8''${encodeURIComponent(arabic)}`)).toBe(
      arabic,
    );
    expect(serverFileName('attachment; filename="report-summary.csv"')).toBe('report-summary.csv');
    expect(serverFileName(`attachment; filename="report-6.pdf"; filename*=UTF-8''%E0%A4%A`)).toBe('report-6.pdf');
    expect(serverFileName('')).toBeNull();
  });
});
