import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import type { TWfmHistoryDay } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '../../../lib/format';
import { formatAdherence } from '../wfm-time';

/**
 * Adherence per day as a line (days without a shift leave a gap). Its caption tells the same
 * in words (average, lowest and highest day) for anyone who cannot read the drawing, and the
 * daily list below has every value; the chart keeps its own keyboard navigation.
 */
export function AdherenceTrend({ days }: { days: readonly TWfmHistoryDay[] }) {
  const { t } = useTranslation();
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
  return (
    <Box component="figure" sx={{ m: 0 }}>
      {/*
        The time axis runs left to right in Arabic too, like the timelines; x-charts places its
        labels for the page's direction itself, so no dir="ltr" here (it would misplace them).
      */}
      <Box sx={{ width: '100%', minWidth: 0 }}>
        <LineChart
          height={220}
          margin={{ top: 10, bottom: 4, left: 0, right: 10 }}
          xAxis={[
            {
              scaleType: 'point',
              data: days.map((d) => d.date),
              valueFormatter: (v: string) => formatCalendarDate(v, 'day'),
            },
          ]}
          yAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => `${v}%`, width: 44 }]}
          series={[
            {
              data: days.map((d) => (d.adherence === null ? null : Math.round(d.adherence * 100))),
              label: t('wfm.columns.adherence'),
              connectNulls: false,
              showMark: days.length <= 31,
              valueFormatter: (v: number | null) => (v === null ? t('wfm.noShift') : `${v}%`),
            },
          ]}
          hideLegend
        />
      </Box>
      <Typography component="figcaption" variant="body2" color="text.secondary">
        {summary}
      </Typography>
    </Box>
  );
}
