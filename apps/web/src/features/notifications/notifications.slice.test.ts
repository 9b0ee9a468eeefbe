import { describe, expect, it } from 'vitest';
import { liveChannelStatus } from '../../lib/live-channel';
import { initialNotificationsState, notificationsCleared, notificationsSlice } from './notifications.slice';

const reduce = (steps: [string, 'connecting' | 'open' | 'down' | 'stopped'][]) =>
  steps.reduce(
    (state, [path, status]) => notificationsSlice.reducer(state, liveChannelStatus({ path, status })),
    initialNotificationsState(),
  );

describe('live status across channels', () => {
  it('is open only when every running channel is open', () => {
    expect(reduce([['/ws/notification/', 'open']]).live).toBe('open');
    expect(
      reduce([
        ['/ws/notification/', 'open'],
        ['/ws/admins/', 'connecting'],
      ]).live,
    ).toBe('connecting');
    expect(
      reduce([
        ['/ws/notification/', 'open'],
        ['/ws/admins/', 'open'],
      ]).live,
    ).toBe('open');
  });

  it('is down when any channel is down (the desk queue, not only the bell)', () => {
    expect(
      reduce([
        ['/ws/notification/', 'open'],
        ['/ws/admins/', 'down'],
      ]).live,
    ).toBe('down');
  });

  it('forgets a stopped channel, and is stopped when none runs', () => {
    const state = reduce([
      ['/ws/notification/', 'open'],
      ['/ws/admins/', 'down'],
      ['/ws/admins/', 'stopped'],
    ]);
    expect(state.live).toBe('open');
    expect(
      reduce([
        ['/ws/admins/', 'open'],
        ['/ws/admins/', 'stopped'],
      ]).live,
    ).toBe('stopped');
  });

  it('keeps the channels when the bell is cleared at sign-out', () => {
    const state = notificationsSlice.reducer(reduce([['/ws/admins/', 'down']]), notificationsCleared());
    expect(state.live).toBe('down');
    expect(state.items).toEqual([]);
  });
});
