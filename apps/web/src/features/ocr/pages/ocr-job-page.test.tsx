import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveFrameReceived } from '../../../lib/live-channel';
import { fakeApi, makeUser } from '../../../test/fake-api';
import { makeOcrDetail, makeOcrPage } from '../test-data';
import { OcrJobPage } from './ocr-job-page';
import { renderApp } from '../../../test/render-app';

vi.mock('../../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
  playRequesterReplySound: vi.fn(),
}));

type Handlers = Parameters<typeof fakeApi>[0];

/** Job 9 at `url`: two pages, the second failed, unless `handlers` say otherwise. */
const renderJob = (url: string, handlers: Handlers = {}) =>
  renderApp(<OcrJobPage />, {
    url,
    path: '/ocr/:ocrId',
    routes: [{ path: '/ocr', element: <h1>List</h1> }],
    user: makeUser('HR'),
    api: {
      'GET /api/ocr/jobs/9/': () => ({ status: 200, body: makeOcrDetail() }),
      'GET /api/ocr/jobs/9/pages/1/': () => ({ status: 200, body: makeOcrPage() }),
      'GET /api/ocr/jobs/9/pages/1/image/': () => ({ status: 200, body: {} }),
      'GET /api/ocr/jobs/9/pages/2/': () => ({
        status: 200,
        body: makeOcrPage({ number: 2, status: 'failed', method: null, error: 'engine_error', text: '', words: [] }),
      }),
      ...handlers,
    },
  });

