import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fake-api';
import { navItemsFor, selectNavBadges } from './nav-links';

const paths = (user: Parameters<typeof navItemsFor>[0]) => navItemsFor(user).map((item) => item.to);

/** Spec §2's menu, in its order, then the ways into share and the event logs for those who may. */
describe('the header menu', () => {
  it("keeps spec §2's order, whatever the feature list's other entries", () => {
    expect(paths(makeUser('HR'))).toEqual(['/', '/dashboard', '/it', '/wfm', '/ocr']);
  });

  it('shows the Legacy Dashboard to ADMIN only (it refuses everyone else)', () => {
    expect(paths(makeUser('ADMIN'))).toEqual([
      '/',
      '/dashboard',
      '/admin',
      '/it',
      '/wfm',
      '/ocr',
      '/share',
      '/kpi',
      '/eventlogs',
    ]);
    expect(paths(makeUser('IT', { is_director: true }))).not.toContain('/admin');
  });

  it('reaches KPI and Reports from the menu, for those who may use them', () => {
    expect(paths(makeUser('QUALITY'))).toContain('/kpi');
    expect(paths(makeUser('HR', { is_manager: true }))).toEqual([
      '/',
      '/dashboard',
      '/it',
      '/wfm',
      '/ocr',
      '/kpi',
      '/user/reports',
    ]);
    expect(paths(makeUser('FINANCE'))).not.toContain('/kpi');
  });

  it('adds the share people list for share roles, the calls audit for other auditors, and event logs for directors', () => {
    expect(paths(makeUser('QUALITY'))).toEqual(['/', '/dashboard', '/it', '/wfm', '/ocr', '/share', '/kpi']);
    expect(paths(makeUser('HR', { is_director: true }))).toEqual([
      '/',
      '/dashboard',
      '/it',
      '/wfm',
      '/ocr',
      '/share/calls',
      '/kpi',
      '/eventlogs',
    ]);
  });

  it('opens the Legacy Dashboard in a new tab, matches Home exactly, and counts new desk tickets beside Dashboard', () => {
    const state = { activeTicket: { unseen: [1, 2, 3] } };
    const badges = selectNavBadges(state);
    const items = navItemsFor(makeUser('ADMIN'), badges);
    expect(items.find((i) => i.to === '/admin')?.newTab).toBe(true);
    expect(items.find((i) => i.to === '/')?.end).toBe(true);
    expect(items.filter((i) => i.badge !== undefined).map((i) => [i.to, i.badge])).toEqual([['/dashboard', 3]]);
  });
});
