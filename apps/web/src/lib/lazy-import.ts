import { STORAGE_KEYS } from './storage';

/** Spec §9: a code chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;
/** Reload at most once in this window: a second failure shows the error page. */
const RELOAD_WINDOW_MS = 60_000;

/** Spec §8 'Loading chunk failed'. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('Loading chunk failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

export const isChunkLoadError = (error: unknown): error is ChunkLoadError =>
  error instanceof Error && error.name === 'ChunkLoadError';

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`chunk not loaded after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Where a reload should land. A data router changes the URL only after a route's code
 * has loaded, so a plain reload during a navigation would return to the page the user
 * was leaving; the router registers the pending navigation's URL here.
 */
let reloadTarget: () => string | null = () => null;
export function setChunkReloadTarget(target: () => string | null): void {
  reloadTarget = target;
}

function reloadPage(): void {
  const target = reloadTarget();
  if (target && target !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
    window.location.assign(target);
  } else {
    window.location.reload();
  }
}

function lastReloadAt(): number {
  try {
    return Number(window.sessionStorage.getItem(STORAGE_KEYS.chunkReload) ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Imports a lazy module. The usual cause of a failure is a new deployment that removed
 * the old hashed chunks, which a reload fixes; so the page reloads once, and only if the
 * chunk fails again is the error surfaced (the route's error page offers a retry).
 */
export async function importWithReload<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  try {
    return await withTimeout(load(), timeoutMs);
  } catch (error) {
    if (Date.now() - lastReloadAt() > RELOAD_WINDOW_MS) {
      try {
        window.sessionStorage.setItem(STORAGE_KEYS.chunkReload, String(Date.now()));
        reloadPage();
        // Never settles: the page is going away.
        return await new Promise<never>(() => {});
      } catch {
        // No sessionStorage: fall through to the error page rather than loop.
      }
    }
    throw new ChunkLoadError(error);
  }
}

/** The error page's retry: a fresh reload that may reload once more if needed. */
export function retryAfterChunkError(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEYS.chunkReload);
  } catch {
    // ignore
  }
  reloadPage();
}
