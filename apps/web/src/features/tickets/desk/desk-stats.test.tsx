import type { TTicketStats } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { axisLabel, giveChartsRoom, tickTexts } from '../../../test/chart-room';
import { renderApp } from '../../../test/render-app';
import { DeskStats } from './desk-stats';

const stats = {
  departments: ['IT', 'HR'],
  from: '2026-10-28',
  to: '2026-11-27',
  open_by_status: { open: 5, in_progress: 2, answered: 1 },
  open_by_department: [
    { department: 'IT', open: 4, in_progress: 2, answered: 1 },
    { department: 'HR', open: 1, in_progress: 0, answered: 0 },
  ],
  waiting_minutes: 240,
  waiting_count: 0,
  waiting: [],
  median_first_response_minutes: 12,
  median_resolution_minutes: 90,
  created_in_period: 9,
  closed_in_period: 4,
} as unknown as TTicketStats;

const renderStats = () => renderApp(<DeskStats stats={stats} period={30} onPeriod={() => {}} />, { user: null });

describe('the desk’s department chart', () => {
  afterEach(() => {
    giveChartsRoom().mockRestore();
  });
  afterAll(async () => {
    await changeLanguage('en');
  });

  it('names its axes, its departments and whole-number counts, with the counts as a table', async () => {
    giveChartsRoom();
    const { container } = renderStats();
    await waitFor(() => expect(tickTexts(container, 'x')).toEqual(['IT', 'HR']));
    expect(axisLabel(container, 'x')).toBe('Department');
    expect(axisLabel(container, 'y')).toBe('Active tickets');
    expect(tickTexts(container, 'y').every((t) => /^\d+$/.test(t))).toBe(true);
    const table = screen.getByRole('table', { name: 'Active tickets by department' });
    expect(within(table).getByRole('row', { name: 'IT 4 2 1' })).toBeInTheDocument();
    expect(screen.getByRole('figure')).toHaveAccessibleName('IT has the most active tickets: 7.');
  });

  it('runs from the right in Arabic, its value axis on the right', async () => {
    await changeLanguage('ar');
    giveChartsRoom();
    const { container } = renderStats();
    // Departments by name in Arabic (the codes are English pages' words).
    await waitFor(() => expect(tickTexts(container, 'x')).toEqual(['الموارد البشرية', 'تقنية المعلومات']));
    expect(axisLabel(container, 'x')).toBe('الإدارة');
    expect(axisLabel(container, 'y')).toBe('التذاكر النشطة');
    expect(container.querySelector('.MuiChartsAxis-directionY')?.classList.contains('MuiChartsAxis-right')).toBe(true);
    expect(screen.getByRole('figure')).toHaveAccessibleName(/أكثر الأقسام تذاكر نشطة/);
  });
});
