import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { canUseKpiPages } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { Bidi } from '../../../components/bidi';
import { SectionCard } from '../../../components/section-card';
import { selectCurrentUser } from '../../auth';
import { useKpiScorecardQuery } from '../api/kpi-api';
import { formatKpiValue, periodLabel, scorecardPath } from '../kpi-format';
import { ScoreBar } from './scores-tab';
import { localName } from '../../../lib/i18n/local-name';

/**
 * "My scorecard" on /user: this month's weighted score and each KPI's latest value. Hidden
 * for people no KPI applies to (and when it cannot be read).
 */
export function MyScorecardCard({ username }: { username: string }) {
  const { t } = useTranslation();
  // The scorecard view lives on the `kpi` page, which only its users may open.
  const canOpen = canUseKpiPages(useSelector(selectCurrentUser));
  const { data } = useKpiScorecardQuery({ username, period: 'monthly', periods: 3 });
  if (!data || data.kpis.length === 0) return null;
  const current = data.periods.at(-1);
  const lastScored = [...data.periods].reverse().find((p) => p.score !== null);
  return (
    <SectionCard title={t('kpi.mine.title')}>
      {lastScored ? (
        <Box sx={{ mb: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {t('kpi.mine.score', { period: periodLabel(t, data.period, lastScored.period_start) })}
          </Typography>
          <ScoreBar score={lastScored.score} />
        </Box>
      ) : (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('kpi.mine.noScore', {
            period: current ? periodLabel(t, data.period, current.period_start) : '',
          })}
        </Typography>
      )}
      <Stack component="ul" spacing={0.75} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {data.kpis.map((kpi) => {
          const latest = kpi.records.at(-1);
          return (
            <Box
              component="li"
              key={kpi.id}
              sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: 2 }}
            >
              <Bidi>{localName(kpi)}</Bidi>
              <Typography component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {latest ? formatKpiValue(t, kpi.unit, latest.value) : '—'}
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  {t('kpi.mine.target', { target: formatKpiValue(t, kpi.unit, kpi.target) })}
                </Typography>
              </Typography>
            </Box>
          );
        })}
      </Stack>
      {canOpen ? (
        <Button component={Link} to={scorecardPath(username)} sx={{ mt: 1.5 }}>
          {t('kpi.mine.open')}
        </Button>
      ) : null}
    </SectionCard>
  );
}
