import HistoryRounded from '@mui/icons-material/HistoryRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { canSeeShareCalls, canSetShareConsent, type TShareCandidate } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Bidi } from '../../../components/bidi';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { SearchField } from '../../../components/search-field';
import { SectionCard } from '../../../components/section-card';
import { errorText, type RequestError } from '../../../lib/api/api-error';
import { formatNumber, personName } from '../../../lib/format';
import { useTypedFilter, useUrlFilters } from '../../../lib/use-url-filters';
import { selectCurrentUser } from '../../auth';
import { useFailureToast } from '../../../lib/api/use-failure-toast';
import { useSetShareConsentMutation, useSharePeopleQuery } from '../api/share-api';
import { OnlineChip } from '../components/share-chips';
import { SHARE_PATHS } from '../share-format';

/** Online status comes from live connections: read the list again this often. */
const POLL_MS = 20_000;

/** ADMIN records that an interpreter consented at hiring (a notice instead of a question). */
function ConsentSwitch({ person }: { person: TShareCandidate }) {
  const { t } = useTranslation();
  const [setConsent, { isLoading }] = useSetShareConsentMutation();
  const name = personName(person);
  const change = async (consent_at_hiring: boolean) => {
    try {
      await setConsent({ userName: person.username, consent_at_hiring }).unwrap();
      toast.success(t(consent_at_hiring ? 'share.people.consentOn' : 'share.people.consentOff', { name }));
    } catch (error) {
      toast.error(errorText(error as RequestError));
    }
  };
  return (
    <FormControlLabel
      label={t('share.people.consentSwitch')}
      control={
        <Switch
          size="small"
          checked={person.consent === 'notice'}
          disabled={isLoading}
          onChange={(e) => void change(e.target.checked)}
          slotProps={{ input: { 'aria-label': t('share.people.consentSwitchFor', { name }) } }}
        />
      }
    />
  );
}

const ZPeopleFilters = z.object({ search: z.string().catch('') });

/** `share`: the people the caller may watch, online first, each with a way to ask. */
export function ShareHomePage() {
  const { t } = useTranslation();
  const me = useSelector(selectCurrentUser);
  const [{ search }, setFilters] = useUrlFilters(ZPeopleFilters);
  const [typed, setTyped] = useTypedFilter(search, (text) => setFilters({ search: text }));
  const { data, isFetching, error } = useSharePeopleQuery(
    { search: search || undefined },
    { pollingInterval: POLL_MS, skipPollingIfUnfocused: true },
  );
  useFailureToast(error, 'share-people');
  const admin = canSetShareConsent(me);

  const columns: DataTableColumn<TShareCandidate>[] = [
    {
      key: 'name',
      label: 'share.fields.name',
      placement: 'primary',
      cell: (p) => (
        <Box sx={{ display: 'grid' }}>
          <Bidi>{personName(p)}</Bidi>
          <Typography component="span" variant="caption" color="text.secondary">
            <Bidi>@{p.username}</Bidi>
          </Typography>
        </Box>
      ),
      sortValue: (p) => personName(p),
      csv: (p) => p.username,
    },
    {
      key: 'department',
      label: 'share.fields.department',
      cell: (p) => (p.user_type === 'INTERPRETER' ? t('share.people.interpreter') : <Bidi>{p.user_type}</Bidi>),
      sortValue: (p) => p.user_type,
    },
    {
      key: 'online',
      label: 'share.fields.online',
      placement: 'secondary',
      cell: (p) => <OnlineChip online={p.online} />,
      sortValue: (p) => (p.online ? 1 : 0),
      sortFirst: 'desc',
    },
    {
      key: 'consent',
      label: 'share.fields.consent',
      cell: (p) =>
        admin && p.user_type === 'INTERPRETER' ? (
          <ConsentSwitch person={p} />
        ) : (
          t(p.consent === 'notice' ? 'share.people.consentNotice' : 'share.people.consentAsk')
        ),
    },
    {
      key: 'viewers',
      label: 'share.fields.viewers',
      cell: (p) =>
        t('share.people.viewersOf', { n: formatNumber(p.viewers), max: formatNumber(data?.max_viewers ?? 0) }),
      sortValue: (p) => p.viewers,
      align: 'right',
    },
  ];

  return (
    <PageContainer maxWidth="xl">
      <PageHeader
        title={t('share.home.title')}
        subtitle={t('share.home.intro')}
        actions={
          canSeeShareCalls(me) ? (
            <Button component={RouterLink} to={SHARE_PATHS.calls} variant="outlined" startIcon={<HistoryRounded />}>
              {t('share.home.calls')}
            </Button>
          ) : null
        }
      />
      <SectionCard
        title={t('share.home.people')}
        hint={data ? t('share.home.limits', { count: data.max_viewers, minutes: data.max_minutes }) : undefined}
      >
        <SearchField
          label={t('share.home.search')}
          value={typed}
          onChange={setTyped}
          sx={{ mb: 2, width: { xs: '100%', sm: 320 } }}
        />
        <DataTable
          rows={data?.results ?? []}
          columns={columns}
          rowKey={(p) => p.id}
          label={t('share.home.people')}
          loading={isFetching && !data}
          // Who can be watched right now first; the server's order (by name) within.
          defaultSort={{ key: 'online', direction: 'desc' }}
          emptyText={search ? t('share.home.noMatch') : t('share.home.empty')}
          actionsLabel={t('share.home.actions')}
          actions={(p) => (
            <Button
              component={RouterLink}
              to={SHARE_PATHS.watch(p.username)}
              size="small"
              variant={p.online ? 'contained' : 'outlined'}
              color={p.online ? 'primary' : 'inherit'}
              aria-label={t('share.people.watchName', { name: personName(p) })}
              title={p.online ? undefined : t('share.people.offlineHint')}
              // Offline people may still be opened (the page says they are away): only looks idle.
              sx={p.online ? undefined : { color: 'text.secondary', borderColor: 'divider' }}
            >
              {t('share.people.watch')}
            </Button>
          )}
        />
      </SectionCard>
    </PageContainer>
  );
}
