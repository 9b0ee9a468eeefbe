import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TNotification } from '@portal/contracts';
import { liveChannelStatus } from '../../lib/live-channel';
import type { LiveStatus } from '../../lib/live-socket';
import { readStorage, writeStorage } from '../../lib/storage';
import { notificationsApi } from './api/notifications-api';

/** Spec §3/§4 data holder: the bell's items, the unread count and the live state. */
export interface NotificationsState {
  items: TNotification[];
  /** Next page number to load, or null when the last page is in. */
  nextPage: number | null;
  unread: number;
  loading: boolean;
  loaded: boolean;
  muted: boolean;
  /** Each live channel's status, by path (a stopped channel is dropped). */
  channels: Record<string, LiveStatus>;
  /**
   * Whether live updates flow on every channel: 'down' when any is down (the header shows
   * an indicator), 'open' only when all are open, 'stopped' when none runs.
   */
  live: LiveStatus;
}

function overall(channels: Record<string, LiveStatus>): LiveStatus {
  const all = Object.values(channels);
  if (all.length === 0) return 'stopped';
  if (all.includes('down')) return 'down';
  return all.every((s) => s === 'open') ? 'open' : 'connecting';
}

const MUTED_KEY = 'portal.notifications.muted';

export const initialNotificationsState = (): NotificationsState => ({
  items: [],
  nextPage: 1,
  unread: 0,
  loading: false,
  loaded: false,
  muted: readStorage(MUTED_KEY) === '1',
  channels: {},
  live: 'stopped',
});

type State = { notifications: NotificationsState };

/** Loads page `page` (1 replaces the list: used at start and after a reconnect). */
export const loadNotifications = createAsyncThunk('notifications/load', async (page: number, { dispatch }) => {
  const [list, count] = await Promise.all([
    dispatch(notificationsApi.endpoints.notificationPage.initiate(page, { forceRefetch: true })).unwrap(),
    dispatch(notificationsApi.endpoints.unreadCount.initiate(undefined, { forceRefetch: true })).unwrap(),
  ]);
  return { page, list, unread: count.count };
});

/** Spec §4: closing the menu sends every unread id at once; the answer replaces them. */
export const markAllRead = createAsyncThunk('notifications/markAllRead', async (_: void, { dispatch, getState }) => {
  const ids = (getState() as State).notifications.items.filter((n) => !n.is_read).map((n) => n.id);
  if (ids.length === 0) return [];
  return dispatch(notificationsApi.endpoints.markRead.initiate(ids)).unwrap();
});

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: initialNotificationsState,
  reducers: {
    /** A live `notification` frame: one notification or a list of them. */
    notificationsReceived(state, action: PayloadAction<TNotification[]>) {
      for (const n of action.payload) {
        if (state.items.some((i) => i.id === n.id)) continue;
        state.items.unshift(n);
        if (!n.is_read) state.unread += 1;
      }
    },
    setMuted(state, action: PayloadAction<boolean>) {
      state.muted = action.payload;
      writeStorage(MUTED_KEY, action.payload ? '1' : '0');
    },
    // Keeps the other channels' statuses: they live as long as the session, not the bell.
    notificationsCleared: (state) => ({ ...initialNotificationsState(), channels: state.channels, live: state.live }),
  },
  extraReducers: (b) => {
    b.addCase(liveChannelStatus, (state, { payload }) => {
      if (payload.status === 'stopped') delete state.channels[payload.path];
      else state.channels[payload.path] = payload.status;
      state.live = overall(state.channels);
    });
    b.addCase(loadNotifications.pending, (state) => {
      state.loading = true;
    });
    b.addCase(loadNotifications.rejected, (state) => {
      state.loading = false;
    });
    b.addCase(loadNotifications.fulfilled, (state, { payload }) => {
      const known = payload.page === 1 ? [] : state.items;
      const fresh = payload.list.results.filter((n) => !known.some((k) => k.id === n.id));
      state.items = [...known, ...fresh];
      state.nextPage = payload.list.next ? payload.page + 1 : null;
      state.unread = payload.unread;
      state.loading = false;
      state.loaded = true;
    });
    b.addCase(markAllRead.fulfilled, (state, { payload }) => {
      for (const updated of payload) {
        const i = state.items.findIndex((n) => n.id === updated.id);
        if (i >= 0) state.items[i] = updated;
      }
      state.unread = Math.max(0, state.unread - payload.filter((n) => n.is_read).length);
    });
  },
});

export const { notificationsReceived, setMuted, notificationsCleared } = notificationsSlice.actions;
export const selectNotifications = (s: State) => s.notifications;
/**
 * The bell's "mute notification sound" switch. Other features' sounds that stand in for
 * a notification's chime (tickets: a new desk ticket) obey it too.
 */
export const selectNotificationsMuted = (s: State) => s.notifications.muted;
