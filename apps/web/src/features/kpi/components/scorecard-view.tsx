import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import type { TKpiPeriod } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Bidi } from '../../../components/bidi';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api/api-error';
import { formatDateTime } from '../../../lib/format';
import { useKpiScorecardQuery } from '../api/kpi-api';
import { addValuePath, editValuePath, formatKpiValue, formatScore, periodLabel, personName } from '../kpi-format';
import { KpiChart } from './kpi-chart';
import { PeriodSwitch } from './period-picker';
import { localName } from '../../../lib/i18n/local-name';

/** A wide table scrolls inside its own box, never the page. */
const scrollBox = { overflowX: 'auto', maxWidth: '100%' } as const;

/**
 * A person's scorecard (the `kpi` page with `?user=`): the weighted score per period, and
 * each KPI over the periods as a chart with its values, edit links and "Add value".
 */
export function ScorecardView({
  username,
  period,
  onPeriod,
  backTo,
}: {
  username: string;
  period: TKpiPeriod;
  onPeriod: (period: TKpiPeriod) => void;
  backTo: string;
}) {
  const { t } = useTranslation();
  const { data, error, isLoading } = useKpiScorecardQuery({ username, period });
  if (isLoading) return <LinearProgress aria-label={t('loader.loading')} />;
  if (error || !data) return <Alert severity="error">{error ? errorText(error) : null}</Alert>;
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <Button
          component={Link}
          to={backTo}
          startIcon={
            <ArrowBackRounded sx={(theme) => (theme.direction === 'rtl' ? { transform: 'scaleX(-1)' } : {})} />
          }
        >
          {t('kpi.scorecard.back')}
        </Button>
        <Typography
          component="h2"
          variant="h6"
          // Its own line on phones, so the name never squeezes beside the buttons.
          sx={{ flex: { xs: '1 1 100%', sm: '1 1 0' }, minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {t('kpi.scorecard.title')}: <Bidi>{personName(data.user)}</Bidi>{' '}
          <Typography component="span" color="text.secondary">
            <Bidi>@{data.user.username}</Bidi>
          </Typography>
        </Typography>
        <PeriodSwitch value={period} onChange={onPeriod} />
      </Box>
      <Box sx={{ display: 'grid', gap: 3 }}>
        <SectionCard title={t('kpi.scorecard.scores')}>
          <Box sx={scrollBox}>
            <Table size="small" aria-label={t('kpi.scorecard.scores')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('kpi.columns.period')}</TableCell>
                  <TableCell>{t('kpi.columns.score')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {[...data.periods].reverse().map((p) => (
                  <TableRow key={p.period_start}>
                    <TableCell>{periodLabel(t, data.period, p.period_start)}</TableCell>
                    <TableCell>{formatScore(p.score)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </SectionCard>
        {data.kpis.length === 0 ? <Alert severity="info">{t('kpi.scorecard.noKpis')}</Alert> : null}
        {data.kpis.map((kpi) => (
          <SectionCard
            key={kpi.id}
            title={localName(kpi)}
            hint={t('kpi.scorecard.kpiHint', {
              direction: t(`kpi.directions.${kpi.direction}`),
              target: formatKpiValue(t, kpi.unit, kpi.target),
            })}
          >
            {data.can_score ? (
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
                <Button
                  size="small"
                  startIcon={<AddRounded />}
                  component={Link}
                  to={addValuePath(data.user.username, kpi.id)}
                  aria-label={t('kpi.scorecard.addFor', { kpi: localName(kpi) })}
                >
                  {t('kpi.scorecard.add')}
                </Button>
              </Box>
            ) : null}
            <KpiChart kpi={kpi} card={data} />
            {kpi.records.length > 0 ? (
              <Box sx={{ ...scrollBox, mt: 2 }}>
                <Table size="small" aria-label={t('kpi.scorecard.valuesOf', { kpi: localName(kpi) })}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('kpi.columns.period')}</TableCell>
                      <TableCell>{t('kpi.columns.value')}</TableCell>
                      <TableCell>{t('kpi.columns.note')}</TableCell>
                      <TableCell>{t('kpi.columns.enteredBy')}</TableCell>
                      {data.can_score ? <TableCell>{t('kpi.columns.actions')}</TableCell> : null}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {[...kpi.records].reverse().map((r) => (
                      <TableRow key={r.id}>
                        <TableCell>{periodLabel(t, data.period, r.period_start)}</TableCell>
                        <TableCell>{formatKpiValue(t, kpi.unit, r.value)}</TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>
                          <Bidi>{r.note || '—'}</Bidi>
                        </TableCell>
                        <TableCell>
                          {r.entered_by ? <Bidi>{personName(r.entered_by)}</Bidi> : '—'}
                          <Typography variant="caption" component="p" color="text.secondary">
                            {formatDateTime(r.updated_at)}
                          </Typography>
                        </TableCell>
                        {data.can_score ? (
                          <TableCell>
                            <Button
                              size="small"
                              component={Link}
                              to={editValuePath(r.id)}
                              aria-label={t('kpi.scorecard.editFor', {
                                kpi: localName(kpi),
                                period: periodLabel(t, data.period, r.period_start),
                              })}
                            >
                              {t('kpi.scorecard.edit')}
                            </Button>
                          </TableCell>
                        ) : null}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            ) : null}
          </SectionCard>
        ))}
      </Box>
    </>
  );
}
