import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TInterpreter, TWsInterpreterStatus } from '@portal/contracts';
import { interpretersApi } from './api/interpreters-api';

type StatusFrame = TWsInterpreterStatus['message'];

/**
 * Spec §3's `interpreters` data holder, keyed by username: the board as the server last
 * answered it, then kept live by status frames (§4) and follow answers.
 */
export interface InterpretersState {
  byUsername: Record<string, TInterpreter>;
  /**
   * Until when (ms) `online_minutes_today` is counted: the server counts an open session up
   * to its answer, so the board adds only the minutes after this while someone stays online.
   */
  countedUntil: Record<string, number>;
  loaded: boolean;
  /** Grows on every status frame and every re-open of the channel: pages that show presence refetch on it. */
  presenceChanges: number;
}

const initialState: InterpretersState = { byUsername: {}, countedUntil: {}, loaded: false, presenceChanges: 0 };

const MS_PER_MINUTE = 60_000;

function board(state: InterpretersState, list: readonly TInterpreter[], at: number) {
  state.byUsername = Object.fromEntries(list.map((i) => [i.username, i]));
  state.countedUntil = Object.fromEntries(list.map((i) => [i.username, at]));
  state.loaded = true;
}

/** Minutes of the open session not yet in `online_minutes_today` at `now` (0 when offline). */
export function uncountedMinutes(interpreter: TInterpreter, countedUntil: number | undefined, now: number): number {
  const since = interpreter.profile.online_since;
  if (!interpreter.profile.online || !since) return 0;
  const from = Math.max(Date.parse(since), countedUntil ?? 0);
  return Math.max(0, (now - from) / MS_PER_MINUTE);
}

export const interpretersSlice = createSlice({
  name: 'interpreters',
  initialState,
  reducers: {
    boardReceived(state, action: PayloadAction<{ list: TInterpreter[]; at: number }>) {
      board(state, action.payload.list, action.payload.at);
    },
    /**
     * Spec §4: online is switched on only if currently 0 (a repeated "online" keeps the
     * session's start); off sets 0. Frames for usernames not on the board are ignored.
     */
    interpreterStatusReceived(state, action: PayloadAction<StatusFrame>) {
      state.presenceChanges += 1;
      const { username, online, at } = action.payload;
      const interpreter = state.byUsername[username];
      if (!interpreter) return;
      const profile = interpreter.profile;
      const when = Date.parse(at);
      if (online === 1) {
        if (profile.online !== 0) return;
        profile.online = 1;
        profile.online_since = at;
        state.countedUntil[username] = when;
        return;
      }
      // The session that ends now joins today's minutes, so "time online today" does not drop.
      profile.online_minutes_today += Math.round(uncountedMinutes(interpreter, state.countedUntil[username], when));
      profile.online = 0;
      profile.online_since = null;
      state.countedUntil[username] = when;
    },
    /** The channel opened again: frames were missed (the board refetches). */
    presenceReconnected(state) {
      state.presenceChanges += 1;
    },
    /** Spec §4: following updates the follower count from the answer (and whether I follow). */
    followAnswered(state, action: PayloadAction<TInterpreter>) {
      const interpreter = state.byUsername[action.payload.username];
      if (!interpreter) return;
      interpreter.profile.followers = action.payload.profile.followers;
      interpreter.following = action.payload.following;
    },
    /** Signed out: nothing of the last user's board stays. */
    interpretersCleared: () => initialState,
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(interpretersApi.endpoints.interpreterBoard.matchFulfilled, (state, action) =>
        board(state, action.payload, action.meta.fulfilledTimeStamp),
      )
      .addMatcher(interpretersApi.endpoints.follow.matchFulfilled, (state, action) =>
        interpretersSlice.caseReducers.followAnswered(state, { type: action.type, payload: action.payload }),
      );
  },
});

export const { boardReceived, interpreterStatusReceived, presenceReconnected, followAnswered, interpretersCleared } =
  interpretersSlice.actions;

type WithInterpreters = { interpreters: InterpretersState };
export const selectInterpreters = (state: WithInterpreters) => state.interpreters;
/** A counter that grows on every presence frame and channel re-open (WFM's live day board refetches on it). */
export const selectPresenceChangeCount = (state: WithInterpreters) => state.interpreters.presenceChanges;
