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

  it('reads an empty MFA_REQUIRED_TYPES as nobody, where other empty settings take their defaults', () => {
    expect(loadConfig({ MFA_REQUIRED_TYPES: '' }).MFA_REQUIRED_TYPES).toEqual([]);
    expect(loadConfig({}).MFA_REQUIRED_TYPES).toEqual(['ADMIN', 'IT']);
    expect(loadConfig({ LOG_LEVEL: '' }).LOG_LEVEL).toBe('info');
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

  it('reads the backup schedule as pg-boss will (five cron fields or a name), refusing the rest at start', () => {
    const d = loadConfig({});
    expect([d.BACKUP_DIR, d.BACKUP_SCHEDULE, d.BACKUP_KEEP]).toEqual([undefined, '0 2 * * *', 14]);
    const c = loadConfig({ BACKUP_DIR: '/var/backups/portal', BACKUP_SCHEDULE: ' 30  1 * * 1-5 ', BACKUP_KEEP: '3' });
    expect([c.BACKUP_DIR, c.BACKUP_SCHEDULE, c.BACKUP_KEEP]).toEqual(['/var/backups/portal', '30 1 * * 1-5', 3]);
    expect(loadConfig({ BACKUP_SCHEDULE: '@daily' }).BACKUP_SCHEDULE).toBe('@daily');
    const refused = {
      '61 * * * *': /expected range 0-59/,
      '0 2 * *': /4 fields/,
      '*/10 * * * * *': /6 fields/,
      '0 0 30 2 *': /day of month/,
      daily: /1 field/,
    };
    for (const [schedule, why] of Object.entries(refused)) {
      expect(() => loadConfig({ BACKUP_SCHEDULE: schedule }), schedule).toThrow(
        /BACKUP_SCHEDULE: expected cron syntax/,
      );
      expect(() => loadConfig({ BACKUP_SCHEDULE: schedule }), schedule).toThrow(why);
    }
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP: /);
  });
});
