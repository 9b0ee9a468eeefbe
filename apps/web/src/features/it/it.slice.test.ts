import { IT_LIST_WINDOW, type TDailyLog } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  appUsageReceived,
  deviceReceived,
  itCleared,
  itListReceived,
  itSlice,
  itStatusReceived,
  networkReceived,
  userLogsReceived,
  type ItState,
} from './it.slice';
import { makeAppEntry, makeDevice, makeItRecord, makeMachine, makeNetwork, pcOf } from './test-data';

const reduce = itSlice.reducer;
const NOW = '2026-11-23T10:15:00.000Z';

function loaded(): ItState {
  return reduce(
    undefined,
    itListReceived([makeItRecord('amal', 'Amal', 'Haddad'), makeItRecord('omar', 'Omar', 'Said', { app_usage: [] })]),
  );
}

const usage = (title: string, process: string, opened_apps: string[] = []) => ({
  active_app_title: title,
  active_app_process: process,
  active_app_memory: 90_000_000,
  url: 'https://portal.example/',
  opened_apps,
  pid: 777,
  category: 'productive' as const,
});

describe('it slice (spec §4 IT live logs)', () => {
  it('keeps it-list’s records keyed by username', () => {
    const state = loaded();
    expect(Object.keys(state.byUsername).sort()).toEqual(['amal', 'omar']);
    expect(state.loaded).toBe(true);
  });

  it('a new title: the old title and process move to previous_*, the new values replace the current ones, switch_time is now', () => {
    const state = reduce(
      loaded(),
      appUsageReceived({ ...pcOf('amal'), data: usage('Portal - Firefox', 'firefox', ['firefox']), now: NOW }),
    );
    const entries = state.byUsername.amal!.app_usage;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toEqual({
      active_app_title: 'Portal - Firefox',
      active_app_process: 'firefox',
      active_app_memory: 90_000_000,
      url: 'https://portal.example/',
      opened_apps: ['firefox'],
      switch_time: NOW,
      previous_active_app_title: 'notes.txt - Editor',
      previous_active_app_process: 'gedit',
      pid: 777,
      category: 'productive',
    });
  });

  it('updates only the latest (last) entry', () => {
    const older = makeAppEntry({ active_app_title: 'Older', switch_time: '2026-11-23T08:00:00.000Z' });
    const start = reduce(
      undefined,
      itListReceived([makeItRecord('amal', 'Amal', 'Haddad', { app_usage: [older, makeAppEntry()] })]),
    );
    const state = reduce(start, appUsageReceived({ ...pcOf('amal'), data: usage('Mail', 'thunderbird'), now: NOW }));
    expect(state.byUsername.amal!.app_usage[0]).toEqual(older);
    expect(state.byUsername.amal!.app_usage[1]).toMatchObject({ active_app_title: 'Mail', switch_time: NOW });
  });

  it('same title: nothing but opened_apps changes', () => {
    const before = loaded();
    const same = { ...usage('notes.txt - Editor', 'other-process', ['gedit', 'slack']), active_app_memory: 1 };
    const state = reduce(before, appUsageReceived({ ...pcOf('amal'), data: same, now: NOW }));
    expect(state.byUsername.amal!.app_usage[0]).toEqual({
      ...before.byUsername.amal!.app_usage[0],
      opened_apps: ['gedit', 'slack'],
    });
  });

  it('same title and an empty opened_apps: nothing changes', () => {
    const before = loaded();
    const state = reduce(
      before,
      appUsageReceived({ ...pcOf('amal'), data: usage('notes.txt - Editor', 'gedit', []), now: NOW }),
    );
    expect(state.byUsername.amal).toEqual(before.byUsername.amal);
  });

  it('a new title with an empty opened_apps keeps the list it had', () => {
    const state = reduce(loaded(), appUsageReceived({ ...pcOf('amal'), data: usage('Mail', 'thunderbird'), now: NOW }));
    expect(state.byUsername.amal!.app_usage[0]).toMatchObject({
      active_app_title: 'Mail',
      opened_apps: ['gedit', 'firefox'],
    });
  });

  it('stamps now itself when the action carries none', () => {
    const before = Date.now();
    const state = reduce(loaded(), appUsageReceived({ ...pcOf('amal'), data: usage('Mail', 'thunderbird') }));
    const stamped = Date.parse(state.byUsername.amal!.app_usage[0]!.switch_time);
    expect(stamped).toBeGreaterThanOrEqual(before);
    expect(stamped).toBeLessThanOrEqual(Date.now());
  });

  it('starts the list with the first report when a user has no entry yet', () => {
    const state = reduce(
      loaded(),
      appUsageReceived({ ...pcOf('omar'), data: usage('Mail', 'thunderbird', ['thunderbird']), now: NOW }),
    );
    expect(state.byUsername.omar!.app_usage).toEqual([
      {
        ...usage('Mail', 'thunderbird', ['thunderbird']),
        switch_time: NOW,
        previous_active_app_title: null,
        previous_active_app_process: null,
      },
    ]);
  });

  it('appends network and device samples to that user’s lists, keeping the latest window', () => {
    let state = loaded();
    state = reduce(state, networkReceived({ ...pcOf('amal'), data: makeNetwork({ latency_ms: 450 }) }));
    state = reduce(state, deviceReceived({ ...pcOf('amal'), data: makeDevice({ cpu_load: 93 }) }));
    expect(state.byUsername.amal!.network_monitors.map((n) => n.latency_ms)).toEqual([20, 450]);
    expect(state.byUsername.amal!.device_monitors.map((d) => d.cpu_load)).toEqual([20, 93]);
    expect(state.byUsername.omar!.network_monitors).toHaveLength(1);

    for (let i = 0; i < IT_LIST_WINDOW.network_monitors; i++) {
      state = reduce(state, networkReceived({ ...pcOf('amal'), data: makeNetwork({ latency_ms: 1000 + i }) }));
    }
    const latencies = state.byUsername.amal!.network_monitors.map((n) => n.latency_ms);
    expect(latencies).toHaveLength(IT_LIST_WINDOW.network_monitors);
    expect(latencies[0]).toBe(1000);
    expect(latencies.at(-1)).toBe(1000 + IT_LIST_WINDOW.network_monitors - 1);
  });

  it('replaces that user’s daily_logs with a user-logs message', () => {
    const log: TDailyLog = {
      date: '2026-11-23',
      hostname: 'desk-01',
      first_activity: '2026-11-23T08:00:00.000Z',
      last_activity: NOW,
      active_minutes: 120,
      idle_minutes: 15,
      locked_minutes: 0,
      lock_periods: [],
    };
    const start = reduce(
      undefined,
      itListReceived([makeItRecord('amal', 'Amal', 'Haddad', { daily_logs: [{ ...log, date: '2026-11-22' }] })]),
    );
    const state = reduce(start, userLogsReceived({ username: 'amal', data: [log] }));
    expect(state.byUsername.amal!.daily_logs).toEqual([log]);
  });

  it('sets status, status_since and last_seen from an it_status message', () => {
    const state = reduce(loaded(), itStatusReceived({ ...pcOf('amal'), status: 'locked', since: NOW, last_seen: NOW }));
    expect(state.byUsername.amal).toMatchObject({ status: 'locked', status_since: NOW, last_seen: NOW });
  });

  it('keeps each machine of a person on its own frames, and the person as the most present machine', () => {
    const laptop = { username: 'amal', agent_id: 9001, hostname: 'laptop-amal' };
    const amal = makeItRecord('amal', 'Amal', 'Haddad');
    const start = reduce(
      undefined,
      itListReceived([
        {
          ...amal,
          machines: [
            ...amal.machines,
            makeMachine('amal', { ...laptop, status: 'idle', app: makeAppEntry({ active_app_title: 'Sheet' }) }),
          ],
        },
      ]),
    );
    let state = reduce(start, appUsageReceived({ ...laptop, data: usage('Budget', 'excel'), now: NOW }));
    const [desk, lap] = state.byUsername.amal!.machines;
    expect(desk!.app!.active_app_title).toBe('notes.txt - Editor');
    expect(lap!.app).toMatchObject({
      active_app_title: 'Budget',
      previous_active_app_title: 'Sheet',
      switch_time: NOW,
    });
    // The desk goes offline: the person is idle (the laptop), since the laptop's period.
    state = reduce(state, itStatusReceived({ ...pcOf('amal'), status: 'offline', since: NOW, last_seen: NOW }));
    expect(state.byUsername.amal).toMatchObject({ status: 'idle', status_since: '2026-11-23T09:00:00.000Z' });
    state = reduce(state, itStatusReceived({ ...laptop, status: 'offline', since: NOW, last_seen: NOW }));
    expect(state.byUsername.amal).toMatchObject({ status: 'offline', status_since: NOW });
  });

  it('ignores every kind of message for a user not on the board', () => {
    const before = loaded();
    let state = reduce(before, appUsageReceived({ ...pcOf('ghost'), data: usage('Mail', 'x', ['x']), now: NOW }));
    state = reduce(state, networkReceived({ ...pcOf('ghost'), data: makeNetwork() }));
    state = reduce(state, deviceReceived({ ...pcOf('ghost'), data: makeDevice() }));
    state = reduce(state, userLogsReceived({ username: 'ghost', data: [] }));
    state = reduce(state, itStatusReceived({ ...pcOf('ghost'), status: 'idle', since: NOW, last_seen: NOW }));
    expect(state).toEqual(before);
  });

  it('forgets everything when cleared', () => {
    expect(reduce(loaded(), itCleared())).toEqual({ byUsername: {}, loaded: false });
  });
});
