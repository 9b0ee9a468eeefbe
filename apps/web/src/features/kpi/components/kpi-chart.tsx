import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import type { TKpiScorecard } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ChartFigure, rangeWith, showMarks, TargetLine, useChartDirection } from '../../../components/charts';
import { formatCalendarDate } from '../../../lib/format';
import { formatKpiValue, periodLabel } from '../kpi-format';
import { localName } from '../../../lib/i18n/local-name';

type ScorecardKpi = TKpiScorecard['kpis'][number];

/**
 * One KPI's values over the periods as a marked line, its target as a labelled dashed line.
 * The month (or week) axis and the value axis say what they are; the caption says the latest
 * value against the target in words, and screen readers get every period's value as a table.
 */
export function KpiChart({ kpi, card }: { kpi: ScorecardKpi; card: TKpiScorecard }) {
  const { t } = useTranslation();
  const dir = useChartDirection();
  const byStart = new Map(kpi.records.map((r) => [r.period_start, r.value]));
  const starts = card.periods.map((p) => p.period_start);
  const values = starts.map((s) => byStart.get(s) ?? null);
  const latest = kpi.records.at(-1);
  const value = (v: number | null) => (v === null ? '—' : formatKpiValue(t, kpi.unit, v));
  const target = formatKpiValue(t, kpi.unit, kpi.target);
  const monthly = card.period === 'monthly';
  // Ticks short (a month, or a week's first day), the tooltip the period's full name.
  const tick = (start: string) => formatCalendarDate(start, monthly ? 'monthYear' : 'dayMonth');
  const summary = latest
    ? t('kpi.scorecard.chartSummary', {
        name: localName(kpi),
        value: value(latest.value),
        period: periodLabel(t, card.period, latest.period_start),
        target,
        direction: t(`kpi.directions.${kpi.direction}`),
      })
    : t('kpi.scorecard.noValues');
  if (!latest) {
    return (
      <Typography variant="body2" color="text.secondary">
        {summary}
      </Typography>
    );
  }
  return (
    <ChartFigure
      title={t('kpi.scorecard.chartTitle', { name: localName(kpi) })}
      summary={summary}
      table={{
        category: t(monthly ? 'kpi.scorecard.axisMonth' : 'kpi.scorecard.axisWeek'),
        series: [localName(kpi), t('kpi.scorecard.target')],
        rows: starts.map((s, i) => ({ label: periodLabel(t, card.period, s), values: [value(values[i]!), target] })),
      }}
    >
      <LineChart
        height={240}
        margin={dir.margin(60)}
        xAxis={[
          {
            scaleType: 'point',
            data: starts,
            label: t(monthly ? 'kpi.scorecard.axisMonth' : 'kpi.scorecard.axisWeek'),
            valueFormatter: (v: string, context) =>
              context.location === 'tick' ? tick(v) : periodLabel(t, card.period, v),
            ...dir.xAxis,
          },
        ]}
        yAxis={[
          {
            label: t('kpi.scorecard.axisValue'),
            width: 64,
            ...rangeWith(values, kpi.target),
            valueFormatter: (v: number) => formatKpiValue(t, kpi.unit, v),
            ...dir.yAxis,
          },
        ]}
        series={[
          {
            data: values,
            label: localName(kpi),
            connectNulls: false,
            showMark: showMarks(starts.length),
            // Straight segments: a smoothed curve would invent values between periods.
            curve: 'linear',
            valueFormatter: (v: number | null) => value(v),
          },
        ]}
        hideLegend
      >
        <TargetLine y={kpi.target} label={t('kpi.scorecard.targetAt', { target })} />
      </LineChart>
    </ChartFigure>
  );
}
