import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import type { TWfmHistoryDay } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import {
  ChartFigure,
  chartFormat,
  rangeWith,
  showMarks,
  TargetLine,
  useChartDirection,
} from '../../../components/charts';
import { formatCalendarDate } from '../../../lib/format';
import { formatAdherence } from '../wfm-time';

/** The adherence a day should reach (the figure's bar turns green from here). */
export const ADHERENCE_TARGET = 90;

/**
 * Adherence per day as a marked line (days without a shift leave a gap), against the
 * target as a labelled dashed line. Both axes say what they measure, ticks in the page's
 * language; the caption tells the gist in words and the figure carries the values as a
 * table for screen readers.
 */
export function AdherenceTrend({ days }: { days: readonly TWfmHistoryDay[] }) {
  const { t } = useTranslation();
  const dir = useChartDirection();
  const planned = days.filter((d) => d.adherence !== null);
  if (planned.length === 0) return <Typography color="text.secondary">{t('wfm.history.noTrend')}</Typography>;
  const average = planned.reduce((sum, d) => sum + (d.adherence ?? 0), 0) / planned.length;
  const lowest = planned.reduce((a, b) => ((b.adherence ?? 0) < (a.adherence ?? 0) ? b : a));
  const highest = planned.reduce((a, b) => ((b.adherence ?? 0) > (a.adherence ?? 0) ? b : a));
  const summary = t('wfm.history.trendSummary', {
    count: planned.length,
    average: formatAdherence(average),
    lowest: formatAdherence(lowest.adherence),
    lowestDate: formatCalendarDate(lowest.date, 'dayMonth'),
    highest: formatAdherence(highest.adherence),
    highestDate: formatCalendarDate(highest.date, 'dayMonth'),
  });
  const values = days.map((d) => (d.adherence === null ? null : Math.round(d.adherence * 100)));
  const said = (v: number | null) => (v === null ? t('wfm.noShift') : chartFormat.percent(v));
  const range = rangeWith(values, ADHERENCE_TARGET);
  return (
    <ChartFigure
      title={t('wfm.history.trend')}
      summary={summary}
      table={{
        category: t('wfm.history.axisDay'),
        series: [t('wfm.columns.adherence')],
        rows: days.map((d, i) => ({ label: formatCalendarDate(d.date, 'date'), values: [said(values[i]!)] })),
      }}
    >
      <LineChart
        height={240}
        margin={dir.margin(24)}
        xAxis={[
          {
            scaleType: 'point',
            data: days.map((d) => d.date),
            label: t('wfm.history.axisDay'),
            valueFormatter: (v: string) => chartFormat.day(v),
            ...dir.xAxis,
          },
        ]}
        yAxis={[
          {
            label: t('wfm.history.axisAdherence'),
            width: 64,
            min: range.min,
            max: Math.max(range.max, 100),
            valueFormatter: (v: number) => chartFormat.percent(v),
            ...dir.yAxis,
          },
        ]}
        series={[
          {
            data: values,
            label: t('wfm.columns.adherence'),
            connectNulls: false,
            showMark: showMarks(days.length),
            curve: 'linear',
            valueFormatter: said,
          },
        ]}
        hideLegend
      >
        <TargetLine
          y={ADHERENCE_TARGET}
          label={t('wfm.history.target', { value: chartFormat.percent(ADHERENCE_TARGET) })}
        />
      </LineChart>
    </ChartFigure>
  );
}
