import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveFrameReceived } from '../../../lib/live-channel';
import { fakeApi, makeUser } from '../../../test/fake-api';
import { makeOcrJob, makeSearchHit, paged } from '../test-data';
import { OcrPage } from './ocr-page';
import { renderApp } from '../../../test/render-app';

vi.mock('../../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
  playRequesterReplySound: vi.fn(),
}));

type Handlers = Parameters<typeof fakeApi>[0];

function renderList(handlers: Handlers = {}, url = '/ocr') {
  const app = renderApp(<OcrPage />, {
    url,
    path: '/ocr',
    user: makeUser('HR'),
    api: { 'GET /api/ocr/jobs/': () => ({ status: 200, body: paged([makeOcrJob()]) }), ...handlers },
  });
  const count = (key: string) => app.api.calls.filter((c) => c.key === key).length;
  return { ...app, count };
}

const progress = (over: object) =>
  liveFrameReceived({
    path: '/ws/notification/',
    frame: {
      message: {
        command: 'ocr_progress',
        job: 9,
        status: 'running',
        pages: 12,
        pages_done: 4,
        pages_failed: 0,
        page: 4,
        error: null,
        ...over,
      },
    },
  });

/** A file of a given declared size without allocating it. */
function fileOf(name: string, type: string, size = 1000) {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

// Bounds for a loaded 2-core machine, where one of these journeys can take 15 s.
describe('OCR jobs list', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists jobs with status, pages, language and owner, and moves the bar on an ocr_progress frame without a refetch', async () => {
    const { store, count } = renderList();
    const list = await screen.findByRole('list', { name: 'OCR jobs' });
    expect(within(list).getByText('contract-scan.pdf')).toBeInTheDocument();
    expect(within(list).getByText('Running')).toBeInTheDocument();
    expect(within(list).getByText('English')).toBeInTheDocument();
    expect(within(list).getByText('Sam One')).toBeInTheDocument();
    const bar = within(list).getByRole('progressbar', { name: 'Progress of contract-scan.pdf' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(bar).toHaveAttribute('aria-valuetext', 'Page 3 of 12');

    act(() => void store.dispatch(progress({})));
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', 'Page 4 of 12'));
    expect(bar).toHaveAttribute('aria-valuenow', '33');
    expect(count('GET /api/ocr/jobs/')).toBe(1);

    // Another job's frame, or a malformed one, changes nothing here.
    act(() => {
      store.dispatch(progress({ job: 10, pages_done: 11 }));
      store.dispatch(progress({ pages_done: 'eleven' }));
    });
    expect(bar).toHaveAttribute('aria-valuetext', 'Page 4 of 12');
  });

  it('a job that ends re-reads the list, and its failure reason is said in words', async () => {
    let answer = makeOcrJob();
    const { store, count } = renderList({ 'GET /api/ocr/jobs/': () => ({ status: 200, body: paged([answer]) }) });
    const list = await screen.findByRole('list', { name: 'OCR jobs' });
    answer = makeOcrJob({ status: 'failed', error: 'encrypted', pages_done: 0 });
    act(() => void store.dispatch(progress({ status: 'failed', error: 'encrypted', pages_done: 0, page: null })));
    await waitFor(() => expect(count('GET /api/ocr/jobs/')).toBe(2));
    expect(await within(list).findByText('Failed')).toBeInTheDocument();
    expect(within(list).getByText(/password-protected/)).toBeInTheDocument();
    // A failed job may be retried, not cancelled.
    expect(within(list).getByRole('button', { name: 'Retry contract-scan.pdf' })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Cancel contract-scan.pdf' })).not.toBeInTheDocument();
  });

  it('refuses an .exe and an oversized file under the picker, and sends nothing', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { count } = renderList();
    await screen.findByRole('list', { name: 'OCR jobs' });
    const input = document.querySelector<HTMLInputElement>('input[name="files"]')!;
    await user.upload(input, [
      fileOf('setup.exe', 'application/x-msdownload'),
      fileOf('huge.png', 'image/png', 21 * 1024 * 1024),
    ]);
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual([
      'setup.exe is not a PNG, JPEG, TIFF, WebP or PDF file.',
      'huge.png is larger than 20 MiB.',
    ]);
    expect(input).toHaveAccessibleDescription(/setup\.exe is not a PNG/);
    await user.click(screen.getByRole('button', { name: 'Start recognition' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one file.');
    expect(count('POST /api/ocr/jobs/')).toBe(0);
  });

  it('uploads several files with the chosen language (remembered), and shows the server’s file error under the picker', async () => {
    const user = userEvent.setup();
    let sent: FormData | null = null;
    const { count } = renderList({
      'POST /api/ocr/jobs/': async (request) => {
        sent = await request.formData();
        return {
          status: 400,
          body: {
            message: 'Invalid input.',
            extra: { fields: { files: ['a.png: the file is not a PNG, JPEG, TIFF, WebP or PDF.'] } },
          },
        };
      },
    });
    await screen.findByRole('list', { name: 'OCR jobs' });
    await user.upload(document.querySelector<HTMLInputElement>('input[name="files"]')!, [
      fileOf('a.png', 'image/png'),
      fileOf('b.pdf', 'application/pdf'),
    ]);
    await user.click(screen.getByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'Arabic + English' }));
    await user.click(screen.getByRole('checkbox', { name: 'Share with my department' }));
    await user.click(screen.getByRole('button', { name: 'Start recognition' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'a.png: the file is not a PNG, JPEG, TIFF, WebP or PDF.',
    );
    expect(count('POST /api/ocr/jobs/')).toBe(1);
    const form = sent as FormData | null;
    expect(form?.get('language')).toBe('ara+eng');
    expect(form?.get('shared_with')).toBe('HR');
    expect(form?.getAll('files')).toHaveLength(2);
    expect(window.localStorage.getItem('portal.ocr-language')).toBe('ara+eng');
  });

  it('takes the accepted files out of the selection and keeps each refused one, marked with its reason, until removed', async () => {
    const user = userEvent.setup();
    const sent: number[] = [];
    const { count } = renderList({
      'POST /api/ocr/jobs/': async (request) => {
        const files = (await request.formData()).getAll('files').length;
        sent.push(files);
        if (files === 1) {
          // Every file refused: the usual 400, one reason per file.
          const params = { name: 'blank.png' };
          return {
            status: 400,
            body: {
              message: 'blank.png is empty.',
              code: 'fileEmpty',
              params,
              extra: { fields: { files: ['blank.png is empty.'] }, codes: { files: [{ code: 'fileEmpty', params }] } },
            },
          };
        }
        return {
          status: 201,
          body: {
            results: [makeOcrJob({ id: 11, filename: 'letter.png', status: 'queued' })],
            files: [
              {
                index: 0,
                filename: 'notes.png',
                job: null,
                refused: {
                  code: 'ocrFileTypeRefused',
                  params: { name: 'notes.png' },
                  message: 'notes.png cannot be read by OCR: its content must be PNG, JPEG, TIFF, WebP or PDF.',
                },
              },
              { index: 1, filename: 'letter.png', job: 11, refused: null },
            ],
          },
        };
      },
    });
    await screen.findByRole('list', { name: 'OCR jobs' });
    const input = document.querySelector<HTMLInputElement>('input[name="files"]')!;
    await user.upload(input, [fileOf('notes.png', 'image/png'), fileOf('letter.png', 'image/png')]);
    await user.click(screen.getByRole('button', { name: 'Start recognition' }));

    expect(await screen.findByText('1 document queued for recognition.')).toBeInTheDocument();
    const selection = screen.getByRole('list', { name: 'Chosen files' });
    await waitFor(() => expect(within(selection).queryByText('letter.png')).not.toBeInTheDocument());
    const notes = within(selection).getByRole('button', { name: 'notes.png' });
    expect(notes).toHaveAccessibleDescription(
      /cannot be read by OCR: its content must be PNG, JPEG, TIFF, WebP or PDF\./,
    );
    expect(screen.getByText(/^1 file was not accepted: its reason is under it\./)).toHaveAttribute('role', 'alert');

    // A file of the next upload that is refused too (all of it: a 400) is marked the same way.
    await user.upload(input, [fileOf('blank.png', 'image/png', 0)]);
    expect(
      within(selection)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['notes.png', 'blank.png']);
    notes.focus();
    await user.keyboard('{Delete}');
    expect(within(selection).queryByText('notes.png')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start recognition' }));
    const blank = await within(selection).findByRole('button', { name: 'blank.png', description: /is empty\./ });
    expect(blank).toBeInTheDocument();
    expect(sent).toEqual([2, 1]);
    expect(count('POST /api/ocr/jobs/')).toBe(2);
  });

  it('keeps filters in the URL and asks the server with them', async () => {
    const user = userEvent.setup();
    const { api, router } = renderList();
    await screen.findByRole('list', { name: 'OCR jobs' });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await user.click(screen.getByRole('combobox', { name: 'Whose jobs' }));
    await user.click(await screen.findByRole('option', { name: 'Only mine' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filter by file name' }), 'contract');
    const last = () => {
      const urls = api.fetchMock.mock.calls
        .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
        .filter((u) => u.pathname === '/api/ocr/jobs/');
      return Object.fromEntries(urls.at(-1)!.searchParams);
    };
    await waitFor(() => expect(last()).toMatchObject({ status: 'failed', scope: 'mine', q: 'contract' }));
    expect(router.state.location.search).toContain('status=failed');
    expect(router.state.location.search).toContain('scope=mine');
    expect(router.state.location.search).toContain('name=contract');
  });

  it('searches the text of every result: snippets with the hits marked, each a link to its page', async () => {
    const user = userEvent.setup();
    const { api } = renderList({
      'GET /api/ocr/search/': () => ({ status: 200, body: paged([makeSearchHit()]) }),
    });
    await screen.findByRole('list', { name: 'OCR jobs' });
    await user.type(screen.getByRole('searchbox', { name: 'Search inside the text' }), 'invoice');
    const results = await screen.findByRole('list', { name: 'Search results' });
    const marks = results.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['invoice']);
    expect(within(results).getByText(/is due in March/)).toBeInTheDocument();
    expect(within(results).getByRole('link', { name: /contract-scan\.pdf · page 2/ })).toHaveAttribute(
      'href',
      '/ocr/9?page=2',
    );
    expect(screen.getByText('1 page found')).toBeInTheDocument();
    const asked = api.fetchMock.mock.calls
      .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
      .find((u) => u.pathname === '/api/ocr/search/');
    expect(asked?.searchParams.get('q')).toBe('invoice');
  });
});
