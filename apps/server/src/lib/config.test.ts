import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('reads comma-separated settings trimmed, without empty items, each with its own default', () => {
    const c = loadConfig({
      WS_ALLOWED_ORIGINS: ' https://a.example , ,https://b.example',
      IT_CALL_PROCESSES: 'zoiper, teams,',
    });
    expect(c.WS_ALLOWED_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(c.IT_CALL_PROCESSES).toEqual(['zoiper', 'teams']);
    const d = loadConfig({});
    expect(d.WS_ALLOWED_ORIGINS).toEqual([]);
    expect(d.SHARE_STUN_URLS).toEqual([]);
    expect(d.IT_CALL_PROCESSES).toContain('microsip');
  });

  it('names every invalid setting in one error', () => {
    const message = (() => {
      try {
        loadConfig({ IT_RETENTION_DAYS: '0', TIME_ZONE: 'Mars/Base' });
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toMatch(/IT_RETENTION_DAYS: /);
    expect(message).toMatch(/TIME_ZONE: expected an IANA time zone/);
  });

  it('refuses an OCR worker time limit that is not shorter than the page timeout', () => {
    expect(() => loadConfig({ OCR_WORKER_TIMEOUT: '300', OCR_PAGE_TIMEOUT: '300' })).toThrow(
      /OCR_WORKER_TIMEOUT: must be shorter than OCR_PAGE_TIMEOUT/,
    );
    expect(loadConfig({ OCR_WORKER_TIMEOUT: '20', OCR_PAGE_TIMEOUT: '30' }).OCR_WORKER_TIMEOUT).toBe(20);
  });
});
