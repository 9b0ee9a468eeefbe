import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeUser } from '../../../test/fake-api';
import { makeItDay } from './day/day-test-data';
import { MyActivityCard } from './my-activity-card';
import { renderApp } from '../../../test/render-app';

type Handlers = Parameters<typeof fakeApi>[0];

const renderCard = (handlers: Handlers, user = makeUser('OPERATION', { username: 'hala' })) =>
  renderApp(<MyActivityCard username={user.username} />, { user, api: handlers }).api;

const nothing = makeItDay({
  timeline: [],
  top_apps: [],
  top_sites: [],
  categories: { productive: 0, neutral: 0, unproductive: 0 },
  active_seconds: 0,
  idle_seconds: 0,
  locked_seconds: 0,
  device_monitors: [],
  network_monitors: [],
  daily_logs: [],
});

describe('My activity', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows today’s active, idle and locked time and the three apps used most, linking to the day', async () => {
    const api = renderCard({ 'GET /api/it/users/hala/day/': () => ({ status: 200, body: makeItDay() }) });
    const card = await screen.findByRole('region', { name: 'My activity' });
    expect(within(card).getByTestId('my-active')).toHaveTextContent('1h 15m');
    expect(within(card).getByTestId('my-idle')).toHaveTextContent('15m');
    expect(within(card).getByTestId('my-locked')).toHaveTextContent('30m');
    const apps = within(within(card).getByRole('list', { name: 'Top apps today' })).getAllByRole('listitem');
    expect(apps.map((a) => a.textContent)).toEqual([
      'thunderbird45mProductive',
      'firefox30mUnproductive',
      'gedit10mNeutral',
    ]);
    expect(within(card).getByRole('link', { name: 'Open my day' })).toHaveAttribute('href', '/it/hala');
    // Today: no date asked.
    expect(api.calls.map((c) => c.key)).toEqual(['GET /api/it/users/hala/day/']);
  });

  it('tells staff what the agent collects and whom to ask, with no developer command', async () => {
    renderCard({ 'GET /api/it/users/hala/day/': () => ({ status: 200, body: nothing }) });
    const card = await screen.findByRole('region', { name: 'My activity' });
    expect(within(card).getByText(/No monitoring agent reports for you yet/)).toBeInTheDocument();
    const collected = within(card)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(collected).toHaveLength(4);
    expect(collected[0]).toMatch(/The app in front/);
    expect(within(card).getByText(/never records keystrokes/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Ask IT (new ticket)' })).toHaveAttribute('href', '/ticket/create');
    expect(within(card).queryByTestId('enroll-command')).not.toBeInTheDocument();
    expect(card.textContent).not.toMatch(/npm run/);
  });

  it('gives IT the enrolment steps with the command for this account', async () => {
    renderCard(
      { 'GET /api/it/users/hala/day/': () => ({ status: 200, body: nothing }) },
      makeUser('IT', { username: 'hala' }),
    );
    const card = await screen.findByRole('region', { name: 'My activity' });
    expect(within(card).getByTestId('enroll-command')).toHaveTextContent(
      `npm run agent -- enroll --server ${window.location.origin} --username hala`,
    );
    expect(within(card).getByText(/Then start it with npm run agent/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open the agents' })).toHaveAttribute('href', '/it?tab=agents');
    expect(within(card).queryByRole('link', { name: /Ask IT/ })).not.toBeInTheDocument();
  });

  it('stays away for a guest without data (guests may run no agent)', async () => {
    const api = renderCard(
      { 'GET /api/it/users/hala/day/': () => ({ status: 200, body: nothing }) },
      makeUser('GUEST', { username: 'hala' }),
    );
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'My activity' })).not.toBeInTheDocument();
  });
});
