import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { canManageKpiDefinitions, KPI_PERIODS, periodStart, type TKpiPeriod } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useUrlParams, useUrlTab } from '../../../lib/use-url-tab';
import { selectCurrentUser } from '../../auth';
import { DefinitionsTab } from '../components/definitions-tab';
import type { KpiFilters } from '../components/kpi-filters';
import { MissingTab } from '../components/missing-tab';
import { ScorecardView } from '../components/scorecard-view';
import { ScoresTab } from '../components/scores-tab';
import { currentPeriodStart, isIsoDate } from '../kpi-format';

const TABS = ['scores', 'missing', 'definitions'] as const;
type KpiTab = (typeof TABS)[number];

/**
 * /kpi: scores, the missing list and (for those who keep them) the definitions, the tab and
 * filters kept in the URL; with `?user=` a person's scorecard instead.
 */
export function KpiPage() {
  const { t } = useTranslation();
  const me = useSelector(selectCurrentUser);
  const [params, patch] = useUrlParams();
  const tabs = TABS.filter((tab) => tab !== 'definitions' || canManageKpiDefinitions(me));
  const [tab, setTab] = useUrlTab(tabs);
  const periodParam = params.get('period');
  const period: TKpiPeriod = (KPI_PERIODS as readonly string[]).includes(periodParam ?? '')
    ? (periodParam as TKpiPeriod)
    : 'monthly';
  const dateParam = params.get('date');
  const filters: KpiFilters = {
    period,
    start: isIsoDate(dateParam) ? periodStart(period, dateParam) : currentPeriodStart(period),
    department: params.get('department') ?? '',
    team: params.get('team') ?? '',
    q: params.get('q') ?? '',
  };
  const onFilters = (p: Partial<KpiFilters>) =>
    patch({
      ...('period' in p ? { period: p.period === 'monthly' ? undefined : p.period } : {}),
      ...('start' in p ? { date: p.start } : {}),
      ...('department' in p ? { department: p.department } : {}),
      ...('team' in p ? { team: p.team } : {}),
      ...('q' in p ? { q: p.q } : {}),
    });
  const user = params.get('user');

  if (user) {
    const back = new URLSearchParams(params);
    back.delete('user');
    return (
      <PageContainer maxWidth="lg">
        <PageHeader title={t('kpi.title')} />
        <ScorecardView
          username={user}
          period={period}
          onPeriod={(p) => patch({ period: p === 'monthly' ? undefined : p, date: undefined })}
          backTo={`/kpi${back.size ? `?${back.toString()}` : ''}`}
        />
      </PageContainer>
    );
  }

  return (
    <PageContainer maxWidth="xl">
      <PageHeader title={t('kpi.title')} subtitle={t('kpi.subtitle')} />
      <Tabs
        value={tab}
        onChange={(_, value: KpiTab) => setTab(value)}
        aria-label={t('kpi.tabs.label')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(`kpi.tabs.${value}`)}
            id={`kpi-tab-${value}`}
            aria-controls="kpi-tab-panel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="kpi-tab-panel" aria-labelledby={`kpi-tab-${tab}`}>
        {tab === 'scores' ? <ScoresTab filters={filters} onFilters={onFilters} /> : null}
        {tab === 'missing' ? <MissingTab filters={filters} onFilters={onFilters} /> : null}
        {tab === 'definitions' ? <DefinitionsTab /> : null}
      </Box>
    </PageContainer>
  );
}

export default KpiPage;
