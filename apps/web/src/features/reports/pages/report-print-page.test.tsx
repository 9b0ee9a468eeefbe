import { screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { makeUser } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { makeReport } from '../test-data';
import { ReportPrintPage } from './report-print-page';

const body =
  '<p>Summary of the month.</p><ul><li>Closed every ticket on time</li><li>أغلقت كل التذاكر في موعدها</li></ul>';

describe('the report print page in Arabic', () => {
  afterAll(async () => {
    await changeLanguage('en');
  });

  it('lays out each list item in its own direction, bullet on its own side, and lists the attachments with sizes', async () => {
    await changeLanguage('ar');
    renderApp([{ path: '/report/:reportId', element: <ReportPrintPage /> }], {
      url: '/report/5',
      user: makeUser('IT', { is_manager: true }),
      api: {
        'GET /api/reports/5/': () => ({
          status: 200,
          body: makeReport({
            body,
            attachments: [
              {
                id: 1,
                filename: 'desk-figures.png',
                content_type: 'image/png',
                size: 2048,
                url: '/api/reports/5/attachments/1/',
              },
            ],
          }),
        }),
      },
    });
    const sheet = await screen.findByTestId('report-body');
    const items = within(sheet).getAllByRole('listitem');
    // dir="auto": the English item reads left to right from the left, the Arabic one from the right.
    for (const item of items) expect(item).toHaveAttribute('dir', 'auto');
    expect(sheet.querySelector('p')).toHaveAttribute('dir', 'auto');
    // On paper, the attachments by name and size.
    expect(screen.getByText('desk-figures.png').closest('li')).toHaveTextContent('desk-figures.png · 2.0 KB');
  });
});
