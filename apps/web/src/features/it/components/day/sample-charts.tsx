import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import type { TDeviceMonitor, TNetworkMonitor } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ChartFigure, chartFormat, showMarks, useChartDirection } from '../../../../components/charts';
import { formatNumber } from '../../../../lib/format';

interface Series {
  label: string;
  data: (number | null)[];
}

const percent = (v: number) => formatNumber(v / 100, { style: 'percent', maximumFractionDigits: 0 });
const ms = (v: number) => formatNumber(v, { style: 'unit', unit: 'millisecond', maximumFractionDigits: 0 });
const kbps = (v: number) =>
  formatNumber(v / 1000, { style: 'unit', unit: 'kilobyte-per-second', maximumFractionDigits: 0 });

const peak = (values: (number | null)[]) => Math.max(0, ...values.filter((v): v is number => v !== null));
const average = (values: (number | null)[]) => {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? known.reduce((a, b) => a + b, 0) / known.length : 0;
};

/**
 * Samples over the day as marked lines on a time axis (times in the reader's language, from
 * the right in Arabic), the value axis saying its unit; the caption says the gist in words
 * and screen readers get every sample as a table.
 */
function SampleChart({
  title,
  valueLabel,
  at,
  series,
  format,
  summary,
  max,
}: {
  title: string;
  valueLabel: string;
  at: readonly string[];
  series: readonly Series[];
  format: (v: number) => string;
  summary: string;
  max?: number;
}) {
  const { t } = useTranslation();
  const dir = useChartDirection();
  const times = at.map((a) => new Date(a));
  const value = (v: number | null | undefined) => (v == null ? '—' : format(v));
  return (
    <ChartFigure
      title={title}
      summary={summary}
      table={{
        category: t('it.day.axisTime'),
        series: series.map((s) => s.label),
        rows: times.map((d, i) => ({ label: chartFormat.time(d), values: series.map((s) => value(s.data[i])) })),
      }}
    >
      <LineChart
        height={220}
        margin={dir.margin(24)}
        xAxis={[
          {
            scaleType: 'time',
            data: times,
            label: t('it.day.axisTime'),
            valueFormatter: (d: Date, context) =>
              context.location === 'tick' ? chartFormat.time(d) : chartFormat.dateTime(d),
            ...dir.xAxis,
          },
        ]}
        yAxis={[{ min: 0, max, label: valueLabel, valueFormatter: format, width: 72, ...dir.yAxis }]}
        series={series.map((s) => ({
          data: s.data,
          label: s.label,
          showMark: showMarks(at.length),
          curve: 'linear',
          connectNulls: false,
          valueFormatter: (v: number | null) => value(v),
        }))}
      />
    </ChartFigure>
  );
}

/** CPU load and memory used over the day, in per cent of the machine. */
export function DeviceCharts({ samples }: { samples: readonly TDeviceMonitor[] }) {
  const { t } = useTranslation();
  if (samples.length === 0) return <Typography color="text.secondary">{t('it.day.noDevice')}</Typography>;
  const cpu = samples.map((s) => s.cpu_load);
  const memory = samples.map((s) =>
    s.memory_total_bytes > 0 ? (s.memory_used_bytes / s.memory_total_bytes) * 100 : null,
  );
  return (
    <SampleChart
      title={t('it.day.deviceChart')}
      valueLabel={t('it.day.axisPercent')}
      at={samples.map((s) => s.at)}
      series={[
        { label: t('it.day.cpu'), data: cpu },
        { label: t('it.day.memory'), data: memory },
      ]}
      format={percent}
      max={100}
      summary={t('it.day.deviceSummary', {
        cpuAverage: percent(average(cpu)),
        cpuPeak: percent(peak(cpu)),
        memoryPeak: percent(peak(memory)),
      })}
    />
  );
}

/** Round trip to the server, and the busiest interface's traffic, over the day. */
export function NetworkCharts({ samples }: { samples: readonly TNetworkMonitor[] }) {
  const { t } = useTranslation();
  if (samples.length === 0) return <Typography color="text.secondary">{t('it.day.noNetwork')}</Typography>;
  const at = samples.map((s) => s.at);
  const latency = samples.map((s) => s.latency_ms);
  const rx = samples.map((s) => s.rx_bytes_per_s);
  const tx = samples.map((s) => s.tx_bytes_per_s);
  return (
    <Box
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}
    >
      <SampleChart
        title={t('it.day.latency')}
        valueLabel={t('it.day.axisLatency')}
        at={at}
        series={[{ label: t('it.day.latency'), data: latency }]}
        format={ms}
        summary={t('it.day.latencySummary', { average: ms(average(latency)), peak: ms(peak(latency)) })}
      />
      <SampleChart
        title={t('it.day.trafficChart')}
        valueLabel={t('it.day.axisTraffic')}
        at={at}
        series={[
          { label: t('it.day.received'), data: rx },
          { label: t('it.day.sent'), data: tx },
        ]}
        format={kbps}
        summary={t('it.day.trafficSummary', { rx: kbps(peak(rx)), tx: kbps(peak(tx)) })}
      />
    </Box>
  );
}
