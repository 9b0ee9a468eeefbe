import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { WS_CHANNELS, ZWsOcrProgress, type TOcrJob, type TWsOcrProgress } from '@portal/contracts';
import { liveFrameReceived, liveReconnected } from '../../lib/live-channel';
import type { AppThunkDispatch } from '../../lib/store-hooks';
import { ocrApi, ocrPageTagId } from './api/ocr-api';

type RootState = Parameters<typeof ocrApi.util.selectCachedArgsForQuery>[0];
type Progress = TWsOcrProgress['message'];

const ENDED = new Set<TOcrJob['status']>(['done', 'failed', 'cancelled']);

function patch(job: TOcrJob, p: Progress) {
  job.status = p.status;
  job.pages = p.pages;
  job.pages_done = p.pages_done;
  job.pages_failed = p.pages_failed;
  job.error = p.error;
}

/**
 * A progress frame moves the job's bars where it is cached (every jobs list and its
 * detail) without a request; a page that just finished is re-read if it is open; a job
 * that ended re-reads its detail (times, confidence, pages) and the lists and search.
 */
function applyProgress(p: Progress, state: RootState, dispatch: AppThunkDispatch) {
  for (const args of ocrApi.util.selectCachedArgsForQuery(state, 'ocrJobs')) {
    dispatch(
      ocrApi.util.updateQueryData('ocrJobs', args, (draft) => {
        const job = draft.results.find((j) => j.id === p.job);
        if (job) patch(job, p);
      }),
    );
  }
  dispatch(ocrApi.util.updateQueryData('ocrJob', p.job, (draft) => patch(draft, p)));
  if (p.page !== null) dispatch(ocrApi.util.invalidateTags([{ type: 'OcrPage', id: ocrPageTagId(p.job, p.page) }]));
  if (ENDED.has(p.status)) {
    dispatch(ocrApi.util.invalidateTags([{ type: 'OcrJob', id: p.job }, 'OcrList', 'OcrSearch']));
  }
}

/**
 * `ocr_progress` frames on `/ws/notification/` (the owner's channel, kept open
 * by the bell). Frames missed while away are gone: on reconnect everything re-reads.
 */
export function registerOcrListeners(listener: ListenerMiddlewareInstance) {
  const startListening = listener.startListening.withTypes<RootState, AppThunkDispatch>();
  startListening({
    actionCreator: liveReconnected,
    effect: ({ payload: { path } }, { dispatch }) => {
      if (path !== WS_CHANNELS.notification) return;
      dispatch(ocrApi.util.invalidateTags(['OcrJob', 'OcrList', 'OcrPage', 'OcrSearch']));
    },
  });
  startListening({
    actionCreator: liveFrameReceived,
    effect: ({ payload: { path, frame } }, { dispatch, getState }) => {
      if (path !== WS_CHANNELS.notification) return;
      const parsed = ZWsOcrProgress.safeParse(frame);
      if (parsed.success) applyProgress(parsed.data.message, getState(), dispatch);
    },
  });
}
