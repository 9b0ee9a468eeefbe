import { describe, expect, it } from 'vitest';
import {
  boardReceived,
  followAnswered,
  interpretersCleared,
  interpretersSlice,
  interpreterStatusReceived,
  presenceReconnected,
  selectPresenceChangeCount,
  uncountedMinutes,
  type InterpretersState,
} from './interpreters.slice';
import { makeInterpreter } from './test-data';

const reduce = interpretersSlice.reducer;
const T0 = Date.parse('2026-11-23T09:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const MIN = 60_000;

function loaded(): InterpretersState {
  return reduce(
    undefined,
    boardReceived({
      at: T0,
      list: [
        makeInterpreter('amal', 'Amal', 'Haddad'),
        makeInterpreter('omar', 'Omar', 'Said', {
          profile: { online: 1, online_since: iso(T0 - 30 * MIN), online_minutes_today: 90 },
        }),
      ],
    }),
  );
}
const frame = (username: string, online: 0 | 1, at: number) =>
  interpreterStatusReceived({ command: 'interpreter_status', username, online, at: iso(at) });

describe('interpreters slice (spec §4)', () => {
  it('keeps the board keyed by username', () => {
    const state = loaded();
    expect(Object.keys(state.byUsername).sort()).toEqual(['amal', 'omar']);
    expect(state.loaded).toBe(true);
  });

  it('switches online on only when currently 0, from the frame’s time', () => {
    const on = reduce(loaded(), frame('amal', 1, T0 + MIN));
    expect(on.byUsername.amal!.profile.online).toBe(1);
    expect(on.byUsername.amal!.profile.online_since).toBe(iso(T0 + MIN));
    // Already online: a second "online" changes nothing (the session keeps its start).
    const again = reduce(on, frame('amal', 1, T0 + 5 * MIN));
    expect(again.byUsername.amal).toEqual(on.byUsername.amal);
    const omar = reduce(loaded(), frame('omar', 1, T0 + MIN));
    expect(omar.byUsername.omar!.profile.online_since).toBe(iso(T0 - 30 * MIN));
  });

  it('sets 0 on an offline frame, adding the session’s minutes after the board was read to today', () => {
    const off = reduce(loaded(), frame('omar', 0, T0 + 20 * MIN));
    expect(off.byUsername.omar!.profile).toMatchObject({ online: 0, online_since: null, online_minutes_today: 110 });
    // Off again: still 0, nothing more counted.
    const twice = reduce(off, frame('omar', 0, T0 + 40 * MIN));
    expect(twice.byUsername.omar!.profile).toMatchObject({ online: 0, online_minutes_today: 110 });
  });

  it('counts a live session from the later of its start and the board’s reading', () => {
    const state = loaded();
    // Omar's 30 open minutes are already in the 90 the server answered: only later ones count.
    expect(uncountedMinutes(state.byUsername.omar!, state.countedUntil.omar, T0 + 12 * MIN)).toBe(12);
    const on = reduce(state, frame('amal', 1, T0 + 10 * MIN));
    expect(uncountedMinutes(on.byUsername.amal!, on.countedUntil.amal, T0 + 25 * MIN)).toBe(15);
    expect(uncountedMinutes(state.byUsername.amal!, state.countedUntil.amal, T0 + 25 * MIN)).toBe(0);
  });

  it('ignores frames for usernames not on the board, but counts every frame and re-open', () => {
    const state = loaded();
    const next = reduce(state, frame('ghost', 1, T0));
    expect(next.byUsername).toEqual(state.byUsername);
    const counted = reduce(reduce(next, frame('amal', 1, T0)), presenceReconnected());
    expect(selectPresenceChangeCount({ interpreters: counted })).toBe(3);
  });

  it('takes the follower count and whether I follow from the follow answer', () => {
    const answer = makeInterpreter('amal', 'Amal', 'Haddad', { following: true, profile: { followers: 7, online: 1 } });
    const state = reduce(loaded(), followAnswered(answer));
    expect(state.byUsername.amal!.profile.followers).toBe(7);
    expect(state.byUsername.amal!.following).toBe(true);
    // Only the count: the status stays the board's (frames own it).
    expect(state.byUsername.amal!.profile.online).toBe(0);
    expect(reduce(state, followAnswered(makeInterpreter('ghost', 'G', 'H'))).byUsername.ghost).toBeUndefined();
  });

  it('forgets everything on sign-out', () => {
    expect(reduce(loaded(), interpretersCleared())).toEqual(reduce(undefined, { type: 'init' }));
  });
});
