import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../../lib/i18n/i18n';
import { renderApp } from '../../../../test/render-app';
import { DAY, makeItDay, makeSegment } from './day-test-data';
import { DayView } from './day-view';

/** Two machines the same morning: mail on the desk, a browser on the laptop at the same minute. */
function twoMachines() {
  const desk = [makeSegment()];
  const laptop = [
    makeSegment({ title: 'Tickets - Firefox', process: 'firefox', category: 'neutral' }),
    makeSegment({ from: `${DAY}T09:45:00.000Z`, to: `${DAY}T10:00:00.000Z`, process: 'xterm', title: 'shell' }),
  ];
  const machine = (agent_id: number, hostname: string, timeline: typeof desk) => ({
    agent_id,
    hostname,
    status: 'active' as const,
    status_since: `${DAY}T09:00:00.000Z`,
    last_seen: `${DAY}T10:00:00.000Z`,
    timeline,
    active_seconds: 0,
    idle_seconds: 0,
    locked_seconds: 0,
  });
  return makeItDay({
    timeline: [...desk, ...laptop],
    machines: [machine(1, 'desk-01', desk), machine(2, 'laptop-07', laptop)],
  });
}

describe('the day’s periods, per machine', () => {
  afterEach(() => changeLanguage('en'));

  it('names each period’s machine when the day has several, in the page’s language', async () => {
    renderApp(<DayView day={twoMachines()} />, { user: null, wide: true });
    const table = screen.getByRole('table', { name: 'Every period of the day' });
    expect(within(table).getByRole('columnheader', { name: /Machine/ })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    // The two 09:00 periods side by side, each with its own machine.
    const at9 = rows.filter((r) => r.textContent?.includes('thunderbird') || r.textContent?.includes('firefox'));
    expect(at9.map((r) => within(r).getByText(/desk-01|laptop-07/).textContent).sort()).toEqual([
      'desk-01',
      'laptop-07',
    ]);
    await changeLanguage('ar');
    expect(await within(table).findByRole('columnheader', { name: /الجهاز/ })).toBeInTheDocument();
  });

  it('has no machine column for a day on one machine', () => {
    renderApp(<DayView day={makeItDay()} />, { user: null, wide: true });
    const table = screen.getByRole('table', { name: 'Every period of the day' });
    expect(within(table).queryByRole('columnheader', { name: /Machine/ })).not.toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(5);
  });
});

describe('the category split for screen readers', () => {
  afterEach(() => changeLanguage('en'));

  it('is one list in the page’s language, not joined with an English comma', async () => {
    await changeLanguage('ar');
    renderApp(<DayView day={makeItDay()} />, { user: null });
    const split = screen.getByRole('img', { name: /^منتج/ });
    expect(split.getAttribute('aria-label')).not.toContain(', ');
    expect(split.getAttribute('aria-label')).toMatch(/ و/);
  });
});
