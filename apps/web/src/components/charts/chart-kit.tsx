import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { useId, type ReactNode } from 'react';
import { formatCalendarDate, formatDate, formatDateTime, formatNumber, formatTime } from '../../lib/format';
import { visuallyHidden } from '../visually-hidden';

/*
 * What every chart of the portal shares: axes that say what they measure with ticks in the
 * page's language (format.ts), marked points, a target label that stays off its line, the
 * right-to-left layout, and a text alternative (a caption in words and the figures as a table
 * for screen readers; x-charts' own drawing is hidden from them).
 */

/** Past this many points a line's markers crowd into a bar; the line alone reads better. */
export const MARKS_UP_TO = 48;

/** Whether a line of `points` values draws a marker on each. */
export const showMarks = (points: number) => points <= MARKS_UP_TO;

/** Axis tick and tooltip formatters in the reader's language. */
export const chartFormat = {
  /** Whole counts (tickets, days): "12", "١٢" where the language writes so. */
  count: (v: number) => formatNumber(v, { maximumFractionDigits: 0 }),
  /** A value of 0–100 as a percentage ("45%", "45٪"). */
  percent: (v: number) => formatNumber(v / 100, { style: 'percent', maximumFractionDigits: 0 }),
  /** A calendar date `YYYY-MM-DD` as its day and month ("November 3", "3 نوفمبر"). */
  day: (iso: string) => formatCalendarDate(iso, 'dayMonth'),
  /** A calendar date `YYYY-MM-DD` as its month ("November 2026"). */
  month: (iso: string) => formatCalendarDate(iso, 'monthYear'),
  /** An instant's time of day, for a time axis within one day. */
  time: (d: Date) => formatTime(d),
  /** An instant in full, for a tooltip. */
  dateTime: (d: Date) => formatDateTime(d),
  /** An instant's date. */
  date: (d: Date) => formatDate(d),
};

/**
 * How a chart lies in the page's direction: in Arabic categories and time run from the right
 * (the reader's start) and the value axis stands on the right, as Arabic charts are drawn.
 * x-charts itself only turns its text for right-to-left, not its axes.
 */
export function useChartDirection() {
  const rtl = useTheme().direction === 'rtl';
  return {
    rtl,
    /**
     * Spread into the category (x) axis. Taller than x-charts' default: Arabic letters with a
     * hamza above (أكتوبر, أغسطس) measured past its height and their ticks were cut to "أكت…".
     */
    xAxis: { reverse: rtl, height: 52 },
    /** Spread into the value (y) axis. */
    yAxis: { position: rtl ? ('right' as const) : ('left' as const) },
    /** Chart margins with room for the last tick label on the far side of the value axis. */
    margin: (far = 16) => ({ top: 24, bottom: 4, left: rtl ? far : 12, right: rtl ? 12 : far }),
  };
}

/**
 * A dashed target line whose label sits above it at the reader's start, haloed in the
 * paper's colour so that neither the dashes nor the data line run through its letters.
 * The y-axis range must leave room above the line (see `rangeWith`).
 */
export function TargetLine({ y, label }: { y: number; label: string }) {
  const { rtl } = useChartDirection();
  return (
    <ChartsReferenceLine
      y={y}
      label={label}
      labelAlign={rtl ? 'end' : 'start'}
      spacing={{ x: 6, y: 6 }}
      lineStyle={{ strokeDasharray: '6 4', strokeWidth: 1.5 }}
      labelStyle={{
        // x-charts anchors an 'end' label by its end, which in right-to-left text is its left
        // edge: the Arabic label ran out over the value axis. Anchored by its start it grows inwards.
        textAnchor: 'start',
        fontSize: 12,
        fontWeight: 600,
        fill: 'var(--mui-palette-text-secondary)',
        stroke: 'var(--mui-palette-background-paper)',
        strokeWidth: 4,
        strokeLinejoin: 'round',
        paintOrder: 'stroke',
      }}
    />
  );
}

/**
 * A value axis range that holds every value and `alsoShow` (a target) with a little room above
 * and below, so a target's label above its line is never cut off by the plot's edge.
 */
export function rangeWith(values: readonly (number | null)[], alsoShow: number): { min: number; max: number } {
  const known = [...values.filter((v): v is number => v !== null), alsoShow];
  const lo = Math.min(...known);
  const hi = Math.max(...known);
  const pad = (hi - lo || Math.abs(hi) || 1) * 0.15;
  return { min: lo >= 0 && lo - pad < 0 ? 0 : lo - pad, max: hi + pad };
}

/** The figures behind a chart, for its screen-reader table. */
export interface ChartTable {
  /** Header of the first column (what each row is: month, department, time). */
  category: string;
  /** Each series' name. */
  series: readonly string[];
  /** Each row's category and its series' values, already formatted. */
  rows: readonly { label: string; values: readonly string[] }[];
}

/**
 * A chart as a figure: the drawing, the same figures as a table for screen readers (the
 * drawing is hidden from them), then a caption saying the gist in words for everyone.
 */
export function ChartFigure({
  title,
  summary,
  table,
  children,
}: {
  /** What the chart shows (the table's caption); the caption below says the gist. */
  title: string;
  summary: ReactNode;
  table: ChartTable;
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    <Box component="figure" aria-labelledby={captionId} sx={{ m: 0, minWidth: 0 }}>
      {/* x-charts hides its drawing from screen readers itself and keeps its keyboard navigation. */}
      <Box sx={{ width: '100%', minWidth: 0 }}>{children}</Box>
      {/* Hidden by a wrapper: a table is never narrower than its content, so hidden itself it made phones scroll sideways. */}
      <Box sx={visuallyHidden}>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{table.category}</th>
              {table.series.map((s) => (
                <th key={s} scope="col">
                  {s}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r, i) => (
              <tr key={i}>
                <th scope="row">{r.label}</th>
                {r.values.map((v, j) => (
                  <td key={j}>{v}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
      <Typography id={captionId} component="figcaption" variant="body2" color="text.secondary">
        {summary}
      </Typography>
    </Box>
  );
}
