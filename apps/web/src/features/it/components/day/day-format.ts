import type { TItCategory, TItTimelineSegment } from '@portal/contracts';
import type { Theme } from '@mui/material/styles';
import dayjs from 'dayjs';
import { formatMinutes } from '../../../../lib/format';

const ISO = 'YYYY-MM-DD';

/** Seconds as spec §5's 'Xh Ym' (whole minutes; 'مخبرش' for none). */
export const formatSeconds = (seconds: number) => formatMinutes(seconds / 60);

/**
 * `HH:MM` of an instant on the browser's clock (Latin digits, like the schedule's times):
 * the day's contract names its date but not its zone, and the people reading a colleague's
 * day sit in the portal's zone with them.
 */
export const clockOf = (iso: string | null | undefined) => (iso ? dayjs(iso).format('HH:mm') : '');

/** Seconds between two instants (never negative). */
export const secondsBetween = (from: string, to: string) =>
  Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));

/** Today on the browser's calendar. */
export const todayIso = () => dayjs().format(ISO);

/** The calendar day `days` after `day` (negative: before). */
export const shiftDay = (day: string, days: number) => dayjs(day, ISO).add(days, 'day').format(ISO);

export const isIsoDate = (value: string | null): value is string =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value, ISO).isValid();

/** What a stretch of the timeline is painted as: the app's category, or idle/locked/offline. */
export type SegmentShade = TItCategory | 'idle' | 'locked' | 'offline';

export const shadeOf = (s: Pick<TItTimelineSegment, 'kind' | 'category'>): SegmentShade =>
  s.kind === 'app' ? (s.category ?? 'neutral') : s.kind;

/** One colour per shade, readable in light and dark mode (the legend and table say the same in words). */
export function shadeColor(theme: Theme, shade: SegmentShade): string {
  switch (shade) {
    case 'productive':
      return theme.palette.success.main;
    case 'neutral':
      return theme.palette.info.main;
    case 'unproductive':
      return theme.palette.error.main;
    case 'idle':
      return theme.palette.warning.main;
    case 'locked':
      return theme.palette.grey[theme.palette.mode === 'dark' ? 600 : 500];
    case 'offline':
      return 'transparent';
  }
}

export const SHADES: readonly SegmentShade[] = ['productive', 'neutral', 'unproductive', 'idle', 'locked', 'offline'];
