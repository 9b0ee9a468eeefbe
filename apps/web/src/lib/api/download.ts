import { errorText } from './api-error';

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  // The browser reads the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A file the server generates (a CSV export, a PDF) at `/api/{path}`, fetched with the
 * session's token (a plain link would carry none) and saved under the server's file name
 * (its UTF-8 form when given), else `fallbackName`. Throws with the server's message in the reader's language, for the
 * caller's toast.
 */
export async function downloadServerFile(path: string, token: string, fallbackName: string): Promise<void> {
  const res = await fetch(`${window.location.origin}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) {
    const answer: unknown = await res.json().catch(() => null);
    throw new Error(errorText({ status: res.status, data: answer }));
  }
  saveBlob(await res.blob(), serverFileName(res.headers.get('content-disposition') ?? '') ?? fallbackName);
}

/**
 * The file name a `content-disposition` header gives: RFC 5987's exact UTF-8 `filename*`
 * (an Arabic name) before the plain ASCII `filename` kept for older clients.
 */
export function serverFileName(disposition: string): string | null {
  const exact = /filename\*=UTF-8''([^;\s]+)/i.exec(disposition)?.[1];
  if (exact) {
    try {
      return decodeURIComponent(exact);
    } catch {
      // A malformed encoding: the plain name below.
    }
  }
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
}
