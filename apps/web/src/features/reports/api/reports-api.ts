import {
  fillPath,
  reportEndpoints as R,
  type TReportRequest,
  type TReportsQuery,
  type TReportSummaryQuery,
} from '@portal/contracts';
import { api } from '../../../lib/api/api';
import { downloadServerFile } from '../../../lib/api/download';
import { fromContract } from '../../../lib/api/endpoint';

/** A report's fields as the form sends them (subjects a list; the server also takes it as JSON text). */
export type ReportFields = Omit<TReportRequest, 'subjects' | 'remove_attachments'> & {
  subjects: string[];
  remove_attachments?: number[];
};

/**
 * JSON when there are no files; multipart otherwise, with the same fields as text parts and
 * the lists (`subjects`, `remove_attachments`) as JSON array text, as the contract reads them.
 */
function body(fields: ReportFields, files: readonly File[]): FormData | ReportFields {
  if (files.length === 0) return fields;
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.append(key, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  for (const file of files) form.append('attachments', file, file.name);
  return form;
}

/** The feature's own cache tags: 'Report' (one report) and 'ReportList' (lists, summaries). */
const reportsTaggedApi = api.enhanceEndpoints({ addTagTypes: ['Report', 'ReportList'] });

/** Manager reports. */
export const reportsApi = reportsTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    reports: build.query({
      ...fromContract(R.listReports, (query: TReportsQuery) => ({ query })),
      providesTags: ['ReportList'],
    }),
    report: build.query({
      ...fromContract(R.getReport, (id: number) => ({ params: { id } })),
      providesTags: (_r, _e, id) => [{ type: 'Report', id }],
    }),
    createReport: build.mutation({
      ...fromContract(R.createReport, ({ fields, files = [] }: { fields: ReportFields; files?: File[] }) => ({
        body: body(fields, files),
      })),
      invalidatesTags: (result) =>
        result?.supersedes ? ['ReportList', { type: 'Report', id: result.supersedes }] : ['ReportList'],
    }),
    updateReport: build.mutation({
      ...fromContract(
        R.updateReport,
        ({ id, fields, files = [] }: { id: number; fields: ReportFields; files?: File[] }) => ({
          params: { id },
          body: body(fields, files),
        }),
      ),
      invalidatesTags: (result, _e, { id }) => (result ? ['ReportList', { type: 'Report', id }] : []),
    }),
    deleteReport: build.mutation({
      ...fromContract(R.deleteReport, (id: number) => ({ params: { id } })),
      invalidatesTags: (_r, error) => (error ? [] : ['ReportList']),
    }),
    reportSummary: build.query({
      ...fromContract(R.getReportSummary, (query: TReportSummaryQuery) => ({ query })),
      providesTags: ['ReportList'],
    }),
  }),
});

export const {
  useReportsQuery,
  useReportQuery,
  useCreateReportMutation,
  useUpdateReportMutation,
  useDeleteReportMutation,
  useReportSummaryQuery,
} = reportsApi;

/**
 * The report as a PDF from the server's renderer, labels in `lang`, saved under the name the
 * server gives it (what it is, in that language); `report-{id}.pdf` if none.
 */
export function downloadReportPdf(id: number, lang: 'en' | 'ar', token: string): Promise<void> {
  return downloadServerFile(
    `${fillPath(R.getReportPdf.path, { id }).slice(1)}?${new URLSearchParams({ lang })}`,
    token,
    `report-${id}.pdf`,
  );
}

/** The department summaries as the server's CSV. */
export function downloadSummaryCsv(query: TReportSummaryQuery, token: string): Promise<void> {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => !!e[1]));
  return downloadServerFile(
    `${R.exportReportSummaryCsv.path.slice(1)}?${params}`,
    token,
    `report-summary-${query.from}-${query.to}.csv`,
  );
}
