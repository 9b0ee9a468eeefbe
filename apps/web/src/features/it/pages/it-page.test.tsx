import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAgent, TItList, TUserType } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/router';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { liveFrameReceived, liveReconnected } from '../../../lib/live-channel';
import { fakeApi, makeUser } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { makeAppEntry, makeDevice, makeItRecord, makeMachine, makeNetwork, pcOf } from '../test-data';
import { ItPage } from './it-page';

vi.mock('../../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
  playRequesterReplySound: vi.fn(),
}));

type Handlers = Parameters<typeof fakeApi>[0];
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** Three people: Amal at work in a browser, Omar idle with a full disk and a slow network, Fadi (WFM) offline on shift. */
function board(): TItList {
  return [
    makeItRecord('amal', 'Amal', 'Haddad', {
      status_since: minutesAgo(12),
      last_seen: minutesAgo(0),
      app_usage: [
        makeAppEntry({
          active_app_title: 'Tickets - Portal',
          active_app_process: 'firefox',
          switch_time: minutesAgo(5),
        }),
      ],
    }),
    makeItRecord('omar', 'Omar', 'Said', {
      user_type: 'QUALITY',
      status: 'idle',
      status_since: minutesAgo(75),
      last_seen: minutesAgo(0),
      app_usage: [makeAppEntry({ active_app_title: '[redacted]', active_app_process: 'chrome' })],
      device_monitors: [makeDevice({ disks: [{ mount: '/', size_bytes: 100, used_bytes: 95 }] })],
      network_monitors: [makeNetwork({ latency_ms: 480 })],
    }),
    makeItRecord('fadi', 'Fadi', 'Aziz', {
      user_type: 'WFM',
      status: 'offline',
      status_since: minutesAgo(30),
      last_seen: minutesAgo(30),
      on_shift: true,
    }),
  ];
}

/** The board at `url` on a wide screen (a table), the IT desk signed in. */
const renderAt = (url: string, handlers: Handlers = {}, userType: TUserType = 'IT') =>
  renderApp(<ItPage />, {
    url,
    path: '/it',
    routes: [{ path: '*', element: <p>elsewhere</p> }],
    wide: true,
    api: { 'GET /api/script/it-list/': () => ({ status: 200, body: board() }), ...handlers },
    user: makeUser(userType, { username: 'itdesk' }),
  });

/** Usernames in the table's rows, top to bottom. */
async function shownUsers() {
  const table = await screen.findByRole('table', { name: 'Users and their machines' });
  return [...table.querySelectorAll('tbody tr')].map((row) => within(row as HTMLElement).getByText(/^@/).textContent);
}

function rowOf(username: string) {
  const row = screen.getByText(`@${username}`).closest('tr');
  if (!row) throw new Error(`no row for ${username}`);
  return row;
}

async function counts() {
  const list = await screen.findByRole('list', { name: 'Machines by state' });
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
}

