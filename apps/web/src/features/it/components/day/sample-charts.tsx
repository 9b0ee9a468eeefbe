import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import type { TDeviceMonitor, TNetworkMonitor } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../../lib/format';
import { clockOf } from './day-format';

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
 * Samples over the day as lines on a time axis, with a caption saying the same in words
 * (x-charts keeps its own keyboard navigation of the points).
 */
function SampleChart({
  at,
  series,
  format,
  summary,
  max,
}: {
  at: readonly string[];
  series: readonly Series[];
  format: (v: number) => string;
  summary: string;
  max?: number;
}) {
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }}>
      {/* The time axis runs left to right in Arabic too; x-charts places its labels for the page's direction. */}
      <Box sx={{ width: '100%', minWidth: 0 }}>
        <LineChart
          height={200}
          margin={{ top: 10, bottom: 4, left: 0, right: 16 }}
          xAxis={[
            {
              scaleType: 'time',
              data: at.map((a) => new Date(a)),
              valueFormatter: (d: Date) => clockOf(d.toISOString()),
            },
          ]}
          yAxis={[{ min: 0, max, valueFormatter: format, width: 64 }]}
          series={series.map((s) => ({
            data: s.data,
            label: s.label,
            showMark: false,
            curve: 'linear',
            connectNulls: false,
            valueFormatter: (v: number | null) => (v === null ? '—' : format(v)),
          }))}
        />
      </Box>
      <Typography component="figcaption" variant="body2" color="text.secondary">
        {summary}
      </Typography>
    </Box>
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
        at={at}
        series={[{ label: t('it.day.latency'), data: latency }]}
        format={ms}
        summary={t('it.day.latencySummary', { average: ms(average(latency)), peak: ms(peak(latency)) })}
      />
      <SampleChart
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
