import { eventLogEndpoints, fillPath, type TEventLogFilter, type TEventLogPage } from '@portal/contracts';
import { api } from '../../../lib/api/api';
import { downloadServerFile } from '../../../lib/api/download';
import { contractRequest } from '../../../lib/api/endpoint';

const E = eventLogEndpoints;

export const eventLogsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Keyset pages: each answer names the cursor of the next one.
    eventLogs: build.infiniteQuery<TEventLogPage, TEventLogFilter, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.next_cursor,
      },
      query: ({ queryArg, pageParam }) =>
        contractRequest(E.listEventLogs, { query: { ...queryArg, ...(pageParam ? { cursor: pageParam } : {}) } }),
      responseSchema: E.listEventLogs.responses[200],
    }),
  }),
});

export const { useEventLogsInfiniteQuery } = eventLogsApi;

/** The filtered set as a CSV file, saved under the server's name. */
export function downloadEventLogsCsv(filter: TEventLogFilter, token: string): Promise<void> {
  const params = new URLSearchParams(filter as Record<string, string>);
  // Relative to the API's base (`/api/`), as downloadServerFile expects.
  const path = fillPath(E.exportEventLogs.path, {}).slice(1);
  return downloadServerFile(`${path}?${params}`, token, 'event-logs.csv');
}
