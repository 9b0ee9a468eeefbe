import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NO_MINUTES } from '../../../../lib/format';
import { clockOf } from './day-format';
import { DAY, makeItDay } from './day-test-data';
import { DayView } from './day-view';
import { renderApp } from '../../../../test/render-app';

const renderDay = (day = makeItDay()) => renderApp(<DayView day={day} />, { user: null });

describe('one user’s day', () => {
  it('draws every timeline segment as a focusable element named in words, coloured by what it was', async () => {
    renderDay();
    const bar = screen.getByRole('group', {
      name: `The day from ${clockOf(`${DAY}T09:00:00.000Z`)} to ${clockOf(`${DAY}T11:00:00.000Z`)}`,
    });
    const segments = within(bar).getAllByRole('img');
    expect(segments.map((s) => s.getAttribute('data-shade'))).toEqual(['productive', 'idle', 'unproductive', 'locked']);
    expect(segments[0]).toHaveAccessibleName(
      `${clockOf(`${DAY}T09:00:00.000Z`)}–${clockOf(`${DAY}T09:45:00.000Z`)} (45m) · thunderbird — Inbox - Mail · Productive`,
    );
    expect(segments[1]).toHaveAccessibleName(expect.stringMatching(/\(15m\) · Idle$/));
    expect(segments[3]).toHaveAccessibleName(expect.stringMatching(/\(30m\) · Locked$/));
    // Placed by time on the bar's 120 minutes: 0, 45, 60 and 90 minutes in.
    expect(segments.map((s) => s.style.left)).toEqual(['0%', '37.5%', '50%', '75%']);
    // Keyboard: Tab reaches the segments one by one.
    const user = userEvent.setup();
    segments[0]!.focus();
    await user.tab();
    expect(segments[1]).toHaveFocus();
  });

  it('shows the totals, top apps and sites with their categories, and the category split', () => {
    renderDay();
    expect(screen.getByTestId('total-active')).toHaveTextContent('Active1h 15m');
    expect(screen.getByTestId('total-idle')).toHaveTextContent('Idle15m');
    expect(screen.getByTestId('total-locked')).toHaveTextContent('Locked30m');
    const apps = within(screen.getByRole('list', { name: 'Top apps' })).getAllByRole('listitem');
    expect(apps.map((a) => a.textContent)).toEqual([
      'thunderbird45mProductive',
      'firefox30mUnproductive',
      'gedit10mNeutral',
      'xterm1mNeutral',
    ]);
    const sites = within(screen.getByRole('list', { name: 'Top sites' })).getAllByRole('listitem');
    expect(sites.map((a) => a.textContent)).toEqual(['videotube.example30mUnproductive']);
    expect(
      screen.getByRole('img', { name: `Productive 45m (60%), Neutral ${NO_MINUTES} (0%), Unproductive 30m (40%)` }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('category-productive')).toHaveTextContent('Productive45m (60%)');
  });

  it('lists the segments in a table with a CSV export, and the daily log with its lock periods', () => {
    renderDay();
    // jsdom matches no media query: the phone layout, a card per segment.
    const table = screen.getByRole('list', { name: 'Every period of the day' });
    const rows = within(table).getAllByRole('listitem');
    expect(rows).toHaveLength(4);
    expect(rows[2]).toHaveTextContent('Cats - VideoTube - Firefox');
    expect(rows[2]).toHaveTextContent('https://videotube.example/cats');
    expect(screen.getByRole('button', { name: /CSV/ })).toBeInTheDocument();
    const log = screen.getByTestId('daily-log');
    expect(log).toHaveTextContent('Machine desk-01');
    expect(log).toHaveTextContent('Active1h 15m');
    expect(log).toHaveTextContent('1 lock period');
  });

  it('says so when nothing was reported', () => {
    renderDay(
      makeItDay({
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
      }),
    );
    expect(screen.getAllByText('No activity was reported on this day.')).toHaveLength(2);
    expect(screen.getByText('No app was used.')).toBeInTheDocument();
    expect(screen.getByText('No device samples on this day.')).toBeInTheDocument();
    expect(screen.getByText('No network samples on this day.')).toBeInTheDocument();
    expect(screen.getByText('No machine reported on this day.')).toBeInTheDocument();
  });
});
