import type { TDeviceMonitor, TNetworkMonitor } from '@portal/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../../lib/i18n/i18n';
import { axisLabel, giveChartsRoom, tickTexts } from '../../../../test/chart-room';
import { renderApp } from '../../../../test/render-app';
import { DeviceCharts, NetworkCharts } from './sample-charts';

// Six samples a quarter of an hour apart, from 09:00 UTC.
const at = (i: number) => new Date(Date.UTC(2026, 10, 3, 9, 15 * i)).toISOString();
const device = Array.from(
  { length: 6 },
  (_, i) => ({ at: at(i), cpu_load: 20 + i * 10, memory_total_bytes: 8e9, memory_used_bytes: 4e9 }) as TDeviceMonitor,
);
const network = Array.from(
  { length: 6 },
  (_, i) => ({ at: at(i), latency_ms: 30 + i, rx_bytes_per_s: 50_000, tx_bytes_per_s: 9_000 }) as TNetworkMonitor,
);

describe('the IT day charts', () => {
  afterEach(() => {
    giveChartsRoom().mockRestore();
  });
  afterAll(async () => {
    await changeLanguage('en');
  });

  it('name their axes, say the times of day and the per cents in English, and mark each sample', async () => {
    giveChartsRoom();
    const { container } = renderApp(<DeviceCharts samples={device} />, { user: null });
    await waitFor(() => expect(tickTexts(container, 'x').length).toBeGreaterThan(1));
    expect(axisLabel(container, 'x')).toBe('Time');
    expect(axisLabel(container, 'y')).toBe('Share of the machine');
    for (const tick of tickTexts(container, 'x')) expect(tick).toMatch(/^\d{1,2}:\d{2}\s?[AP]M$/);
    expect(tickTexts(container, 'y')).toContain('50%');
    // Two lines (CPU and memory), a marker on each of their six samples.
    expect(container.querySelectorAll('.MuiLineChart-mark')).toHaveLength(12);
    expect(screen.getByRole('table', { name: 'CPU load and memory used over the day' })).toBeInTheDocument();
  });

  it('say them in Arabic, the times running from the right', async () => {
    await changeLanguage('ar');
    giveChartsRoom();
    const { container } = renderApp(<NetworkCharts samples={network} />, { user: null });
    await waitFor(() => expect(tickTexts(container, 'x').length).toBeGreaterThan(1));
    const [latency] = screen.getAllByRole('figure');
    expect(axisLabel(latency!, 'x')).toBe('الوقت');
    expect(axisLabel(latency!, 'y')).toBe('زمن الذهاب والإياب');
    const times = tickTexts(latency!, 'x');
    // Arabic day periods (ص/م), and the earliest time drawn rightmost (x-charts lists ticks earliest first).
    for (const tick of times) expect(tick).toMatch(/[صم]$/);
    const xs = [...latency!.querySelectorAll('.MuiChartsAxis-directionX .MuiChartsAxis-tickContainer')].map((g) =>
      Number(/translate\(([-\d.]+)/.exec(g.getAttribute('transform') ?? '')?.[1]),
    );
    expect(xs).toEqual([...xs].sort((a, b) => b - a));
    expect(latency!.querySelector('.MuiChartsAxis-directionY')?.classList.contains('MuiChartsAxis-right')).toBe(true);
    expect(tickTexts(latency!, 'y').join(' ')).toMatch(/ملي ث/);
  });
});
