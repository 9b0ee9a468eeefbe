import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { msg, REPORT_BODY_LIMITS } from '@portal/contracts';
import { changeLanguage, i18next } from '../../lib/i18n/i18n';
import { translateMessage } from '../../lib/i18n/messages';
import { fakeApi, makeUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { CreateReportPage, EditReportPage } from './pages/report-form-pages';
import { ReportPrintPage } from './pages/report-print-page';
import { ReportsListPage } from './pages/reports-list-page';
import { makeReport } from './test-data';

vi.mock('../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
  playRequesterReplySound: vi.fn(),
}));

type Handlers = Parameters<typeof fakeApi>[0];

const manager = makeUser('IT', { is_manager: true });
const page = (results = [makeReport()]) => ({ status: 200, body: { count: results.length, results } });

const PAGES = [
  { path: '/user/reports/reports-list', element: <ReportsListPage /> },
  { path: '/user/reports/create-report', element: <CreateReportPage /> },
  { path: '/user/reports/edit/:reportId', element: <EditReportPage /> },
  { path: '/report/:reportId', element: <ReportPrintPage /> },
];

/** The reports pages at `url`, the list answering one report unless `handlers` say otherwise. */
const renderAt = (url: string, handlers: Handlers, user = manager) =>
  renderApp(PAGES, { url, user, api: { 'GET /api/reports/': () => page(), ...handlers } });

/** The query string of each list request, in order. */
const listQueries = (api: ReturnType<typeof fakeApi>) =>
  api.fetchMock.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
    .filter((u) => u.pathname === '/api/reports/')
    .map((u) => Object.fromEntries(u.searchParams));

/** Types a date into the picker the way browser autofill does (DD/MM/YYYY). */
function setDate(name: 'period_from' | 'period_to', ddmmyyyy: string) {
  const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) throw new Error(`no ${name} input`);
  fireEvent.change(input, { target: { value: ddmmyyyy } });
}

