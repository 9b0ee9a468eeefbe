import { describe, expect, it } from 'vitest';
import type { TUserType } from '../users/user-types.js';
import {
  canBeWatched,
  canJoinShareCalls,
  canSeeShareCall,
  canSeeShareCalls,
  canSetShareConsent,
  canWatch,
  shareCallScope,
} from './share-access.js';

const actor = (user_type: TUserType, over: { username?: string; is_director?: boolean } = {}) => ({
  username: over.username ?? `${user_type.toLowerCase()}.1`,
  user_type,
  is_director: over.is_director ?? false,
  is_manager: false,
});

describe('whom a viewer may watch (canWatch)', () => {
  it('share roles watch interpreters and the departments they may act on (spec §6)', () => {
    const rows: [TUserType, TUserType, boolean][] = [
      ['QUALITY', 'INTERPRETER', true],
      ['QUALITY', 'QUALITY', true],
      ['QUALITY', 'HR', false],
      ['G.I', 'QUALITY', true],
      ['G.I', 'English Department', true],
      ['G.I', 'HR', false],
      ['G.E', 'Vendor', true],
      ['G.E', 'IT', false],
      ['English Department', 'English Department', true],
      ['English Department', 'QUALITY', false],
      ['ADMIN', 'HR', true],
      ['ADMIN', 'GUEST', false],
      ['HR', 'INTERPRETER', false],
      ['IT', 'IT', false],
    ];
    for (const [viewer, target, allowed] of rows) {
      expect(canWatch(actor(viewer), actor(target, { username: 'target' })), `${viewer} → ${target}`).toBe(allowed);
    }
  });

  it('never themselves; username dev is a share role whatever its department', () => {
    expect(canWatch(actor('ADMIN', { username: 'a' }), actor('ADMIN', { username: 'a' }))).toBe(false);
    expect(canWatch(actor('DEVELOPER', { username: 'dev' }), actor('INTERPRETER'))).toBe(true);
    expect(canWatch(actor('DEVELOPER', { username: 'dev' }), actor('DEVELOPER'))).toBe(true);
    expect(canWatch(null, actor('INTERPRETER'))).toBe(false);
  });
});

describe('who may be in a call (relay credentials)', () => {
  it('viewers and everyone who can be watched; never a guest', () => {
    for (const t of ['INTERPRETER', 'HR', 'ADMIN', 'QUALITY', 'Vendor'] as TUserType[]) {
      expect(canBeWatched(actor(t)), t).toBe(true);
      expect(canJoinShareCalls(actor(t)), t).toBe(true);
    }
    expect(canBeWatched(actor('GUEST'))).toBe(false);
    expect(canJoinShareCalls(actor('GUEST'))).toBe(false);
    expect(canJoinShareCalls(null)).toBe(false);
  });
});

describe('the calls audit', () => {
  it('is for ADMIN, QUALITY and directors, each within their scope', () => {
    expect(canSeeShareCalls(actor('ADMIN'))).toBe(true);
    expect(canSeeShareCalls(actor('QUALITY'))).toBe(true);
    expect(canSeeShareCalls(actor('G.AD', { is_director: true }))).toBe(true);
    expect(canSeeShareCalls(actor('HR'))).toBe(false);
    expect(canSeeShareCalls(actor('G.I'))).toBe(false); // a share role, not a director: no audit
    expect(shareCallScope(actor('ADMIN'))).toBe('all');
    expect(shareCallScope(actor('QUALITY'))).toEqual({ departments: ['QUALITY'], interpreters: true });
    expect(shareCallScope(actor('HR'))).toBeNull();
  });

  it('shows a call to its two parties and to auditors whose scope holds it', () => {
    const call = { viewer: actor('QUALITY', { username: 'q' }), target: actor('INTERPRETER', { username: 'i' }) };
    expect(canSeeShareCall(actor('QUALITY', { username: 'q' }), call)).toBe(true);
    expect(canSeeShareCall(actor('INTERPRETER', { username: 'i' }), call)).toBe(true);
    expect(canSeeShareCall(actor('QUALITY', { username: 'q2' }), call)).toBe(true);
    expect(canSeeShareCall(actor('G.I', { is_director: true }), call)).toBe(true); // QUALITY is in G.I's branch
    expect(canSeeShareCall(actor('G.AD', { is_director: true }), call)).toBe(false);
    expect(canSeeShareCall(actor('INTERPRETER', { username: 'other' }), call)).toBe(false);
  });

  it('leaves consent at hiring to ADMIN', () => {
    expect(canSetShareConsent(actor('ADMIN'))).toBe(true);
    expect(canSetShareConsent(actor('QUALITY'))).toBe(false);
  });
});
