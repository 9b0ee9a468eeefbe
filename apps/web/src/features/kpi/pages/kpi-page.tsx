import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { canManageKpiDefinitions, KPI_PERIODS, periodStart } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { urlField, useUrlFilters, useUrlTab } from '../../../lib/use-url-filters';
import { selectCurrentUser } from '../../auth';
import { DefinitionsTab } from '../components/definitions-tab';
import type { KpiFilters } from '../components/kpi-filters';
import { MissingTab } from '../components/missing-tab';
import { ScorecardView } from '../components/scorecard-view';
import { ScoresTab } from '../components/scores-tab';
import { currentPeriodStart } from '../kpi-format';

const TABS = ['scores', 'missing', 'definitions'] as const;
type KpiTab = (typeof TABS)[number];

/** The filters in the URL (the tab has its own `?tab=`); `?user=` opens that person's scorecard. */
const ZKpiUrl = z.object({
  period: z.enum(KPI_PERIODS).catch('monthly'),
  date: urlField.isoDate(),
  department: z.string().catch(''),
  team: z.string().catch(''),
  q: z.string().catch(''),
  user: z.string().catch(''),
});

/**
 * /kpi: scores, the missing list and (for those who keep them) the definitions, the tab and
 * filters kept in the URL; with `?user=` a person's scorecard instead.
 */
export function KpiPage() {
  const { t } = useTranslation();
  const me = useSelector(selectCurrentUser);
  const { search } = useLocation();
  const [url, patch] = useUrlFilters(ZKpiUrl);
  const tabs = TABS.filter((tab) => tab !== 'definitions' || canManageKpiDefinitions(me));
  const [tab, setTab] = useUrlTab(tabs);
  const { period, user } = url;
  const filters: KpiFilters = {
    period,
    start: url.date ? periodStart(period, url.date) : currentPeriodStart(period),
    department: url.department,
    team: url.team,
    q: url.q,
  };
  const onFilters = (p: Partial<KpiFilters>) => {
    const { start, ...rest } = p;
    patch('start' in p ? { ...rest, date: start } : rest);
  };

  if (user) {
    const back = new URLSearchParams(search);
    back.delete('user');
    return (
      <PageContainer maxWidth="lg">
        <PageHeader title={t('kpi.title')} />
        <ScorecardView
          username={user}
          period={period}
          onPeriod={(p) => patch({ period: p, date: undefined })}
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
