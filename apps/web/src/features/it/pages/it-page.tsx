import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { canManageItAgents } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useUrlTab } from '../../../lib/use-url-filters';
import { selectCurrentUser } from '../../auth';
import { AgentsTab } from '../components/agents/agents-tab';
import { ItBoard } from '../components/board/it-board';
import { RulesTab } from '../components/rules/rules-tab';

const TABS = ['live', 'agents', 'rules'] as const;
type ItTab = (typeof TABS)[number];

/** /it: the live board; for IT and ADMIN also the agents and the rules, the tab kept in the URL. */
export function ItPage() {
  const { t } = useTranslation();
  const me = useSelector(selectCurrentUser);
  const tabs = canManageItAgents(me) ? TABS : (['live'] as const);
  const [tab, setTab] = useUrlTab<ItTab>(tabs);
  return (
    <PageContainer maxWidth="xl">
      <PageHeader title={t('it.title')} subtitle={t('it.subtitle')} />
      {tabs.length > 1 ? (
        <Tabs
          value={tab}
          onChange={(_, value: ItTab) => setTab(value)}
          aria-label={t('it.tabs.label')}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
        >
          {tabs.map((value) => (
            <Tab
              key={value}
              value={value}
              label={t(`it.tabs.${value}`)}
              id={`it-tab-${value}`}
              aria-controls="it-tab-panel"
            />
          ))}
        </Tabs>
      ) : null}
      <Box
        role={tabs.length > 1 ? 'tabpanel' : undefined}
        id="it-tab-panel"
        aria-labelledby={tabs.length > 1 ? `it-tab-${tab}` : undefined}
      >
        {tab === 'live' ? <ItBoard /> : null}
        {tab === 'agents' ? <AgentsTab /> : null}
        {tab === 'rules' ? <RulesTab /> : null}
      </Box>
    </PageContainer>
  );
}

export default ItPage;
