import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { isStaff, isTicketDesk, STAFF_DEPARTMENTS } from '@portal/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { StatusPage } from '../../../components/status-page';
import { selectCurrentUser } from '../../auth';
import { deskTicketsSeen, selectUnseenDeskTickets } from '../active-ticket.slice';
import { useTicketStatsQuery } from '../api/tickets-api';
import { useFailureToast } from '../../../lib/api/use-failure-toast';
import { formatList } from '../../../lib/format';
import { DeskHistory } from './desk-history';
import { DeskQueue } from './desk-queue';
import { DeskSettingsDialog } from './desk-settings-dialog';
import { DeskStats } from './desk-stats';
import { useDeskFilters } from './use-desk-filters';

const DAY_MS = 86_400_000;

/** `/dashboard`: the help desk — statistics, the live queue and the closed history. */
export function DeskPage() {
  const { t } = useTranslation();
  const user = useSelector(selectCurrentUser);
  const staff = !!user && isStaff(user);
  const [filters, update] = useDeskFilters();
  // The period's start, computed when the period changes (a stable query argument).
  const from = useMemo(() => new Date(Date.now() - filters.period * DAY_MS).toISOString(), [filters.period]);
  const { data: stats, error } = useTicketStatsQuery({ from }, { skip: !staff });
  const [settingsOpen, setSettingsOpen] = useState(false);
  // The desks this user is on (the same rule the server asks), known before the figures arrive.
  const myDesks = useMemo(() => (user ? STAFF_DEPARTMENTS.filter((d) => isTicketDesk(user, d)) : []), [user]);
  useFailureToast(error, 'desk-stats-failed');

  // On the desk, new tickets are in plain sight: the Dashboard link's count is cleared.
  const dispatch = useDispatch();
  const unseen = useSelector(selectUnseenDeskTickets);
  useEffect(() => {
    if (unseen > 0) dispatch(deskTicketsSeen());
  }, [dispatch, unseen]);

  if (!staff || !user) return <StatusPage title={t('pages.dashboard')} body={t('desk.notStaff')} />;
  const departments = stats?.departments ?? myDesks;
  const waitingMinutes = stats?.waiting_minutes ?? 240;
  return (
    <PageContainer maxWidth="xl">
      <PageHeader
        title={t('pages.dashboard')}
        subtitle={stats ? t('desk.subtitle', { departments: formatList(stats.departments) }) : t('desk.intro')}
        actions={
          myDesks.length > 0 ? (
            <Button variant="outlined" startIcon={<SettingsOutlined />} onClick={() => setSettingsOpen(true)}>
              {t('desk.settings.open')}
            </Button>
          ) : null
        }
      />
      {settingsOpen ? (
        <DeskSettingsDialog open onClose={() => setSettingsOpen(false)} departments={myDesks} viewer={user} />
      ) : null}
      {/* Wide screens: the compact figures, then the queue within the first screen. On a phone the queue comes first. */}
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        <Box sx={{ order: { xs: 2, md: 1 }, mt: { xs: 4, md: 0 } }}>
          <DeskStats
            stats={stats}
            period={filters.period}
            onPeriod={(period) => update({ period, page: filters.page })}
          />
        </Box>
        <Box sx={{ order: { xs: 1, md: 2 } }}>
          <Tabs
            value={filters.tab}
            onChange={(_e, tab: 'queue' | 'history') => update({ tab })}
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            <Tab value="queue" label={t('desk.queue')} />
            <Tab value="history" label={t('desk.history')} />
          </Tabs>
          {filters.tab === 'queue' ? (
            <DeskQueue
              filters={filters}
              update={update}
              departments={departments}
              waitingMinutes={waitingMinutes}
              viewer={user}
            />
          ) : (
            <DeskHistory filters={filters} update={update} departments={departments} />
          )}
        </Box>
      </Box>
    </PageContainer>
  );
}
