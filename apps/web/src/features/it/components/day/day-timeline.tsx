import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { TItDay, TItTimelineSegment } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../../components/bidi';
import { DataTable, type DataTableColumn } from '../../../../components/data-table';
import { clockOf, formatSeconds, secondsBetween, shadeColor, shadeOf, SHADES, type SegmentShade } from './day-format';

/** What a segment is, in words: "09:00–09:45 (45m) · Firefox — Inbox · Productive". */
export function segmentText(t: TFunction, s: TItTimelineSegment): string {
  const when = `${clockOf(s.from)}–${clockOf(s.to)} (${formatSeconds(secondsBetween(s.from, s.to))})`;
  if (s.kind !== 'app') return `${when} · ${t(`it.day.shades.${s.kind}`)}`;
  const what = [s.process, s.title].filter(Boolean).join(' — ') || t('it.day.unknownApp');
  return `${when} · ${what} · ${t(`it.categories.${s.category ?? 'neutral'}`)}`;
}

/**
 * The day as one bar from its first to its last moment: apps coloured by category, idle,
 * locked, and gaps with no agent. Every segment is a focusable element named in words (a
 * tooltip shows the same to the mouse), and the table beside it lists them all.
 *
 * The axis runs left to right in Arabic too, like the WFM timelines: a clock line is read
 * that way in Arabic schedules. Positions are inline styles, which the right-to-left style
 * cache leaves alone.
 */
