import { useEffect, useState } from 'react';

const MINUTE = 60_000;

/** Now, refreshed at each minute's turn: durations that grow while someone is online re-render. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let interval: ReturnType<typeof setInterval> | undefined;
    // First tick at the next minute's turn, then every minute.
    const first = setTimeout(
      () => {
        setNow(Date.now());
        interval = setInterval(() => setNow(Date.now()), MINUTE);
      },
      MINUTE - (Date.now() % MINUTE),
    );
    return () => {
      clearTimeout(first);
      if (interval) clearInterval(interval);
    };
  }, []);
  return now;
}
