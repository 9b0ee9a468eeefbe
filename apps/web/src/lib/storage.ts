/**
 * Every localStorage key the app uses, in one place, so that public/boot.js (which runs
 * before the bundle to avoid a flash of the wrong theme or direction) and the app agree.
 */
export const STORAGE_KEYS = {
  token: 'portal.token',
  user: 'portal.user',
  colorMode: 'portal.color-mode',
  language: 'portal.language',
  chunkReload: 'portal.chunk-reload',
  /** The help desk's figures folded away ('collapsed') or shown (absent). */
  deskFigures: 'portal.desk-figures',
  /** This session came from the company's OpenID provider ('1'): signing out also goes there. */
  ssoSession: 'portal.sso-session',
} as const;

/** localStorage may be unavailable (private mode, quota, sandboxed iframe): never throw. */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Losing persistence is better than breaking sign-in.
  }
}