export function DayTimeline({ segments }: { segments: readonly TItTimelineSegment[] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  if (segments.length === 0) return <Typography color="text.secondary">{t('it.day.noTimeline')}</Typography>;
  const start = Math.min(...segments.map((s) => Date.parse(s.from)));
  const end = Math.max(...segments.map((s) => Date.parse(s.to)));
  const span = Math.max(1, end - start);
  const pct = (iso: string) => `${((Date.parse(iso) - start) / span) * 100}%`;
  const used = new Set(segments.map(shadeOf));
  return (
    <Box>
      <Box
        dir="ltr"
        role="group"
        aria-label={t('it.day.timelineLabel', { from: clockOf(segments[0]?.from), to: clockOf(segments.at(-1)?.to) })}
        sx={{
          position: 'relative',
          height: 32,
          borderRadius: 1,
          bgcolor: 'action.hover',
          border: 1,
          borderColor: 'divider',
          overflow: 'hidden',
        }}
      >
        {segments.map((s) => {
          const text = segmentText(t, s);
          const shade = shadeOf(s);
          return (
            <Tooltip key={`${s.from}-${s.kind}`} title={text} describeChild>
              <Box
                component="span"
                role="img"
                tabIndex={0}
                aria-label={text}
                data-testid="timeline-segment"
                data-shade={shade}
                style={{
                  left: pct(s.from),
                  width: `calc(${pct(s.to)} - ${pct(s.from)})`,
                  backgroundColor: shadeColor(theme, shade),
                }}
                sx={{
                  position: 'absolute',
                  top: 0,
                  bottom: 0,
                  minWidth: 2,
                  '&:focus-visible': { outline: 3, outlineColor: 'text.primary', outlineOffset: -3, zIndex: 1 },
                }}
              />
            </Tooltip>
          );
        })}
      </Box>
      <Box
        dir="ltr"
        aria-hidden="true"
        sx={{ display: 'flex', justifyContent: 'space-between', fontSize: 12, color: 'text.secondary', mt: 0.5 }}
      >
        <span>{clockOf(segments[0]?.from)}</span>
        <span>{clockOf(segments.at(-1)?.to)}</span>
      </Box>
      <Box
        component="ul"
        aria-label={t('it.day.legend')}
        sx={{ m: 0, mt: 1.5, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
      >
        {SHADES.filter((shade) => used.has(shade)).map((shade) => (
          <Box component="li" key={shade} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: 14 }}>
            <Box
              aria-hidden="true"
              style={{ backgroundColor: shadeColor(theme, shade) }}
              sx={{ width: 14, height: 14, borderRadius: 0.5, border: 1, borderColor: 'divider' }}
            />
            {legendText(t, shade)}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

const legendText = (t: TFunction, shade: SegmentShade) =>
  shade === 'productive' || shade === 'neutral' || shade === 'unproductive'
    ? t(`it.categories.${shade}`)
    : t(`it.day.shades.${shade}`);

/** The timeline as a table (every segment, with its times), and its CSV export. */
/** A period of the day, with the machine it was on when the day has several. */
export type TimelineRow = TItTimelineSegment & { hostname?: string };

/**
 * The table's rows: the day's periods, each tagged with its machine when the person used
 * more than one that day (the same minute can then show on two machines, so the table must
 * say which). With one machine the page says nothing of machines, and neither does the table.
 */
export function timelineRows(day: Pick<TItDay, 'timeline' | 'machines'>): {
  rows: TimelineRow[];
  byMachine: boolean;
} {
  if (day.machines.length <= 1) return { rows: [...day.timeline], byMachine: false };
  const rows = day.machines.flatMap((m) => m.timeline.map((s) => ({ ...s, hostname: m.hostname })));
  rows.sort((a, b) => a.from.localeCompare(b.from) || a.hostname.localeCompare(b.hostname));
  return { rows, byMachine: true };
}

export function TimelineTable({
  segments,
  byMachine = false,
  csvFilename,
}: {
  segments: readonly TimelineRow[];
  /** Whether the rows come from several machines: a Machine column then names each one's. */
  byMachine?: boolean;
  csvFilename: string;
}) {
  const { t } = useTranslation();
  const machineColumn: DataTableColumn<TimelineRow>[] = byMachine
    ? [
        {
          key: 'machine',
          label: 'it.day.columns.machine',
          sortValue: (s) => s.hostname ?? '',
          csv: (s) => s.hostname ?? '',
          cell: (s) => (s.hostname ? <Bidi dir="ltr">{s.hostname}</Bidi> : '—'),
        },
      ]
    : [];
  const columns: DataTableColumn<TimelineRow>[] = [
    {
      key: 'from',
      label: 'it.day.columns.from',
      placement: 'primary',
      sortValue: (s) => s.from,
      csv: (s) => s.from,
      cell: (s) => (
        <Box component="span" dir="ltr" sx={{ unicodeBidi: 'isolate', whiteSpace: 'nowrap' }}>
          <time dateTime={s.from}>{clockOf(s.from)}</time>–<time dateTime={s.to}>{clockOf(s.to)}</time>
        </Box>
      ),
    },
    { key: 'to', label: 'it.day.columns.to', placement: 'hidden', csv: (s) => s.to, cell: () => null, cardOnly: true },
    ...machineColumn,
    {
      key: 'duration',
      label: 'it.day.columns.duration',
      sortValue: (s) => secondsBetween(s.from, s.to),
      csv: (s) => formatSeconds(secondsBetween(s.from, s.to)),
      cell: (s) => formatSeconds(secondsBetween(s.from, s.to)),
    },
    {
      // Exact figure for spreadsheets; the duration column says it in 'Xh Ym'.
      key: 'seconds',
      label: 'it.day.columns.seconds',
      placement: 'hidden',
      cardOnly: true,
      csv: (s) => secondsBetween(s.from, s.to),
      cell: () => null,
    },
    {
      key: 'kind',
      label: 'it.day.columns.kind',
      placement: 'secondary',
      csv: (s) => s.kind,
      cell: (s) => legendText(t, shadeOf(s)),
    },
    {
      key: 'process',
      label: 'it.day.columns.app',
      sortValue: (s) => s.process ?? '',
      cell: (s) => (s.process ? <Bidi>{s.process}</Bidi> : '—'),
    },
    {
      key: 'title',
      label: 'it.day.columns.title',
      csv: (s) => s.title ?? '',
      cellSx: { overflowWrap: 'anywhere' },
      cell: (s) => (
        <>
          {s.title ? <Bidi>{s.title}</Bidi> : '—'}
          {s.url ? (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              <Bidi dir="ltr">{s.url}</Bidi>
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      // Shown under the title; its own column in the CSV.
      key: 'url',
      label: 'it.day.columns.url',
      placement: 'hidden',
      csv: (s) => s.url ?? '',
      cell: () => null,
      cardOnly: true,
    },
    {
      key: 'category',
      label: 'it.day.columns.category',
      csv: (s) => s.category ?? '',
      cell: (s) => (s.category ? t(`it.categories.${s.category}`) : '—'),
    },
  ];
  return (
    <DataTable
      rows={segments}
      columns={columns}
      rowKey={(s) => `${s.hostname ?? ''}-${s.from}-${s.kind}`}
      label={t('it.day.timelineTable')}
      defaultSort={{ key: 'from', direction: 'asc' }}
      emptyText={t('it.day.noTimeline')}
      csvFilename={csvFilename}
      stickyTop={0}
    />
  );
}