describe('reports list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows my reports and asks the server again as status, type and search filters change', async () => {
    const user = userEvent.setup();
    const { api, router } = renderAt('/user/reports/reports-list', {});
    const table = await screen.findByRole('list', { name: 'My reports' });
    expect(within(table).getByText('November coaching')).toBeInTheDocument();
    expect(within(table).getByText('Ibrahim Tawfik')).toBeInTheDocument();
    expect(within(table).getByText('Draft')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit November coaching' })).toHaveAttribute(
      'href',
      '/user/reports/edit/5',
    );
    // Not a director: no "all in my scope" switch and no summaries tab.
    expect(screen.queryByRole('switch', { name: 'All in my scope' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Submitted' }));
    await waitFor(() => expect(listQueries(api).at(-1)).toMatchObject({ scope: 'mine', status: 'submitted' }));
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Incident' }));
    await waitFor(() => expect(listQueries(api).at(-1)).toMatchObject({ status: 'submitted', type: 'incident' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search title or text' }), 'coach');
    await waitFor(() => expect(listQueries(api).at(-1)).toMatchObject({ type: 'incident', search: 'coach' }));
    expect(router.state.location.search).toContain('status=submitted');
  });

  it('says so in a toast when the list fails to load', async () => {
    renderAt('/user/reports/reports-list', {
      'GET /api/reports/': () => ({ status: 503, body: { message: 'The database is not reachable.' } }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not reachable.');
  });

  it('lets a director read every report in scope', async () => {
    const user = userEvent.setup();
    const { api } = renderAt(
      '/user/reports/reports-list',
      {},
      makeUser('G.I', { is_director: true, is_manager: true }),
    );
    await user.click(await screen.findByRole('switch', { name: 'All in my scope' }));
    await waitFor(() => expect(listQueries(api).at(-1)).toMatchObject({ scope: 'all' }));
    expect(await screen.findByRole('list', { name: 'Reports in my scope' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Summaries' })).toBeInTheDocument();
  });
  it("shows each department's figures for the period on the summaries tab", async () => {
    const user = userEvent.setup();
    const row = {
      department: 'IT' as const,
      tickets_opened: 12,
      tickets_closed: 9,
      first_response_median_minutes: 95,
      leave_days_taken: 3.5,
      kpi_average: null,
      online_hours: null,
      adherence: null,
    };
    const { api } = renderAt(
      '/user/reports/reports-list',
      {
        'GET /api/reports/summary/': () => ({
          status: 200,
          body: { from: '2026-11-01', to: '2026-11-23', rows: [row] },
        }),
      },
      makeUser('ADMIN'),
    );
    await user.click(await screen.findByRole('tab', { name: 'Summaries' }));
    const list = await screen.findByRole('list', { name: 'Department summaries' });
    expect(within(list).getByText('1h 35m')).toBeInTheDocument();
    expect(within(list).getByText('3.5')).toBeInTheDocument();
    const asked = api.fetchMock.mock.calls
      .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
      .find((u) => u.pathname === '/api/reports/summary/');
    expect(asked?.searchParams.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
    expect(asked?.searchParams.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('report form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts multipart with the subjects as a JSON array and shows the server’s 400 under subjects', async () => {
    const user = userEvent.setup();
    let parts: Record<string, FormDataEntryValue[]> = {};
    const { api } = renderAt('/user/reports/create-report', {
      'POST /api/reports/': async (request) => {
        const form = await request.formData();
        parts = Object.fromEntries([...new Set(form.keys())].map((k) => [k, form.getAll(k)]));
        return {
          status: 400,
          body: {
            message: 'Invalid input.',
            extra: { fields: { subjects: ['Choose the people the report is about.'] } },
          },
        };
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Monthly coaching');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Coaching' }));
    await user.type(screen.getByRole('combobox', { name: 'About' }), 'it{Enter}');
    setDate('period_from', '01/11/2026');
    setDate('period_to', '30/11/2026');
    const file = new File(['notes'], 'notes.txt', { type: 'text/plain' });
    await user.upload(document.querySelector<HTMLInputElement>('input[name="attachments"]')!, file);
    expect(screen.getByRole('textbox', { name: 'Report' })).toHaveAttribute('dir', 'auto');

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.calls.some((c) => c.key === 'POST /api/reports/')).toBe(true));
    await waitFor(() => expect(parts.subjects).toEqual(['["it"]']));
    expect(parts).toMatchObject({
      title: ['Monthly coaching'],
      type: ['coaching'],
      period_from: ['2026-11-01'],
      period_to: ['2026-11-30'],
      submit: ['false'],
    });
    // One file part (jsdom's File loses its name and bytes crossing into Node's FormData;
    // the e2e journey and the server tests cover the stored file).
    expect(parts.attachments).toHaveLength(1);
    const subjects = screen.getByRole('combobox', { name: 'About' });
    expect(subjects).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Choose the people the report is about.')).toBeInTheDocument();
  });

  it('submits a draft only after the confirmation that it becomes final', async () => {
    const user = userEvent.setup();
    const { api, router } = renderAt('/user/reports/edit/5', {
      'GET /api/reports/5/': () => ({ status: 200, body: makeReport() }),
      'PUT /api/reports/5/': () => ({ status: 200, body: makeReport({ status: 'submitted', can_edit: false }) }),
    });
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('November coaching');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit this report?' });
    expect(dialog).toHaveTextContent('can no longer be edited');
    // Keeping on editing sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.key === 'PUT /api/reports/5/')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/reports/reports-list'));
    expect(api.calls.find((c) => c.key === 'PUT /api/reports/5/')?.body).toMatchObject({
      title: 'November coaching',
      subjects: ['it'],
      submit: true,
    });
  });

  it('deletes a draft only after its confirmation, then goes back to the list', async () => {
    const user = userEvent.setup();
    const { api, router } = renderAt('/user/reports/edit/5', {
      'GET /api/reports/5/': () => ({ status: 200, body: makeReport() }),
      // (The server answers 204; the fake's Response cannot carry an empty 204: an empty 200 reads alike.)
      'DELETE /api/reports/5/': () => ({ status: 200, raw: '' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this draft?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.key === 'DELETE /api/reports/5/')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete draft' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/reports/reports-list'));
    expect(api.calls.filter((c) => c.key === 'DELETE /api/reports/5/')).toHaveLength(1);
  });

  it.each(['en', 'ar'] as const)(
    'says under the body, in %s, when the report is past the structural limits, and sends nothing',
    async (lang) => {
      await changeLanguage(lang);
      try {
        const user = userEvent.setup();
        const cells = `<table><tr>${'<td>1</td>'.repeat(REPORT_BODY_LIMITS.cells + 1)}</tr></table>`;
        const { api } = renderAt('/user/reports/edit/5', {
          'GET /api/reports/5/': () => ({ status: 200, body: makeReport({ body: cells }) }),
        });
        await screen.findByDisplayValue('November coaching');
        await user.click(screen.getByRole('button', { name: i18next.t('reports.form.saveDraft') }));
        const message = translateMessage(msg('reportBodyTooManyCells', { count: REPORT_BODY_LIMITS.cells }));
        if (lang === 'ar') expect(message).toMatch(/[\u0600-\u06FF]/);
        expect(message).toContain(String(REPORT_BODY_LIMITS.cells));
        const shown = await screen.findByText(message);
        const editor = screen.getByRole('textbox', { name: i18next.t('reports.fields.body') });
        expect(editor).toHaveAttribute('aria-invalid', 'true');
        expect(editor.getAttribute('aria-describedby')).toBe(shown.id);
        expect(api.calls.some((c) => c.key === 'PUT /api/reports/5/')).toBe(false);
      } finally {
        await changeLanguage('en');
      }
    },
    60_000,
  );

  it('supersedes a submitted report with a new one, prefilled, that names it', async () => {
    const user = userEvent.setup();
    const { api } = renderAt('/user/reports/create-report?supersedes=5', {
      'GET /api/reports/5/': () => ({ status: 200, body: makeReport({ status: 'submitted', can_edit: false }) }),
      'POST /api/reports/': () => ({ status: 201, body: makeReport({ id: 6, supersedes: 5 }) }),
      'GET /api/reports/6/': () => ({ status: 200, body: makeReport({ id: 6, supersedes: 5 }) }),
    });
    expect(await screen.findByText(/replaces report 5/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('November coaching');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.key === 'POST /api/reports/')?.body).toMatchObject({
        supersedes: 5,
        subjects: ['it'],
        submit: false,
      }),
    );
  });

  it('offers only supersede for a submitted report', async () => {
    renderAt('/user/reports/edit/5', {
      'GET /api/reports/5/': () => ({ status: 200, body: makeReport({ status: 'submitted', can_edit: false }) }),
    });
    expect(await screen.findByText(/can no longer be edited/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Supersede' })).toHaveAttribute(
      'href',
      '/user/reports/create-report?supersedes=5',
    );
  });
});

describe('report print page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('renders the body and the meta table', async () => {
    renderAt('/report/5', {
      'GET /api/reports/5/': () => ({
        status: 200,
        body: makeReport({ status: 'submitted', submitted_at: '2026-11-22T10:00:00.000Z', can_edit: false }),
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'November coaching' })).toBeInTheDocument();
    const body = screen.getByTestId('report-body');
    expect(within(body).getByText('42').tagName).toBe('STRONG');
    expect(body).toHaveTextContent('أداء ممتاز هذا الشهر.');
    const meta = screen.getByRole('table');
    expect(within(meta).getByRole('rowheader', { name: 'Type' }).nextElementSibling).toHaveTextContent('Coaching');
    expect(within(meta).getByRole('rowheader', { name: 'About' }).nextElementSibling).toHaveTextContent(
      'Ibrahim Tawfik',
    );
    expect(within(meta).getByRole('rowheader', { name: 'Author' }).nextElementSibling).toHaveTextContent('Sam One');
    expect(within(meta).getByRole('rowheader', { name: 'Status' }).nextElementSibling).toHaveTextContent('Submitted');
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  });

  it('shows the not-found page for a report the reader may not see', async () => {
    renderAt('/report/9', { 'GET /api/reports/9/': () => ({ status: 404, body: { message: 'Not found.' } }) });
    expect(await screen.findByText('404')).toBeInTheDocument();
  });
});
