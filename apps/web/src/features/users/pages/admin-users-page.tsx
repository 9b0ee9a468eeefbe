import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import { USER_TYPES, type TUser, type TUserListQuery, type TUserType } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormDialog } from '../../../components/form-dialog';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/api/api-error';
import { useDebounced } from '../../../lib/use-debounced';
import { useUrlTab } from '../../../lib/use-url-filters';
import { selectCurrentUser, useResetAccountMfaMutation } from '../../auth';
import { IntegrationKeysSection } from '../../interpreters';
import { useListAccountsQuery, useUpdateAccountMutation } from '../api/users-api';
import { AccountsTable, type AccountAction } from '../components/accounts-table';
import { CreateAccountForm } from '../components/create-account-form';
import { EditAccountForm } from '../components/edit-account-form';
import { ExternalIdentityNote } from '../components/external-identity-note';
import { IdentityMappingsSection } from '../components/identity-mappings-section';
import { ResetPasswordForm } from '../components/reset-password-form';
import { LoadFailedAlert } from '../../../components/load-failed-alert';

type Dialog = { kind: 'create' } | { kind: Exclude<AccountAction, 'reactivate'>; user: TUser } | null;
type StatusFilter = '' | 'true' | 'false';
const PAGE_SIZES = [10, 20, 50];
/** The console's tabs, kept in `?tab=` (a link straight to the keys: `/admin?tab=keys`). */
const TABS = ['accounts', 'keys', 'mapping'] as const;
type AdminTab = (typeof TABS)[number];