const frame = (message: unknown) => liveFrameReceived({ path: '/ws/it/', frame: { message } });
const listReads = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter((c) => c.key === 'GET /api/script/it-list/').length;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the live board', () => {
  it('counts users per state and with alerts, and shows each one’s state, app, load and alerts in words', async () => {
    renderAt('/it');
    expect(await shownUsers()).toEqual(['@amal', '@fadi', '@omar']);
    expect(await counts()).toEqual(['Active1', 'Idle1', 'Locked0', 'Offline1', 'With alerts2']);

    const amal = rowOf('amal');
    expect(within(amal).getByText('Active')).toBeInTheDocument();
    expect(within(amal).getByText('for 12m')).toBeInTheDocument();
    expect(within(amal).getByText('Tickets - Portal')).toBeInTheDocument();
    expect(within(amal).getByText('firefox')).toBeInTheDocument();
    expect(within(amal).getByText('for 5m')).toBeInTheDocument();
    expect(within(amal).getByRole('link', { name: 'Amal Haddad' })).toHaveAttribute('href', '/it/amal');
    // CPU 20 %, RAM 4 of 8 GB, disk half full, 20 ms.
    expect(within(amal).getByText('20%')).toBeInTheDocument();
    expect(within(amal).getAllByText('50%')).toHaveLength(2);
    expect(within(amal).getByText('20 ms')).toBeInTheDocument();

    const omar = rowOf('omar');
    expect(within(omar).getByText('Idle')).toBeInTheDocument();
    expect(within(omar).getByText('for 1h 15m')).toBeInTheDocument();
    expect(within(omar).getByText('Hidden by a redaction rule')).toBeInTheDocument();
    expect(within(omar).queryByText('[redacted]')).not.toBeInTheDocument();
    expect(within(omar).getByText('Disk over 90%')).toBeInTheDocument();
    expect(within(omar).getByText('High latency')).toBeInTheDocument();
    expect(within(rowOf('fadi')).getByText('Offline on shift')).toBeInTheDocument();
  });

  it('gives each machine of a person its own row; an offline one shows its last values, greyed, its timers stopped', async () => {
    const desk = makeMachine('amal', {
      hostname: 'desk-amal',
      status: 'active',
      status_since: minutesAgo(12),
      last_seen: minutesAgo(0),
      app: makeAppEntry({
        active_app_title: 'Tickets - Portal',
        active_app_process: 'firefox',
        switch_time: minutesAgo(5),
      }),
    });
    const laptop = makeMachine('amal', {
      agent_id: 77,
      hostname: 'laptop-amal',
      status: 'offline',
      status_since: minutesAgo(5),
      last_seen: minutesAgo(5),
      // In front for 11 minutes when the laptop went silent, 16 minutes ago now.
      app: makeAppEntry({ active_app_title: 'Budget.xlsx', active_app_process: 'excel', switch_time: minutesAgo(16) }),
      device: makeDevice({ cpu_load: 33 }),
      network: makeNetwork({ latency_ms: 41 }),
    });
    const amal = makeItRecord('amal', 'Amal', 'Haddad', { machines: [desk, laptop] });
    renderAt('/it', { 'GET /api/script/it-list/': () => ({ status: 200, body: [amal] }) });
    const table = await screen.findByRole('table', { name: 'Users and their machines' });
    const rows = await within(table).findAllByText('@amal');
    expect(rows).toHaveLength(2);
    const rowOfHost = (host: string) => within(table).getByText(host).closest('tr')!;

    const live = rowOfHost('desk-amal');
    expect(within(live).getByText('Tickets - Portal')).toBeInTheDocument();
    expect(within(live).getByTestId('it-row-state')).not.toHaveAttribute('data-offline');
    expect(within(live).queryByTestId('last-seen')).not.toBeInTheDocument();

    const off = rowOfHost('laptop-amal');
    expect(within(off).getByTestId('it-row-state')).toHaveAttribute('data-offline', 'true');
    expect(within(off).getByText('Offline')).toBeInTheDocument();
    expect(within(off).getByText('for 5m')).toBeInTheDocument();
    // The app's timer stopped at the last sign of life: 11 minutes, not 16.
    expect(within(off).getByText('Budget.xlsx')).toBeInTheDocument();
    expect(within(off).getByTestId('app-duration')).toHaveTextContent('for 11m');
    expect(within(off).getByTestId('last-seen')).toHaveTextContent(/^Last seen /);
    // The last values, said to be so, in grey on a greyed row.
    expect(
      within(off)
        .getAllByTestId('last-value')
        .map((v) => v.textContent),
    ).toEqual(expect.arrayContaining(['33% (last seen)', '41 ms (last seen)']));
    expect(within(live).queryByTestId('last-value')).not.toBeInTheDocument();
    expect(getComputedStyle(off).backgroundColor).not.toBe(getComputedStyle(live).backgroundColor);
    // The person is at work on the desk: one of two machines active, one offline.
    expect(await counts()).toEqual(['Active1', 'Idle0', 'Locked0', 'Offline1', 'With alerts0']);
  });

  it('filters by department, state and search, keeping the filters in the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/it');
    await shownUsers();
    await user.click(screen.getByRole('combobox', { name: 'Department' }));
    await user.click(screen.getByRole('option', { name: 'QUALITY' }));
    expect(await shownUsers()).toEqual(['@omar']);
    expect(router.state.location.search).toBe('?dept=QUALITY');

    await user.click(screen.getByRole('combobox', { name: 'Department' }));
    await user.click(screen.getByRole('option', { name: 'All departments' }));
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(screen.getByRole('option', { name: 'Offline' }));
    expect(await shownUsers()).toEqual(['@fadi']);
    expect(router.state.location.search).toBe('?status=offline');

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(screen.getByRole('option', { name: 'All states' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by name, username or app' }), 'firefox');
    expect(await shownUsers()).toEqual(['@amal']);
    expect(router.state.location.search).toBe('?q=firefox');
  });

  it('opens with the filters of a shared link', async () => {
    renderAt('/it?status=idle&q=omar');
    expect(await shownUsers()).toEqual(['@omar']);
    expect(screen.getByRole('searchbox')).toHaveValue('omar');
  });

  it('sorts by a column: the state from at work to no agent, then back', async () => {
    const user = userEvent.setup();
    renderAt('/it');
    await shownUsers();
    await user.click(screen.getByRole('button', { name: 'State' }));
    expect(await shownUsers()).toEqual(['@amal', '@omar', '@fadi']);
    await user.click(screen.getByRole('button', { name: 'State' }));
    expect(await shownUsers()).toEqual(['@fadi', '@omar', '@amal']);
  });

  it('updates a row live from frames, without reading the board again', async () => {
    const { api, store } = renderAt('/it');
    await shownUsers();
    const reads = listReads(api);
    act(() => {
      store.dispatch(
        frame({
          command: 'app_usage',
          ...pcOf('amal'),
          data: {
            active_app_title: 'Inbox - Mail',
            active_app_process: 'thunderbird',
            active_app_memory: null,
            url: null,
            opened_apps: [],
            pid: 9,
            category: 'neutral',
          },
        }),
      );
      store.dispatch(
        frame({
          command: 'it_status',
          ...pcOf('amal'),
          status: 'locked',
          since: minutesAgo(0),
          last_seen: minutesAgo(0),
        }),
      );
      store.dispatch(frame({ command: 'network', ...pcOf('amal'), data: makeNetwork({ latency_ms: 350 }) }));
    });
    const amal = rowOf('amal');
    expect(await within(amal).findByText('Inbox - Mail')).toBeInTheDocument();
    expect(within(amal).getByText('thunderbird')).toBeInTheDocument();
    expect(within(amal).getByText('Locked')).toBeInTheDocument();
    // Both the lock and the new app began just now.
    expect(within(amal).getAllByText('under a minute')).toHaveLength(2);
    expect(within(amal).getByText('350 ms')).toBeInTheDocument();
    expect(within(amal).getByText('High latency')).toBeInTheDocument();
    expect(await counts()).toEqual(['Active0', 'Idle1', 'Locked1', 'Offline1', 'With alerts3']);
    expect(listReads(api)).toBe(reads);
  });

  it('reads the board again for a frame about someone not on it, and when the channel re-opens', async () => {
    const { api, store } = renderAt('/it');
    await shownUsers();
    const before = listReads(api);
    act(() => void store.dispatch(frame({ command: 'user_logs', username: 'newcomer', data: [] })));
    await waitFor(() => expect(listReads(api)).toBe(before + 1));
    act(() => void store.dispatch(liveReconnected({ path: '/ws/it/' })));
    await waitFor(() => expect(listReads(api)).toBe(before + 2));
    // Another channel's re-open, and a frame that is not the channel's, are not ours.
    act(() => {
      store.dispatch(liveReconnected({ path: '/ws/notification/' }));
      store.dispatch(frame({ command: 'unknown', username: 'amal' }));
    });
    expect(listReads(api)).toBe(before + 2);
  });

  it('speaks Arabic: states, counts and alerts', async () => {
    await changeLanguage('ar');
    try {
      renderAt('/it');
      const table = await screen.findByRole('table', { name: 'المستخدمون وأجهزتهم' });
      const list = within(await screen.findByRole('list', { name: 'الأجهزة حسب الحالة' }));
      expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        'نشط1',
        'خامل1',
        'مقفل0',
        'غير متصل1',
        'لديهم تنبيهات2',
      ]);
      const omar = within(table).getByText('@omar').closest('tr')!;
      expect(within(omar).getByText('خامل')).toBeInTheDocument();
      expect(within(omar).getByText('مخفي بقاعدة حجب')).toBeInTheDocument();
      expect(within(omar).getByText('القرص ممتلئ فوق 90٪')).toBeInTheDocument();
      expect(within(omar).getByText('منذ 1 س 15 د')).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });

  it('shows only the board to those who may watch but not manage agents (no tabs, ?tab= ignored)', async () => {
    const { api } = renderAt('/it?tab=agents', {}, 'QUALITY');
    await shownUsers();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.key === 'GET /api/it/agents/')).toBe(false);
  });
});

