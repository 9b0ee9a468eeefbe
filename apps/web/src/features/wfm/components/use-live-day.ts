import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { useDebounced } from '../../../lib/use-debounced';
import { selectPresenceChangeCount } from '../../interpreters';

const MINUTE = 60_000;

/**
 * Keeps today's board current: a presence change (the interpreters' live channel counts
 * them) re-reads the day once the burst has settled (300 ms), and a minute's tick re-reads
 * it anyway so online minutes and adherence advance. Other days do not change.
 */
export function useLiveDay(isToday: boolean, refetch: () => unknown): void {
  const changes = useDebounced(useSelector(selectPresenceChangeCount), 300);
  // The latest refetch, so neither effect restarts when the query hands out a new one.
  const read = useRef(refetch);
  read.current = refetch;
  // Only a new count re-reads: the first one is the state the board loaded with.
  const seen = useRef(changes);
  useEffect(() => {
    if (seen.current === changes) return;
    seen.current = changes;
    if (isToday) void read.current();
  }, [changes, isToday]);
  useEffect(() => {
    if (!isToday) return;
    const timer = setInterval(() => void read.current(), MINUTE);
    return () => clearInterval(timer);
  }, [isToday]);
}
