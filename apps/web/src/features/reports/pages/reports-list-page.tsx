import AddRounded from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { canReadAllReports } from '@portal/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useUrlTab } from '../../../lib/use-url-filters';
import { selectCurrentUser } from '../../auth';
import { ReportSummaries } from '../components/report-summaries';
import { ReportsTable } from '../components/reports-table';
import { REPORT_PATHS } from '../report-format';

const BOTH_TABS = ['reports', 'summaries'] as const;
const ONLY_REPORTS = ['reports'] as const;
type ReportsTab = (typeof BOTH_TABS)[number];

/** `user/reports/reports-list`: the manager's reports; ADMIN and directors also get the department summaries. */
export function ReportsListPage() {
  const { t } = useTranslation();
  const me = useSelector(selectCurrentUser);
  const id = useId();
  const summaries = canReadAllReports(me);
  const [tab, setTab] = useUrlTab(summaries ? BOTH_TABS : ONLY_REPORTS);
  return (
    <PageContainer maxWidth="xl">
      <PageHeader
        title={t('pages.reportsList')}
        subtitle={t('reports.list.intro')}
        actions={
          <Button component={Link} to={REPORT_PATHS.create} variant="contained" startIcon={<AddRounded />}>
            {t('reports.list.new')}
          </Button>
        }
      />
      {summaries ? (
        <Tabs
          value={tab}
          onChange={(_e, next: ReportsTab) => setTab(next)}
          aria-label={t('reports.list.tabs')}
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab
            value="reports"
            label={t('reports.list.reportsTab')}
            id={`${id}-reports`}
            aria-controls={`${id}-panel`}
          />
          <Tab
            value="summaries"
            label={t('reports.list.summariesTab')}
            id={`${id}-summaries`}
            aria-controls={`${id}-panel`}
          />
        </Tabs>
      ) : null}
      <Box
        role={summaries ? 'tabpanel' : undefined}
        id={`${id}-panel`}
        aria-labelledby={summaries ? `${id}-${tab}` : undefined}
      >
        {tab === 'summaries' ? <ReportSummaries /> : <ReportsTable />}
      </Box>
    </PageContainer>
  );
}