const agent = (over: Partial<TAgent> = {}): TAgent => ({
  id: 5,
  username: 'amal',
  first_name: 'Amal',
  last_name: 'Haddad',
  user_type: 'HR',
  hostname: 'desk-05',
  platform: 'linux',
  version: '1.0.0',
  enrolled_at: '2026-11-01T09:00:00.000Z',
  last_seen: '2026-11-23T09:00:00.000Z',
  connected: true,
  revoked_at: null,
  ...over,
});

describe('agents', () => {
  it('lists enrolled machines and revokes one behind a confirmation, with a toast', async () => {
    const user = userEvent.setup();
    let agents = [agent(), agent({ id: 6, hostname: 'laptop-06', platform: 'win32', connected: false })];
    const { api, router } = renderAt('/it', {
      'GET /api/it/agents/': () => ({ status: 200, body: agents }),
      'DELETE /api/it/agents/5/': () => {
        agents = agents.map((a) =>
          a.id === 5 ? { ...a, connected: false, revoked_at: '2026-11-23T10:00:00.000Z' } : a,
        );
        // (The server answers 204; the fake's Response cannot carry an empty 204: an empty 200 reads alike.)
        return { status: 200, raw: '' };
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Agents' }));
    expect(router.state.location.search).toBe('?tab=agents');
    const table = await screen.findByRole('table', { name: 'Enrolled machines' });
    expect(await within(table).findByText('desk-05')).toBeInTheDocument();
    expect(within(table).getByText('Windows')).toBeInTheDocument();
    expect(within(table).getByText('Connected')).toBeInTheDocument();
    expect(within(table).getByText('Not connected')).toBeInTheDocument();
    expect(
      screen.getByText(`npm run agent -- enroll --server ${window.location.origin} --username itdesk`),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke the agent on desk-05 (Amal Haddad)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the agent on desk-05?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Agent revoked.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.key === 'DELETE /api/it/agents/5/')).toHaveLength(1);
    expect(await within(table).findByText(/^Revoked /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke the agent on desk-05 (Amal Haddad)' })).not.toBeInTheDocument();
  });

  it('cancelling the confirmation revokes nothing', async () => {
    const user = userEvent.setup();
    const { api } = renderAt('/it?tab=agents', { 'GET /api/it/agents/': () => ({ status: 200, body: [agent()] }) });
    await user.click(await screen.findByRole('button', { name: 'Revoke the agent on desk-05 (Amal Haddad)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);
  });
});

describe('rules', () => {
  const handlers: Handlers = {
    'GET /api/it/redaction-rules/': () => ({ status: 200, body: [] }),
    'GET /api/it/category-rules/': () => ({ status: 200, body: [] }),
  };

  it('shows the server’s field error under the pattern and keeps what was typed', async () => {
    const user = userEvent.setup();
    const { api } = renderAt('/it?tab=rules', {
      ...handlers,
      'POST /api/it/redaction-rules/': () => ({
        status: 400,
        body: { message: 'Check the fields.', extra: { fields: { pattern: ['This pattern is already a rule.'] } } },
      }),
    });
    const section = await screen.findByRole('region', { name: 'Redaction rules' });
    const pattern = within(section).getByRole('textbox', { name: 'Pattern' });
    await user.type(pattern, 'bank');
    await user.type(within(section).getByRole('textbox', { name: 'Description' }), 'Banking');
    await user.click(within(section).getByRole('button', { name: 'Add rule' }));
    expect(await within(section).findByText('This pattern is already a rule.')).toBeInTheDocument();
    expect(pattern).toHaveAttribute('aria-invalid', 'true');
    expect(pattern).toHaveValue('bank');
    expect(api.calls.find((c) => c.key === 'POST /api/it/redaction-rules/')?.body).toEqual({
      pattern: 'bank',
      description: 'Banking',
    });
  });

  it('shows the refusal of a pattern that could stall matching under the field, in English and Arabic', async () => {
    const slow =
      'This pattern can take too long to match some texts (nested or overlapping repeats). Write a simpler one.';
    const user = userEvent.setup();
    renderAt('/it?tab=rules', {
      ...handlers,
      'POST /api/it/category-rules/': () => ({
        status: 400,
        body: {
          message: slow,
          code: 'patternTooSlow',
          extra: { fields: { pattern: [slow] }, codes: { pattern: [{ code: 'patternTooSlow' }] } },
        },
      }),
    });
    const section = await screen.findByRole('region', { name: 'Productivity categories' });
    const pattern = within(section).getByRole('textbox', { name: 'Pattern' });
    await user.type(pattern, '^(a+)+$');
    await user.click(within(section).getByRole('button', { name: 'Add rule' }));
    expect(await within(section).findByText(slow)).toBeInTheDocument();
    expect(pattern).toHaveAttribute('aria-invalid', 'true');
    try {
      await changeLanguage('ar');
      expect(
        await within(section).findByText(
          'قد يستغرق هذا النمط وقتًا طويلًا جدًا في مطابقة بعض النصوص (تكرارات متداخلة أو متراكبة). اكتب نمطًا أبسط.',
        ),
      ).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });

  it('refuses a pattern that does not compile before asking the server', async () => {
    const user = userEvent.setup();
    const { api } = renderAt('/it?tab=rules', handlers);
    const section = await screen.findByRole('region', { name: 'Redaction rules' });
    await user.type(within(section).getByRole('textbox', { name: 'Pattern' }), 'bank(');
    await user.click(within(section).getByRole('button', { name: 'Add rule' }));
    expect(await within(section).findByText('This is not a valid pattern.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.key.startsWith('POST'))).toBe(false);
  });

  it('adds a category rule and lists it; deletes it behind a confirmation', async () => {
    const user = userEvent.setup();
    let rules: unknown[] = [];
    const { api } = renderAt('/it?tab=rules', {
      ...handlers,
      'GET /api/it/category-rules/': () => ({ status: 200, body: rules }),
      'POST /api/it/category-rules/': async (request) => {
        const body = (await request.json()) as Record<string, string>;
        const rule = { id: 1, ...body, created_at: '2026-11-23T10:00:00.000Z', created_by: 'itdesk' };
        rules = [rule];
        return { status: 201, body: rule };
      },
      'DELETE /api/it/category-rules/1/': () => {
        rules = [];
        return { status: 200, raw: '' };
      },
    });
    const section = await screen.findByRole('region', { name: 'Productivity categories' });
    await user.click(within(section).getByRole('combobox', { name: 'Matched against' }));
    await user.click(screen.getByRole('option', { name: 'Site' }));
    await user.type(within(section).getByRole('textbox', { name: 'Pattern' }), 'youtube');
    await user.click(within(section).getByRole('combobox', { name: 'Category' }));
    await user.click(screen.getByRole('option', { name: 'Unproductive' }));
    await user.click(within(section).getByRole('button', { name: 'Add rule' }));
    expect(await screen.findByText('Rule added.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'POST /api/it/category-rules/')?.body).toEqual({
      field: 'site',
      pattern: 'youtube',
      category: 'unproductive',
    });
    const table = within(section).getByRole('table', { name: 'Category rules' });
    expect(await within(table).findByText('youtube')).toBeInTheDocument();
    expect(within(table).getByText('Unproductive')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Delete the rule youtube' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Rule deleted.')).toBeInTheDocument();
    expect(await within(section).findByText('No category rule yet: everything is neutral.')).toBeInTheDocument();
  });
});

describe('the /it guard', () => {
  it('tells someone with nobody to watch that the board is not for them', async () => {
    renderApp(routes, { url: '/it', api: {}, user: makeUser('HR') });
    expect(await screen.findByRole('heading', { level: 1, name: 'The IT board is not for you' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My activity' })).toHaveAttribute('href', '/user');
  });
});

describe('the board’s department filter in Arabic', () => {
  it('names each department in Arabic and keeps its code in the URL', async () => {
    await changeLanguage('ar');
    try {
      const user = userEvent.setup();
      const { router } = renderAt('/it');
      await screen.findByRole('table', { name: 'المستخدمون وأجهزتهم' });
      await user.click(screen.getByRole('combobox', { name: 'القسم' }));
      const options = within(await screen.findByRole('listbox')).getAllByRole('option');
      expect(options.map((o) => o.textContent)).not.toContain('QUALITY');
      await user.click(screen.getByRole('option', { name: 'الجودة' }));
      expect(router.state.location.search).toBe('?dept=QUALITY');
    } finally {
      await changeLanguage('en');
    }
  });
});