// Bounds for a loaded 2-core machine, where one of these journeys can take 15 s.
describe('OCR job page', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:page-1');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the page image with a box per word, doubtful words marked, and the text beside it', async () => {
    const user = userEvent.setup();
    const { api } = renderJob('/ocr/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'contract-scan.pdf' })).toBeInTheDocument();
    const image = await screen.findByRole('img', { name: 'Page 1 of contract-scan.pdf' });
    expect(image).toHaveAttribute('src', 'blob:page-1');
    // The image came with the Bearer header, never a token in its address.
    const imageCall = api.calls.find((c) => c.key === 'GET /api/ocr/jobs/9/pages/1/image/');
    expect(imageCall?.authorization).toBe('Bearer token');

    const boxes = [...screen.getByTestId('ocr-word-boxes').querySelectorAll('rect')];
    expect(boxes.map((b) => [b.dataset.word, b.dataset.low])).toEqual([
      ['Invoice', 'false'],
      ['Total', 'true'],
    ]);
    // Doubtful is not colour alone: a dashed outline.
    expect(boxes[0]).not.toHaveAttribute('stroke-dasharray');
    expect(boxes[1]).toHaveAttribute('stroke-dasharray');
    expect(boxes[0]).toHaveAttribute('x', '40');
    expect(boxes[0]).toHaveAttribute('width', '160');

    const text = screen.getByRole('region', { name: 'Text of page 1' });
    expect(text).toHaveTextContent('Invoice 2026');
    expect(text).toHaveTextContent('Total 450');
    expect(text).toHaveAttribute('dir', 'auto');

    // Keyboard: focus the scan and step through the words.
    const scan = screen.getByRole('group', { name: /scanned page with 2 recognised words/ });
    scan.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText(/confidence 96%/)).toHaveTextContent('Invoice · confidence 96%');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText(/confidence 45%/)).toHaveTextContent('Total · confidence 45%, doubtful');
    // Hover shows it too.
    await user.hover(boxes[0]!);
    expect(screen.getByText(/confidence 96%/)).toBeInTheDocument();
  });

  it('copies the page text with a toast', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    renderJob('/ocr/9');
    await screen.findByRole('region', { name: 'Text of page 1' });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('Invoice 2026\nTotal 450');
    expect(await screen.findByText('Copied')).toBeInTheDocument();
  });

  it('keeps the page in the URL; a failed page says why', async () => {
    const user = userEvent.setup();
    const { router } = renderJob('/ocr/9');
    await screen.findByRole('region', { name: 'Text of page 1' });
    const nav = screen.getByRole('navigation', { name: 'Pages of the document' });
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByText(/Page 2 failed: Recognition kept failing/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Page 2 of 2' })).toBeInTheDocument();
  });

  it('opens at ?page=N and shows the text-layer badge and Arabic text right to left', async () => {
    renderJob('/ocr/9?page=2', {
      'GET /api/ocr/jobs/9/': () => ({
        status: 200,
        body: makeOcrDetail({
          language: 'ara',
          page_list: [
            { number: 1, status: 'done', method: 'ocr', confidence: 80, width: 800, height: 600, error: null },
            { number: 2, status: 'done', method: 'text-layer', confidence: null, width: 800, height: 600, error: null },
          ],
        }),
      }),
      'GET /api/ocr/jobs/9/pages/2/': () => ({
        status: 200,
        body: makeOcrPage({ number: 2, method: 'text-layer', confidence: null, text: 'عقد إيجار', words: [] }),
      }),
    });
    const text = await screen.findByRole('region', { name: 'Text of page 2' });
    expect(text).toHaveTextContent('عقد إيجار');
    expect(text).toHaveAttribute('dir', 'rtl');
    expect(screen.getByText("From the PDF's text layer")).toBeInTheDocument();
  });

  it('shows the failure reason of a failed job, and progress while running moves with frames', async () => {
    const { store } = renderJob('/ocr/9', {
      'GET /api/ocr/jobs/9/': () => ({
        status: 200,
        body: makeOcrDetail({ status: 'running', pages: 2, pages_done: 0, pages_failed: 0 }),
      }),
    });
    const bar = await screen.findByRole('progressbar', { name: 'Progress of contract-scan.pdf' });
    expect(bar).toHaveAttribute('aria-valuetext', 'Page 0 of 2');
    act(
      () =>
        void store.dispatch(
          liveFrameReceived({
            path: '/ws/notification/',
            frame: {
              message: {
                command: 'ocr_progress',
                job: 9,
                status: 'running',
                pages: 2,
                pages_done: 1,
                pages_failed: 0,
                page: 1,
                error: null,
              },
            },
          }),
        ),
    );
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', 'Page 1 of 2'));
    expect(screen.getByRole('button', { name: 'Cancel contract-scan.pdf' })).toBeInTheDocument();
  });

  it('a failed job explains itself in plain words', async () => {
    renderJob('/ocr/9', {
      'GET /api/ocr/jobs/9/': () => ({
        status: 200,
        body: makeOcrDetail({
          status: 'failed',
          error: 'corrupt',
          pages: null,
          pages_done: 0,
          pages_failed: 0,
          page_list: [],
        }),
      }),
    });
    expect(await screen.findByText('The file is damaged or not a readable document.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry contract-scan.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Searchable PDF' })).toBeDisabled();
  });

  it('a job given up after crashing the engine twice, or too large to read, says so', async () => {
    for (const [error, words] of [
      ['crashed', 'Reading this document stopped the engine twice, so it was given up. Upload a cleaner copy.'],
      ['too_large', /has more pixels than the server reads/],
    ] as const) {
      renderJob('/ocr/9', {
        'GET /api/ocr/jobs/9/': () => ({
          status: 200,
          body: makeOcrDetail({ status: 'failed', error, pages: 1, pages_done: 0, pages_failed: 1, page_list: [] }),
        }),
      });
      expect(await screen.findByText(words)).toBeInTheDocument();
      cleanup();
    }
  });

  it('the owner shares it with their department, and deletes it after a confirmation', async () => {
    const user = userEvent.setup();
    const { api, router } = renderJob('/ocr/9', {
      'PATCH /api/ocr/jobs/9/': () => ({ status: 200, body: makeOcrDetail({ shared_with: 'HR' }) }),
      // (The server answers 204; the fake cannot build an empty 204: an empty 200 reads alike.)
      'DELETE /api/ocr/jobs/9/': () => ({ status: 200, raw: '' }),
    });
    await user.click(await screen.findByRole('switch', { name: 'Share with HR' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.key === 'PATCH /api/ocr/jobs/9/')?.body).toEqual({ shared_with: 'HR' }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete contract-scan.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this job?' });
    expect(api.calls.some((c) => c.key === 'DELETE /api/ocr/jobs/9/')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ocr'));
    expect(api.calls.filter((c) => c.key === 'DELETE /api/ocr/jobs/9/')).toHaveLength(1);
  });

  it('a job the server does not show (404) is the not-found page', async () => {
    renderJob('/ocr/9', { 'GET /api/ocr/jobs/9/': () => ({ status: 404, body: { message: 'Not found.' } }) });
    expect(await screen.findByText('Job not found')).toBeInTheDocument();
  });
});
