import {
  fillPath,
  ocrEndpoints,
  type TOcrJob,
  type EndpointInput,
  type TOcrLanguage,
  type TStaffDepartment,
} from '@portal/contracts';
import { api } from '../../../lib/api/api';
import { downloadServerFile } from '../../../lib/api/download';
import { fromContract } from '../../../lib/api/endpoint';

/** What the jobs list asks (the contract's query, every part optional). */
export type OcrJobsArgs = EndpointInput<typeof ocrEndpoints.listOcrJobs>['query'];
/** What a search asks: the words, and the page of results. */
export type OcrSearchArgs = EndpointInput<typeof ocrEndpoints.searchOcr>['query'];

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

const O = ocrEndpoints;

/** OCR jobs. */
export const ocrApi = ocrTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    ocrJobs: build.query({
      ...fromContract(O.listOcrJobs, (query: OcrJobsArgs) => ({ query })),
      providesTags: ['OcrList'],
    }),
    ocrJob: build.query({
      ...fromContract(O.getOcrJob, (id: number) => ({ params: { id } })),
      providesTags: (_r, _e, id) => [{ type: 'OcrJob', id }],
    }),
    ocrPage: build.query({
      ...fromContract(O.getOcrPage, ({ job, page }: { job: number; page: number }) => ({ params: { id: job, page } })),
      providesTags: (_r, _e, { job, page }) => [{ type: 'OcrPage', id: ocrPageTagId(job, page) }],
    }),
    ocrSearch: build.query({
      ...fromContract(O.searchOcr, (query: OcrSearchArgs) => ({ query })),
      providesTags: ['OcrSearch'],
    }),
    createOcrJobs: build.mutation({
      ...fromContract(O.createOcrJobs, (upload: OcrUpload) => ({ body: uploadBody(upload) })),
      invalidatesTags: (r) => (r ? ['OcrList'] : []),
    }),
    shareOcrJob: build.mutation({
      ...fromContract(O.updateOcrJob, ({ id, shared_with }: { id: number; shared_with: TStaffDepartment | null }) => ({
        params: { id },
        body: { shared_with },
      })),
      invalidatesTags: (r, _e, { id }) => (r ? jobChanged(id) : []),
    }),
    cancelOcrJob: build.mutation({
      ...fromContract(O.cancelOcrJob, (id: number) => ({ params: { id } })),
      invalidatesTags: (r, _e, id) => (r ? jobChanged(id) : []),
    }),
    retryOcrJob: build.mutation({
      ...fromContract(O.retryOcrJob, (id: number) => ({ params: { id } })),
      // Retried pages start again: their cached results are stale too.
      invalidatesTags: (r, _e, id) => (r ? [...jobChanged(id), 'OcrPage'] : []),
    }),
    deleteOcrJob: build.mutation({
      ...fromContract(O.deleteOcrJob, (id: number) => ({ params: { id } })),
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

const DOWNLOADS = { text: O.downloadOcrText, pdf: O.downloadOcrPdf, original: O.downloadOcrOriginal } as const;

export function downloadOcrFile(job: Pick<TOcrJob, 'id' | 'filename'>, what: OcrDownload, token: string) {
  const base = job.filename.replace(/\.[^.]+$/, '') || `ocr-${job.id}`;
  const fallback = what === 'text' ? `${base}.txt` : what === 'pdf' ? `${base}.pdf` : job.filename;
  return downloadServerFile(fillPath(DOWNLOADS[what].path, { id: job.id }).slice(1), token, fallback);
}
