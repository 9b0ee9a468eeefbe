import type { TKpiScorecard } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { formatCalendarDate } from '../../../lib/format';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { axisLabel, giveChartsRoom, tickTexts } from '../../../test/chart-room';
import { renderApp } from '../../../test/render-app';
import { KpiChart } from './kpi-chart';

const MONTHS = ['2026-08-01', '2026-09-01', '2026-10-01', '2026-11-01'];

const card = {
  period: 'monthly',
  periods: MONTHS.map((m) => ({ period_start: m, period_end: m, score: null })),
} as unknown as TKpiScorecard;
const kpi = {
  id: 1,
  name: 'Quality score',
  unit: 'percent',
  direction: 'higher',
  target: 90,
  records: [
    { period_start: '2026-08-01', value: 84 },
    { period_start: '2026-09-01', value: 88 },
    { period_start: '2026-11-01', value: 93 },
  ],
} as unknown as TKpiScorecard['kpis'][number];

function renderChart() {
  const { container } = renderApp(<KpiChart kpi={kpi} card={card} />, { user: null });
  return container;
}

describe('a KPI scorecard chart', () => {
  afterEach(() => {
    giveChartsRoom().mockRestore();
  });
  afterAll(async () => {
    await changeLanguage('en');
  });

  it('names its axes, labels each month, marks each value and keeps the target label off its line', async () => {
    giveChartsRoom();
    const chart = renderChart();
    await screen.findByText('Target 90%');
    expect(axisLabel(chart, 'x')).toBe('Month');
    expect(axisLabel(chart, 'y')).toBe('Value');
    expect(tickTexts(chart, 'x')).toEqual(['August 2026', 'September 2026', 'October 2026', 'November 2026']);
    expect(tickTexts(chart, 'y').every((t) => /^\d+%$/.test(t))).toBe(true);
    // One marker per value; the month without one has none.
    expect(chart.querySelectorAll('.MuiLineChart-mark')).toHaveLength(3);
    // The target label stands above its line at the reader's start, haloed against the lines.
    const label = chart.querySelector<SVGTextElement>('.MuiChartsReferenceLine-label')!;
    const line = chart.querySelector('.MuiChartsReferenceLine-line')!;
    const lineY = Number(/M\s*[-\d.]+[ ,]([-\d.]+)/.exec(line.getAttribute('d') ?? '')?.[1]);
    expect(Number(label.getAttribute('y'))).toBeLessThanOrEqual(lineY - 6);
    expect(label.getAttribute('text-anchor')).toBe('start');
    expect(label.style.paintOrder).toBe('stroke');
    // Screen readers get the values as a table and the gist as the figure's caption.
    const table = screen.getByRole('table', { name: 'Quality score per period' });
    expect(within(table).getByRole('row', { name: 'October 2026 — 90%' })).toBeInTheDocument();
    expect(screen.getByRole('figure')).toHaveAccessibleName(/Quality score: 93% in November 2026/);
  });

  it('says its months and values in Arabic, months running from the right', async () => {
    await changeLanguage('ar');
    giveChartsRoom();
    const chart = renderChart();
    await waitFor(() => expect(chart.querySelector('.MuiChartsReferenceLine-label')).toHaveTextContent(/^الهدف 90/));
    expect(axisLabel(chart, 'x')).toBe('الشهر');
    expect(axisLabel(chart, 'y')).toBe('القيمة');
    const months = MONTHS.map((m) => formatCalendarDate(m, 'monthYear'));
    expect(months[0]).toMatch(/أغسطس/);
    // Drawn left to right: the latest month first, as the axis runs from the right.
    expect(tickTexts(chart, 'x')).toEqual([...months].reverse());
    expect(chart.querySelector('.MuiChartsAxis-directionY')?.classList.contains('MuiChartsAxis-right')).toBe(true);
  });
});
