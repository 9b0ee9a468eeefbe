import type { TDepartmentSummary } from '@portal/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { axisLabel, giveChartsRoom, tickTexts } from '../../../test/chart-room';
import { renderApp } from '../../../test/render-app';
import { SummaryChart } from './report-summaries';

const row = (department: string, opened: number, leave: number) =>
  ({
    department,
    tickets_opened: opened,
    tickets_closed: 2,
    first_response_median_minutes: null,
    leave_days_taken: leave,
    kpi_average: null,
    online_hours: null,
    adherence: null,
  }) as TDepartmentSummary;
const rows = [row('IT', 14, 3.5), row('HR', 6, 1)];

describe('the summaries chart', () => {
  afterEach(() => {
    giveChartsRoom().mockRestore();
  });
  afterAll(async () => {
    await changeLanguage('en');
  });

  it('names both axes and says the busiest department in words', async () => {
    giveChartsRoom();
    const { container } = renderApp(<SummaryChart rows={rows} />, { user: null });
    await waitFor(() => expect(tickTexts(container, 'x')).toEqual(['IT', 'HR']));
    expect(axisLabel(container, 'x')).toBe('Department');
    expect(axisLabel(container, 'y')).toBe('Tickets or days');
    expect(screen.getByRole('figure')).toHaveAccessibleName(
      'Busiest: IT, with 14 tickets opened, 2 closed and 3.5 leave days.',
    );
  });

  it('runs from the right in Arabic', async () => {
    await changeLanguage('ar');
    giveChartsRoom();
    const { container } = renderApp(<SummaryChart rows={rows} />, { user: null });
    // Departments by name in Arabic (the codes are English pages' words).
    await waitFor(() => expect(tickTexts(container, 'x')).toEqual(['الموارد البشرية', 'تقنية المعلومات']));
    expect(axisLabel(container, 'y')).toBe('التذاكر أو الأيام');
    expect(container.querySelector('.MuiChartsAxis-directionY')?.classList.contains('MuiChartsAxis-right')).toBe(true);
  });
});
