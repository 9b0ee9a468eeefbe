import { ZEventLogPage, type TEventLogFilter, type TEventLogPage } from '@portal/contracts';
import { api } from '../../../lib/api/api';
import { downloadServerFile } from '../../../lib/api/download';

export const eventLogsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Keyset pages: each answer names the cursor of the next one.
    eventLogs: build.infiniteQuery<TEventLogPage, TEventLogFilter, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.next_cursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: 'eventlogs/',
        params: { ...queryArg, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
      responseSchema: ZEventLogPage,
    }),
  }),
});

export const { useEventLogsInfiniteQuery } = eventLogsApi;

/** The filtered set as a CSV file, saved under the server's name. */
export function downloadEventLogsCsv(filter: TEventLogFilter, token: string): Promise<void> {
  const params = new URLSearchParams(filter as Record<string, string>);
  return downloadServerFile(`eventlogs/export.csv?${params}`, token, 'event-logs.csv');
}
