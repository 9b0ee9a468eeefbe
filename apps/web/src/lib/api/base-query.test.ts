import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';
import { HTTP_TIMEOUT_MS, sessionRejected } from './base-query';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<unknown, void>({ query: () => 'probe/' }) }),
});

function storeWith(token: string) {
  const seen: string[] = [];
  const record: Middleware = () => (next) => (action) => {
    seen.push((action as { type: string }).type);
    return next(action);
  };
  const store = configureStore({
    reducer: { auth: () => ({ token }), [api.reducerPath]: api.reducer },
    middleware: (d) => d().concat(api.middleware).concat(record),
  });
  return { store, seen };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('HTTP base query (spec §7, §8)', () => {
  it('calls /api/ on the page origin with the Bearer token', async () => {
    const fetchMock = vi.fn(
      async (_req: Request) => new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { store } = storeWith('abc');
    const result = await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(result.data).toEqual({ ok: true });
    const request = fetchMock.mock.calls[0]![0];
    expect(request.url).toBe(`${window.location.origin}/api/probe/`);
    expect(request.headers.get('authorization')).toBe('Bearer abc');
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = vi.fn(async (_req: Request) => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    const { store } = storeWith('');
    await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(fetchMock.mock.calls[0]![0].headers.has('authorization')).toBe(false);
  });

  it('classifies an unreachable server as FETCH_ERROR', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { store } = storeWith('');
    const result = await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
  });

  it('classifies a non-JSON answer as PARSING_ERROR', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { headers: { 'content-type': 'application/json' } })),
    );
    const { store } = storeWith('');
    const result = await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(result.error).toMatchObject({ status: 'PARSING_ERROR' });
  });

  it('gives up after 20 s with TIMEOUT_ERROR', async () => {
    expect(HTTP_TIMEOUT_MS).toBe(20_000);
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (req: Request) =>
          new Promise((_resolve, reject) => {
            // As real fetch does: reject with the signal's reason (a TimeoutError).
            req.signal.addEventListener('abort', () => reject(req.signal.reason as Error));
          }),
      ),
    );
    const { store } = storeWith('');
    const pending = store.dispatch(probeApi.endpoints.probe.initiate());
    await vi.advanceTimersByTimeAsync(19_999);
    expect(store.getState().api.queries['probe(undefined)']?.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(2);
    const result = await pending;
    expect(result.error).toMatchObject({ status: 'TIMEOUT_ERROR' });
  });

  it('reports a 401 on an authenticated request as a rejected session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"no"}', { status: 401 })),
    );
    const { store, seen } = storeWith('stale');
    await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(seen).toContain(sessionRejected.type);
  });

  it('does not treat a 401 without a token as a rejected session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"no"}', { status: 401 })),
    );
    const { store, seen } = storeWith('');
    await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(seen).not.toContain(sessionRejected.type);
  });
});
