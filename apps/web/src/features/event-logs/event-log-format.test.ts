import { EVENT_ACTIONS } from '@portal/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18next } from '../../lib/i18n/i18n';
import { actionLabel, actionOptions, recordText } from './event-log-format';

describe('event-log labels', () => {
  afterAll(async () => {
    await changeLanguage('en');
  });

  it('name each action in English, and an unknown code (older or newer server) as it is', () => {
    const t = i18next.t;
    expect(actionLabel(t, 'auth.login')).toBe('Signed in');
    expect(actionLabel(t, 'auth.login_failed')).toBe('Sign-in failed');
    expect(actionLabel(t, 'report.submitted')).toBe('Report submitted');
    expect(actionLabel(t, 'auth.hologram_scanned')).toBe('auth.hologram_scanned');
    expect(actionLabel(t, 'auth')).toBe('auth');
    expect(actionLabel(t, '')).toBe('');
    expect(recordText(t, { target_type: 'user', target_id: '4' })).toBe('User #4');
    expect(recordText(t, { target_type: 'leave_settings', target_id: '' })).toBe('Leave settings');
    expect(recordText(t, { target_type: 'widget', target_id: '7' })).toBe('widget #7');
    expect(recordText(t, { target_type: '', target_id: '' })).toBe('');
  });

  it('have a label for every code the server records, in both languages, none shared', async () => {
    for (const language of ['en', 'ar'] as const) {
      await changeLanguage(language);
      const labels = EVENT_ACTIONS.map((code) => actionLabel(i18next.t, code));
      EVENT_ACTIONS.forEach((code, i) => expect(labels[i], code).not.toBe(code));
      expect(new Set(labels).size).toBe(EVENT_ACTIONS.length);
      if (language === 'ar') for (const label of labels) expect(label).toMatch(/^[\u0600-\u06FF ]+$/);
    }
  });

  it('are Arabic in Arabic, unknown codes and types still as they are', async () => {
    await changeLanguage('ar');
    const t = i18next.t;
    expect(actionLabel(t, 'auth.login')).toBe('تسجيل الدخول');
    expect(actionLabel(t, 'report.submitted')).toBe('تقديم تقرير');
    expect(actionLabel(t, 'auth.hologram_scanned')).toBe('auth.hologram_scanned');
    expect(recordText(t, { target_type: 'user', target_id: '4' })).toBe('مستخدم #4');
    expect(recordText(t, { target_type: 'widget', target_id: '7' })).toBe('widget #7');
    // The filter's choices follow the Arabic labels' order.
    const labels = actionOptions(t, 'ar').map((o) => o.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('ar', { sensitivity: 'base' }).compare));
    expect(actionOptions(t, 'ar')).toHaveLength(EVENT_ACTIONS.length);
  });
});
