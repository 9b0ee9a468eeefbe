import { useEffect, useState } from 'react';

/**
 * A file behind the Bearer token (never a token in a URL), such as an OCR page image or a
 * call's snapshot: fetched as a blob and shown through an object URL, released when the
 * address changes or the view goes. `version` re-reads the same address when the file
 * behind it changed (an OCR page recognised again).
 */
export function useBlobUrl(url: string | null, token: string | null, version = '') {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    setState({ src: null, failed: false });
    if (!url || !token) return undefined;
    let objectUrl: string | null = null;
    let live = true;
    fetch(new URL(url, window.location.origin), { headers: { authorization: `Bearer ${token}` } })
      .then((res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return res.blob();
      })
      .then(
        (blob) => {
          if (!live) return;
          objectUrl = URL.createObjectURL(blob);
          setState({ src: objectUrl, failed: false });
        },
        () => live && setState({ src: null, failed: true }),
      );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, token, version]);
  return state;
}
