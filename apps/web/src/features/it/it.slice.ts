import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  IT_LIST_WINDOW,
  type TDailyLog,
  type TDeviceMonitor,
  type TItList,
  type TItRecord,
  type TNetworkMonitor,
  type TWsItAppUsage,
  type TWsItStatus,
} from '@portal/contracts';
import { itApi } from './api/it-api';

/**
 * Spec §3's `it` data holder: IT monitoring records keyed by username, as it-list last
 * answered, then kept live by the `/ws/it/` frames (spec §4).
 */
export interface ItState {
  byUsername: Record<string, TItRecord>;
  loaded: boolean;
}

const initialState: ItState = { byUsername: {}, loaded: false };

type AppUsageData = TWsItAppUsage['message']['data'];
type StatusFrame = Omit<TWsItStatus['message'], 'command'>;

/** Appends a sample and keeps only the latest window it-list carries (oldest dropped). */
function appendTrimmed<T>(list: T[], item: T, window: number) {
  list.push(item);
  if (list.length > window) list.splice(0, list.length - window);
}

export const itSlice = createSlice({
  name: 'it',
  initialState,
  reducers: {
    itListReceived(state, action: PayloadAction<TItList>) {
      state.byUsername = action.payload;
      state.loaded = true;
    },
    /**
     * Spec §4: the latest (last) entry changes only when the active title differs: the old
     * title and process move to `previous_*`, the new values replace the current ones and
     * `switch_time` is now. `opened_apps` is replaced by a non-empty list, title changed or not.
     * `now` travels in the action so the rule is testable (the prepare step stamps it).
     */
    appUsageReceived: {
      reducer(state, action: PayloadAction<{ username: string; data: AppUsageData; now: string }>) {
        const { username, data, now } = action.payload;
        const record = state.byUsername[username];
        if (!record) return;
        const { opened_apps, ...current } = data;
        const latest = record.app_usage.at(-1);
        if (!latest) {
          // No entry yet to update: the first report starts the list.
          record.app_usage.push({
            ...current,
            opened_apps,
            switch_time: now,
            previous_active_app_title: null,
            previous_active_app_process: null,
          });
          return;
        }
        if (latest.active_app_title !== data.active_app_title) {
          latest.previous_active_app_title = latest.active_app_title;
          latest.previous_active_app_process = latest.active_app_process;
          Object.assign(latest, current);
          latest.switch_time = now;
        }
        if (opened_apps.length > 0) latest.opened_apps = opened_apps;
      },
      prepare(payload: { username: string; data: AppUsageData; now?: string }) {
        return { payload: { ...payload, now: payload.now ?? new Date().toISOString() } };
      },
    },
    /** Spec §4: appended to that user's list (the latest window kept). */
    networkReceived(state, action: PayloadAction<{ username: string; data: TNetworkMonitor }>) {
      const record = state.byUsername[action.payload.username];
      if (record) appendTrimmed(record.network_monitors, action.payload.data, IT_LIST_WINDOW.network_monitors);
    },
    deviceReceived(state, action: PayloadAction<{ username: string; data: TDeviceMonitor }>) {
      const record = state.byUsername[action.payload.username];
      if (record) appendTrimmed(record.device_monitors, action.payload.data, IT_LIST_WINDOW.device_monitors);
    },
    /** Spec §4: replaces that user's daily logs. */
    userLogsReceived(state, action: PayloadAction<{ username: string; data: TDailyLog[] }>) {
      const record = state.byUsername[action.payload.username];
      if (record) record.daily_logs = action.payload.data;
    },
    /** The machine's state changed (active, idle, locked, offline). */
    itStatusReceived(state, action: PayloadAction<StatusFrame>) {
      const { username, status, since, last_seen } = action.payload;
      const record = state.byUsername[username];
      if (!record) return;
      record.status = status;
      record.status_since = since;
      record.last_seen = last_seen;
    },
    /** Signed out (or no longer allowed): nothing of the last user's board stays. */
    itCleared: () => initialState,
  },
  extraReducers: (builder) => {
    builder.addMatcher(itApi.endpoints.itList.matchFulfilled, (state, action) =>
      itSlice.caseReducers.itListReceived(state, { type: action.type, payload: action.payload }),
    );
  },
});

export const {
  itListReceived,
  appUsageReceived,
  networkReceived,
  deviceReceived,
  userLogsReceived,
  itStatusReceived,
  itCleared,
} = itSlice.actions;

type WithIt = { it: ItState };
export const selectIt = (state: WithIt) => state.it;
export const selectItRecord = (username: string) => (state: WithIt) => state.it.byUsername[username];
