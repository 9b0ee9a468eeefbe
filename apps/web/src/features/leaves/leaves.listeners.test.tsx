import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveFrameReceived, liveReconnected } from '../../lib/live-channel';
import { makeUser } from '../../test/fake-api';
import { leavesApi } from './api/leaves-api';
import { makeBalances, makeLeave } from './test-data';
import { renderApp } from '../../test/render-app';

vi.mock('../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
  playRequesterReplySound: vi.fn(),
}));

function setup() {
  const { api, store } = renderApp(<div />, {
    user: makeUser('HR'),
    api: {
      'GET /api/leaves/12/': () => ({ status: 200, body: makeLeave() }),
      'GET /api/leaves/13/': () => ({ status: 200, body: makeLeave({ id: 13 }) }),
      'GET /api/leaves/mine/': () => ({ status: 200, body: [makeLeave()] }),
      'GET /api/leaves/inbox/': () => ({ status: 200, body: [] }),
      'GET /api/leaves/balances/': () => ({ status: 200, body: makeBalances() }),
    },
  });
  const count = (key: string) => api.calls.filter((c) => c.key === key).length;
  return { store, count };
}

/** What an open request page, my lists, the inbox and the balances keep subscribed. */
async function openEverything(store: ReturnType<typeof setup>['store']) {
  await act(async () => {
    await Promise.all([
      store.dispatch(leavesApi.endpoints.leave.initiate(12)),
      store.dispatch(leavesApi.endpoints.leave.initiate(13)),
      store.dispatch(leavesApi.endpoints.myLeaves.initiate({ status: 'submitted' })),
      store.dispatch(leavesApi.endpoints.leaveInbox.initiate()),
      store.dispatch(leavesApi.endpoints.leaveBalances.initiate({ year: 2026 })),
    ]);
  });
}

const frame = (message: object, path = '/ws/notification/') => liveFrameReceived({ path, frame: { message } });
const update = { command: 'leave_update', leave: 12, user: 3, department: 'HR', status: 'approved' };

describe('live leave frames', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('leave_update re-reads that request, the lists and the balances (not other requests)', async () => {
    const { store, count } = setup();
    await openEverything(store);
    act(() => void store.dispatch(frame(update)));
    await waitFor(() => expect(count('GET /api/leaves/12/')).toBe(2));
    await waitFor(() => expect(count('GET /api/leaves/mine/')).toBe(2));
    await waitFor(() => expect(count('GET /api/leaves/inbox/')).toBe(2));
    await waitFor(() => expect(count('GET /api/leaves/balances/')).toBe(2));
    expect(count('GET /api/leaves/13/')).toBe(1);
  });

  it('ignores other channels, other commands and malformed frames', async () => {
    const { store, count } = setup();
    await openEverything(store);
    act(() => {
      store.dispatch(frame(update, '/ws/admins/'));
      store.dispatch(frame({ ...update, leave: 'twelve' }));
      store.dispatch(frame({ command: 'ticket_update', ticket: 12, status: 'open' }));
    });
    // A frame that is handled refetches at once; give any stray one the same chance.
    await act(async () => {
      await store.dispatch(leavesApi.endpoints.leave.initiate(13, { forceRefetch: true }));
    });
    expect(count('GET /api/leaves/12/')).toBe(1);
    expect(count('GET /api/leaves/mine/')).toBe(1);
  });

  it('a reconnected notification channel re-reads every leave', async () => {
    const { store, count } = setup();
    await openEverything(store);
    act(() => void store.dispatch(liveReconnected({ path: '/ws/notification/' })));
    await waitFor(() => expect(count('GET /api/leaves/13/')).toBe(2));
    await waitFor(() => expect(count('GET /api/leaves/mine/')).toBe(2));
  });
});
