import { ZEventLogPage, type TEventLogFilter, type TEventLogPage } from '@portal/contracts';
import { api } from '../../../lib/api/api';

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

/** The filtered set as a CSV file: fetched with the session's token, then saved. */
export async function downloadEventLogsCsv(filter: TEventLogFilter, token: string): Promise<void> {
  const params = new URLSearchParams(filter as Record<string, string>);
  const res = await fetch(`${window.location.origin}/api/eventlogs/export.csv?${params}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `HTTP ${res.status}`);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'event-logs.csv';
  const url = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
