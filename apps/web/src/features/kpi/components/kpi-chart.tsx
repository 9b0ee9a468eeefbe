import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import type { TKpiScorecard } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatKpiValue, periodLabel } from '../kpi-format';

type ScorecardKpi = TKpiScorecard['kpis'][number];

/**
 * One KPI's values over the periods as a line, its target as a reference line. The caption
 * says the same in words (latest value against the target); the records table below the
 * chart has every value.
 */
export function KpiChart({ kpi, card }: { kpi: ScorecardKpi; card: TKpiScorecard }) {
  const { t } = useTranslation();
  const byStart = new Map(kpi.records.map((r) => [r.period_start, r.value]));
  const starts = card.periods.map((p) => p.period_start);
  const latest = kpi.records.at(-1);
  const summary = latest
    ? t('kpi.scorecard.chartSummary', {
        name: kpi.name,
        value: formatKpiValue(t, kpi.unit, latest.value),
        period: periodLabel(t, card.period, latest.period_start),
        target: formatKpiValue(t, kpi.unit, kpi.target),
        direction: t(`kpi.directions.${kpi.direction}`),
      })
    : t('kpi.scorecard.noValues');
  return (
    <Box component="figure" sx={{ m: 0 }}>
      {latest ? (
        <Box sx={{ width: '100%', minWidth: 0 }}>
          <LineChart
            height={200}
            // Room at the end for the last period's label.
            margin={{ top: 10, bottom: 4, left: 0, right: 48 }}
            xAxis={[
              {
                scaleType: 'point',
                data: starts,
                valueFormatter: (v: string) => periodLabel(t, card.period, v),
              },
            ]}
            yAxis={[{ width: 48 }]}
            series={[
              {
                data: starts.map((s) => byStart.get(s) ?? null),
                label: kpi.name,
                connectNulls: false,
                // Straight segments: a smoothed curve would invent values between periods.
                curve: 'linear',
                valueFormatter: (v: number | null) => (v === null ? '—' : formatKpiValue(t, kpi.unit, v)),
              },
            ]}
            hideLegend
          >
            <ChartsReferenceLine
              y={kpi.target}
              label={t('kpi.scorecard.target')}
              lineStyle={{ strokeDasharray: '6 4' }}
            />
          </LineChart>
        </Box>
      ) : null}
      <Typography component="figcaption" variant="body2" color="text.secondary">
        {summary}
      </Typography>
    </Box>
  );
}
