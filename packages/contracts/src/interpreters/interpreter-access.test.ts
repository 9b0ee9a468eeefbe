import { describe, expect, it } from 'vitest';
import { canSeeInterpreters, canUseWfm, canWatchPresence } from './interpreter-access.js';
import type { TUserType } from '../users/user-types.js';

const user = (user_type: TUserType, is_director = false) => ({ user_type, is_director });

describe('who watches live presence (/ws/interpreters/)', () => {
  it("is the board's audience and WFM's, a director of another branch included", () => {
    for (const u of [user('WFM'), user('RTM'), user('QUALITY'), user('G.SDM'), user('ADMIN'), user('G.AD', true)]) {
      expect(canWatchPresence(u), u.user_type).toBe(true);
    }
    // The director is there through WFM only: not on the board list.
    expect(canSeeInterpreters(user('G.AD', true))).toBe(false);
    expect(canUseWfm(user('G.AD', true))).toBe(true);
  });

  it('is nobody else: HR, FINANCE, interpreters, guests, no one signed in', () => {
    for (const u of [user('HR'), user('FINANCE'), user('INTERPRETER'), user('GUEST'), user('INTERPRETER', true)]) {
      expect(canWatchPresence(u), u.user_type).toBe(false);
    }
    expect(canWatchPresence(null)).toBe(false);
  });
});
