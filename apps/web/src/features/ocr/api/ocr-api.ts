import {
  ZOcrJob,
  ZOcrJobDetail,
  ZOcrJobList,
  ZOcrJobsCreated,
  ZOcrPage,
  ZOcrSearchResults,
  type TOcrJob,
  type TOcrJobDetail,
  type TOcrJobList,
  type TOcrJobsCreated,
  type TOcrJobStatus,
  type TOcrLanguage,
  type TOcrPage,
  type TOcrSearchResults,
  type TStaffDepartment,
} from '@portal/contracts';
import { api } from '../../../lib/api/api';
import { downloadServerFile } from '../../../lib/api/download';

/** What the jobs list asks (the contract's query, every part optional). */
export interface OcrJobsArgs {
  page?: number;
  page_size?: number;
  status?: TOcrJobStatus;
  q?: string;
  scope?: 'all' | 'mine';
}

export interface OcrUpload {
  files: readonly File[];
  language: TOcrLanguage;
  shared_with?: TStaffDepartment | null;
}

/** One part per file under `files`, plus the fields as text parts (the contract reads both). */
function uploadBody({ files, language, shared_with }: OcrUpload): FormData {
  const form = new FormData();
  form.append('language', language);
  if (shared_with) form.append('shared_with', shared_with);
  for (const file of files) form.append('files', file, file.name);
  return form;
}

/** The cache id of one page of one job (pages are numbered per job). */
export const ocrPageTagId = (job: number, page: number) => `${job}:${page}`;

/**
 * The feature's own cache tags: 'OcrJob' (a job's detail), 'OcrList' (the jobs list),
 * 'OcrPage' (a page's text and words, id `job:page`), 'OcrSearch' (search results).
 */
const ocrTaggedApi = api.enhanceEndpoints({ addTagTypes: ['OcrJob', 'OcrList', 'OcrPage', 'OcrSearch'] });

/** A job changed (cancel, retry, share): its detail and the lists re-read. */
const jobChanged = (id: number) => [{ type: 'OcrJob' as const, id }, 'OcrList' as const];

/** OCR jobs. */
export const ocrApi = ocrTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    ocrJobs: build.query<TOcrJobList, OcrJobsArgs>({
      query: (params) => ({ url: 'ocr/jobs/', params }),
      responseSchema: ZOcrJobList,
      providesTags: ['OcrList'],
    }),
    ocrJob: build.query<TOcrJobDetail, number>({
      query: (id) => `ocr/jobs/${id}/`,
      responseSchema: ZOcrJobDetail,
      providesTags: (_r, _e, id) => [{ type: 'OcrJob', id }],
    }),
    ocrPage: build.query<TOcrPage, { job: number; page: number }>({
      query: ({ job, page }) => `ocr/jobs/${job}/pages/${page}/`,
      responseSchema: ZOcrPage,
      providesTags: (_r, _e, { job, page }) => [{ type: 'OcrPage', id: ocrPageTagId(job, page) }],
    }),
    ocrSearch: build.query<TOcrSearchResults, { q: string; page?: number; page_size?: number }>({
      query: (params) => ({ url: 'ocr/search/', params }),
      responseSchema: ZOcrSearchResults,
      providesTags: ['OcrSearch'],
    }),
    createOcrJobs: build.mutation<TOcrJobsCreated, OcrUpload>({
      query: (upload) => ({ url: 'ocr/jobs/', method: 'POST', body: uploadBody(upload) }),
      responseSchema: ZOcrJobsCreated,
      invalidatesTags: (r) => (r ? ['OcrList'] : []),
    }),
    shareOcrJob: build.mutation<TOcrJob, { id: number; shared_with: TStaffDepartment | null }>({
      query: ({ id, shared_with }) => ({ url: `ocr/jobs/${id}/`, method: 'PATCH', body: { shared_with } }),
      responseSchema: ZOcrJob,
      invalidatesTags: (r, _e, { id }) => (r ? jobChanged(id) : []),
    }),
    cancelOcrJob: build.mutation<TOcrJob, number>({
      query: (id) => ({ url: `ocr/jobs/${id}/cancel/`, method: 'POST', body: {} }),
      responseSchema: ZOcrJob,
      invalidatesTags: (r, _e, id) => (r ? jobChanged(id) : []),
    }),
    retryOcrJob: build.mutation<TOcrJob, number>({
      query: (id) => ({ url: `ocr/jobs/${id}/retry/`, method: 'POST', body: {} }),
      responseSchema: ZOcrJob,
      // Retried pages start again: their cached results are stale too.
      invalidatesTags: (r, _e, id) => (r ? [...jobChanged(id), 'OcrPage'] : []),
    }),
    deleteOcrJob: build.mutation<null, number>({
      query: (id) => ({ url: `ocr/jobs/${id}/`, method: 'DELETE' }),
      // Not the job's own tag: its open page would re-read a job that is gone.
      invalidatesTags: (_r, error) => (error ? [] : ['OcrList', 'OcrSearch']),
    }),
  }),
});

export const {
  useOcrJobsQuery,
  useOcrJobQuery,
  useOcrPageQuery,
  useOcrSearchQuery,
  useCreateOcrJobsMutation,
  useShareOcrJobMutation,
  useCancelOcrJobMutation,
  useRetryOcrJobMutation,
  useDeleteOcrJobMutation,
} = ocrApi;

/** The three downloads of a job: the text, the searchable PDF (once done) and the original. */
export type OcrDownload = 'text' | 'pdf' | 'original';

export function downloadOcrFile(job: Pick<TOcrJob, 'id' | 'filename'>, what: OcrDownload, token: string) {
  const base = job.filename.replace(/\.[^.]+$/, '') || `ocr-${job.id}`;
  const fallback = what === 'text' ? `${base}.txt` : what === 'pdf' ? `${base}.pdf` : job.filename;
  return downloadServerFile(`ocr/jobs/${job.id}/${what}/`, token, fallback);
}
