import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_TIMEOUT_MS,
  importWithReload,
  isChunkLoadError,
  retryAfterChunkError,
  setChunkReloadTarget,
} from './lazy-import';
import { STORAGE_KEYS } from './storage';

const reload = vi.fn();
const assign = vi.fn();

beforeEach(() => {
  reload.mockReset();
  assign.mockReset();
  setChunkReloadTarget(() => null);
  vi.stubGlobal('location', { pathname: '/admin', search: '', hash: '', reload, assign });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

describe('lazy chunk loading (spec §8, §9)', () => {
  it('returns the module when it loads', async () => {
    await expect(importWithReload(() => Promise.resolve({ Page: 1 }))).resolves.toEqual({ Page: 1 });
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page once on the first failure', async () => {
    void importWithReload(failing);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(STORAGE_KEYS.chunkReload)).not.toBeNull();
  });

  it('during a navigation, the reload lands on the page being opened', async () => {
    setChunkReloadTarget(() => '/profile/hr');
    void importWithReload(failing);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/profile/hr'));
    expect(reload).not.toHaveBeenCalled();
  });

  it("fails with 'Loading chunk failed' when it fails again right after the reload", async () => {
    sessionStorage.setItem(STORAGE_KEYS.chunkReload, String(Date.now()));
    const error = await importWithReload(failing).catch((e: unknown) => e);
    expect(isChunkLoadError(error)).toBe(true);
    expect((error as Error).message).toBe('Loading chunk failed');
    expect(reload).not.toHaveBeenCalled();
  });

  it('counts a chunk that has not arrived after 120 s as failed', async () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    // Only timers: Date.now stays real, so the reload marker below stays "recent".
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    sessionStorage.setItem(STORAGE_KEYS.chunkReload, String(Date.now()));
    const result = importWithReload(() => new Promise(() => {})).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS + 1);
    expect(isChunkLoadError(await result)).toBe(true);
  });

  it('retry clears the marker and reloads', () => {
    sessionStorage.setItem(STORAGE_KEYS.chunkReload, String(Date.now()));
    retryAfterChunkError();
    expect(sessionStorage.getItem(STORAGE_KEYS.chunkReload)).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
