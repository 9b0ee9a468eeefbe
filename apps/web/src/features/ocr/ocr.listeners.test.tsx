import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveFrameReceived, liveReconnected } from '../../lib/live-channel';
import { makeUser } from '../../test/fake-api';
import { ocrApi } from './api/ocr-api';
import { makeOcrDetail, makeOcrJob, makeOcrPage, paged } from './test-data';
import { renderApp } from '../../test/render-app';

vi.mock('../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
  playRequesterReplySound: vi.fn(),
}));

/** The store's state as the OCR endpoints' selectors type it (their tags are injected later). */
type OcrState = Parameters<ReturnType<typeof ocrApi.endpoints.ocrJob.select>>[0];
const ocrState = (store: { getState(): unknown }) => store.getState() as OcrState;

function setup() {
  const { api, store } = renderApp(<div />, {
    user: makeUser('HR'),
    api: {
      'GET /api/ocr/jobs/': () => ({ status: 200, body: paged([makeOcrJob()]) }),
      'GET /api/ocr/jobs/9/': () => ({ status: 200, body: makeOcrDetail({ status: 'running' }) }),
      'GET /api/ocr/jobs/9/pages/1/': () => ({ status: 200, body: makeOcrPage() }),
      'GET /api/ocr/jobs/9/pages/2/': () => ({ status: 200, body: makeOcrPage({ number: 2 }) }),
    },
  });
  const count = (key: string) => api.calls.filter((c) => c.key === key).length;
  return { store, count };
}

async function openEverything(store: ReturnType<typeof setup>['store']) {
  await act(async () => {
    await Promise.all([
      store.dispatch(ocrApi.endpoints.ocrJobs.initiate({ scope: 'all' })),
      store.dispatch(ocrApi.endpoints.ocrJob.initiate(9)),
      store.dispatch(ocrApi.endpoints.ocrPage.initiate({ job: 9, page: 1 })),
      store.dispatch(ocrApi.endpoints.ocrPage.initiate({ job: 9, page: 2 })),
    ]);
  });
}

const frame = (over: object = {}, path = '/ws/notification/') =>
  liveFrameReceived({
    path,
    frame: {
      message: {
        command: 'ocr_progress',
        job: 9,
        status: 'running',
        pages: 12,
        pages_done: 5,
        pages_failed: 1,
        page: 2,
        error: null,
        ...over,
      },
    },
  });

describe('live OCR progress', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('patches the list and the detail in place, and re-reads only the page that just finished', async () => {
    const { store, count } = setup();
    await openEverything(store);
    act(() => void store.dispatch(frame()));
    const detail = ocrApi.endpoints.ocrJob.select(9)(ocrState(store)).data;
    expect(detail).toMatchObject({ status: 'running', pages: 12, pages_done: 5, pages_failed: 1 });
    const list = ocrApi.endpoints.ocrJobs.select({ scope: 'all' })(ocrState(store)).data;
    expect(list?.results[0]).toMatchObject({ pages_done: 5, pages_failed: 1 });
    await waitFor(() => expect(count('GET /api/ocr/jobs/9/pages/2/')).toBe(2));
    expect(count('GET /api/ocr/jobs/9/pages/1/')).toBe(1);
    expect(count('GET /api/ocr/jobs/')).toBe(1);
    expect(count('GET /api/ocr/jobs/9/')).toBe(1);
  });

  it('a job that ended re-reads its detail and the list; the same frame on another channel does nothing', async () => {
    const { store, count } = setup();
    await openEverything(store);
    act(
      () => void store.dispatch(frame({ status: 'done', pages_done: 12, pages_failed: 0, page: null }, '/ws/admins/')),
    );
    // Patches are synchronous: a frame on another channel left the cache as it was.
    expect(ocrApi.endpoints.ocrJob.select(9)(ocrState(store)).data?.status).toBe('running');
    act(() => void store.dispatch(frame({ status: 'done', pages_done: 12, pages_failed: 0, page: null })));
    await waitFor(() => expect(count('GET /api/ocr/jobs/9/')).toBe(2));
    await waitFor(() => expect(count('GET /api/ocr/jobs/')).toBe(2));
    expect(count('GET /api/ocr/jobs/9/pages/1/')).toBe(1);
  });

  it('re-reads everything after the notification channel reconnects', async () => {
    const { store, count } = setup();
    await openEverything(store);
    act(() => void store.dispatch(liveReconnected({ path: '/ws/admins/' })));
    act(() => void store.dispatch(liveReconnected({ path: '/ws/notification/' })));
    await waitFor(() => expect(count('GET /api/ocr/jobs/9/')).toBe(2));
    await waitFor(() => expect(count('GET /api/ocr/jobs/')).toBe(2));
    await waitFor(() => expect(count('GET /api/ocr/jobs/9/pages/1/')).toBe(2));
  });
});