/**
 * /admin, the Legacy Dashboard (ADMIN only): search, filter and manage accounts; the
 * telephony platform's integration keys on a tab of their own (under a long accounts
 * table they were out of sight).
 */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useUrlTab<AdminTab>(TABS);
  const self = useSelector(selectCurrentUser);
  const [search, setSearch] = useState('');
  const [userType, setUserType] = useState<TUserType | ''>('');
  const [status, setStatus] = useState<StatusFilter>('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [dialog, setDialog] = useState<Dialog>(null);
  const debouncedSearch = useDebounced(search.trim());

  const query: TUserListQuery = {
    page: page + 1,
    page_size: pageSize,
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
    ...(userType ? { user_type: userType } : {}),
    ...(status ? { is_active: status } : {}),
  };
  const { data, error, isFetching, refetch } = useListAccountsQuery(query);
  const [updateAccount, { isLoading: updating }] = useUpdateAccountMutation();

  const setActive = async (user: TUser, isActive: boolean) => {
    const result = await updateAccount({ id: user.id, changes: { is_active: isActive } });
    if ('error' in result) toast.error(errorText(result.error));
    else toast.success(t('account.updated'));
    setDialog(null);
  };

  const onAction = (action: AccountAction, user: TUser) => {
    if (action === 'reactivate') void setActive(user, true);
    else setDialog({ kind: action, user });
  };

  const [resetMfa, { isLoading: resettingMfa }] = useResetAccountMfaMutation();
  const confirmResetMfa = async (user: TUser) => {
    const result = await resetMfa(user.id);
    if ('error' in result) toast.error(errorText(result.error));
    else toast.success(t('admin.resetMfaDone'));
    setDialog(null);
  };

  const close = () => setDialog(null);
  // Filters start again from the first page.
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(0);
    };

  return (
    <PageContainer maxWidth="xl">
      <PageHeader
        title={t('admin.title')}
        subtitle={t('admin.subtitle')}
        actions={
          tab === 'accounts' ? (
            <Button
              variant="contained"
              startIcon={<PersonAddAlt1Rounded />}
              onClick={() => setDialog({ kind: 'create' })}
            >
              {t('admin.newAccount')}
            </Button>
          ) : undefined
        }
      />
      <Tabs
        value={tab}
        onChange={(_, value: AdminTab) => setTab(value)}
        aria-label={t('admin.tabs.label')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(`admin.tabs.${value}`)}
            id={`admin-tab-${value}`}
            aria-controls="admin-tab-panel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="admin-tab-panel" aria-labelledby={`admin-tab-${tab}`}>
        {tab === 'keys' ? <IntegrationKeysSection /> : null}
        {tab === 'mapping' ? <IdentityMappingsSection /> : null}
        {tab === 'accounts' ? (
          <>
            {/* overflow visible: the accounts table's header sticks under the app header while scrolling. */}
            <Card sx={{ overflow: 'visible' }}>
              <Box sx={{ display: 'grid', gap: 2, p: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' } }}>
                <TextField
                  label={t('admin.search')}
                  value={search}
                  onChange={(e) => filter(setSearch)(e.target.value)}
                  type="search"
                  size="small"
                  slotProps={{
                    input: {
                      startAdornment: (
                        <InputAdornment position="start">
                          <SearchRounded fontSize="small" />
                        </InputAdornment>
                      ),
                    },
                  }}
                />
                <TextField
                  select
                  size="small"
                  label={t('admin.type')}
                  value={userType}
                  onChange={(e) => filter(setUserType)(e.target.value as TUserType | '')}
                >
                  <MenuItem value="">{t('admin.allTypes')}</MenuItem>
                  {USER_TYPES.map((type) => (
                    <MenuItem key={type} value={type}>
                      {type}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  size="small"
                  label={t('admin.status')}
                  value={status}
                  onChange={(e) => filter(setStatus)(e.target.value as StatusFilter)}
                >
                  <MenuItem value="">{t('admin.allStatuses')}</MenuItem>
                  <MenuItem value="true">{t('account.active')}</MenuItem>
                  <MenuItem value="false">{t('account.inactive')}</MenuItem>
                </TextField>
              </Box>
              <Box sx={{ height: 4 }}>{isFetching ? <LinearProgress aria-label={t('loader.loading')} /> : null}</Box>
              <LoadFailedAlert
                title={t('admin.loadFailed')}
                error={error}
                onRetry={() => void refetch()}
                sx={{ m: 2 }}
              />
              {data && data.results.length > 0 ? (
                <AccountsTable users={data.results} selfId={self?.id ?? -1} onAction={onAction} />
              ) : null}
              {data && data.results.length === 0 ? (
                <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
                  {t('admin.empty')}
                </Typography>
              ) : null}
              <TablePagination
                component="div"
                count={data?.count ?? 0}
                page={data && page * pageSize >= data.count && data.count > 0 ? 0 : page}
                onPageChange={(_e, p) => setPage(p)}
                rowsPerPage={pageSize}
                rowsPerPageOptions={PAGE_SIZES}
                onRowsPerPageChange={(e) => filter(setPageSize)(Number(e.target.value))}
                labelRowsPerPage={t('admin.rowsPerPage')}
                labelDisplayedRows={({ from, to, count }) => t('admin.displayedRows', { from, to, count })}
              />
            </Card>
          </>
        ) : null}
      </Box>

      <FormDialog
        open={dialog?.kind === 'create'}
        title={t('account.createAccount')}
        hint={t('account.createAccountHint')}
        onClose={close}
      >
        <CreateAccountForm onCreated={close} onCancel={close} />
      </FormDialog>
      {dialog?.kind === 'edit' ? (
        <FormDialog open title={t('admin.editTitle', { userName: dialog.user.username })} onClose={close}>
          <ExternalIdentityNote user={dialog.user} />
          <EditAccountForm user={dialog.user} onSaved={close} onCancel={close} />
        </FormDialog>
      ) : null}
      {dialog?.kind === 'reset' ? (
        <FormDialog
          open
          title={t('admin.resetTitle', { userName: dialog.user.username })}
          hint={t('admin.resetHint')}
          onClose={close}
        >
          <ResetPasswordForm user={dialog.user} onDone={close} onCancel={close} />
        </FormDialog>
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === 'resetMfa'}
        title={dialog?.kind === 'resetMfa' ? t('admin.resetMfaTitle', { userName: dialog.user.username }) : ''}
        body={t('admin.resetMfaBody')}
        confirmLabel={t('admin.resetMfa')}
        cancelLabel={t('account.cancel')}
        danger
        busy={resettingMfa}
        onConfirm={() => dialog?.kind === 'resetMfa' && void confirmResetMfa(dialog.user)}
        onClose={close}
      />
      <ConfirmDialog
        open={dialog?.kind === 'deactivate'}
        title={dialog?.kind === 'deactivate' ? t('admin.deactivateTitle', { userName: dialog.user.username }) : ''}
        body={t('admin.deactivateBody')}
        confirmLabel={t('admin.deactivate')}
        cancelLabel={t('account.cancel')}
        danger
        busy={updating}
        onConfirm={() => dialog?.kind === 'deactivate' && void setActive(dialog.user, false)}
        onClose={close}
      />
    </PageContainer>
  );
}
