import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  IT_LIST_WINDOW,
  personStatus,
  type TItMachine,
  type TAppUsageEntry,
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
 * Spec §3's `it` data holder: IT monitoring records keyed by username (it-list answers a
 * list; the board looks records up by username), kept live by the `/ws/it/` frames (spec
 * §4). Each record's machines follow the frames of their own agent.
 */
export interface ItState {
  byUsername: Record<string, TItRecord>;
  loaded: boolean;
}

const initialState: ItState = { byUsername: {}, loaded: false };

type AppUsageData = TWsItAppUsage['message']['data'];
type StatusFrame = Omit<TWsItStatus['message'], 'command'>;
type MachineRef = { username: string; agent_id: number; hostname: string };

const machineOf = (state: ItState, ref: Omit<MachineRef, 'hostname'>): TItMachine | undefined =>
  state.byUsername[ref.username]?.machines.find((m) => m.agent_id === ref.agent_id);

/** Spec §4's rule on one entry: a different title moves the old one to `previous_*`; a non-empty list replaces opened apps. */
function applyAppUsage(entry: TAppUsageEntry, data: AppUsageData, now: string) {
  const { opened_apps, ...current } = data;
  if (entry.active_app_title !== data.active_app_title) {
    entry.previous_active_app_title = entry.active_app_title;
    entry.previous_active_app_process = entry.active_app_process;
    Object.assign(entry, current);
    entry.switch_time = now;
  }
  if (opened_apps.length > 0) entry.opened_apps = opened_apps;
}

const firstEntry = (data: AppUsageData, now: string): TAppUsageEntry => ({
  ...data,
  switch_time: now,
  previous_active_app_title: null,
  previous_active_app_process: null,
});

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
      state.byUsername = Object.fromEntries(action.payload.map((r) => [r.username, r]));
      state.loaded = true;
    },
    /**
     * Spec §4: the latest (last) entry changes only when the active title differs: the old
     * title and process move to `previous_*`, the new values replace the current ones and
     * `switch_time` is now. `opened_apps` is replaced by a non-empty list, title changed or not.
     * `now` travels in the action so the rule is testable (the prepare step stamps it).
     */
    appUsageReceived: {
      reducer(state, action: PayloadAction<MachineRef & { data: AppUsageData; now: string }>) {
        const { username, data, now } = action.payload;
        const record = state.byUsername[username];
        if (!record) return;
        // The person's list (spec §4) and the machine's own window, each by the same rule.
        const latest = record.app_usage.at(-1);
        if (latest) applyAppUsage(latest, data, now);
        else record.app_usage.push(firstEntry(data, now));
        const machine = machineOf(state, action.payload);
        if (machine) {
          if (machine.app) applyAppUsage(machine.app, data, now);
          else machine.app = firstEntry(data, now);
        }
      },
      prepare(payload: MachineRef & { data: AppUsageData; now?: string }) {
        return { payload: { ...payload, now: payload.now ?? new Date().toISOString() } };
      },
    },
    /** Spec §4: appended to that user's list (the latest window kept); the machine's latest. */
    networkReceived(state, action: PayloadAction<MachineRef & { data: TNetworkMonitor }>) {
      const record = state.byUsername[action.payload.username];
      if (record) appendTrimmed(record.network_monitors, action.payload.data, IT_LIST_WINDOW.network_monitors);
      const machine = machineOf(state, action.payload);
      if (machine) machine.network = action.payload.data;
    },
    deviceReceived(state, action: PayloadAction<MachineRef & { data: TDeviceMonitor }>) {
      const record = state.byUsername[action.payload.username];
      if (record) appendTrimmed(record.device_monitors, action.payload.data, IT_LIST_WINDOW.device_monitors);
      const machine = machineOf(state, action.payload);
      if (machine) machine.device = action.payload.data;
    },
    /** Spec §4: replaces that user's daily logs. */
    userLogsReceived(state, action: PayloadAction<{ username: string; data: TDailyLog[] }>) {
      const record = state.byUsername[action.payload.username];
      if (record) record.daily_logs = action.payload.data;
    },
    /** A machine's state changed (active, idle, locked, offline); the person's follows by the shared rule. */
    itStatusReceived(state, action: PayloadAction<StatusFrame>) {
      const { username, status, since, last_seen } = action.payload;
      const record = state.byUsername[username];
      const machine = machineOf(state, action.payload);
      if (!record || !machine) return;
      machine.status = status;
      machine.status_since = since;
      machine.last_seen = last_seen;
      if (!record.last_seen || last_seen > record.last_seen) record.last_seen = last_seen;
      const person = personStatus(record.machines, record.last_seen);
      record.status = person.status;
      record.status_since = person.since;
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
/** Whether the board knows this machine of this user (a frame of an unknown one reads it-list again). */
export const hasItMachine = (state: ItState, username: string, agentId: number) =>
  state.byUsername[username]?.machines.some((m) => m.agent_id === agentId) ?? false;
