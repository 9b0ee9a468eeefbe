import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SHARE_CALL_STATUSES, ZShareCallStatus, type TShareCall } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { Bidi } from '../../../components/bidi';
import { DataTable, type DataTableColumn, ListPagination } from '../../../components/data-table';
import { DateRangeFields, DatesProvider } from '../../../components/date-fields';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { SearchField } from '../../../components/search-field';
import { SectionCard } from '../../../components/section-card';
import { formatDateTime, formatDuration, formatNumber, personName } from '../../../lib/format';
import { urlField, useTypedFilter, useUrlFilters } from '../../../lib/use-url-filters';
import { useFailureToast } from '../../../lib/api/use-failure-toast';
import { useShareCallsQuery } from '../api/share-api';
import { CallOutcome, callOutcomeText } from '../components/call-outcome';
import { ShareStatusChip } from '../components/share-chips';
import { SHARE_PATHS } from '../share-format';

const PAGE_SIZE = 25;

/** The audit's filters in the URL (status, search, period, page): shareable, kept on reload. */
const ZCallFilters = z.object({
  status: ZShareCallStatus.optional().catch(undefined),
  search: z.string().catch(''),
  from: urlField.isoDate(),
  to: urlField.isoDate(),
  page: urlField.page(),
});
const CALLS_URL = { page: 'page' } as const;

/** `share/calls`: who watched whom, why, when, for how long and how it ended (auditors). */
export function ShareCallsPage() {
  const { t } = useTranslation();
  const [f, setFilters] = useUrlFilters(ZCallFilters, CALLS_URL);
  const [typed, setTyped] = useTypedFilter(f.search, (search) => setFilters({ search }));
  const { data, isFetching, error } = useShareCallsQuery(
    {
      status: f.status,
      search: f.search || undefined,
      from: f.from,
      to: f.to,
      page: f.page,
      page_size: PAGE_SIZE,
    },
    // Other people's calls send this auditor no frames: calls in progress move on by polling.
    { pollingInterval: 30_000, skipPollingIfUnfocused: true },
  );
  useFailureToast(error, 'share-calls');
  const pages = Math.ceil((data?.count ?? 0) / PAGE_SIZE);
  const filtered = Boolean(f.status || f.search || f.from || f.to);

  const columns: DataTableColumn<TShareCall>[] = [
    {
      key: 'requested',
      label: 'share.fields.requested',
      placement: 'primary',
      cell: (c) => (
        <Link component={RouterLink} to={SHARE_PATHS.callEnd(c.id)} sx={{ fontWeight: 500 }}>
          {formatDateTime(c.requested_at)}
        </Link>
      ),
      cardCell: (c) => formatDateTime(c.requested_at),
      sortValue: (c) => c.requested_at,
      sortFirst: 'desc',
    },
    {
      key: 'viewer',
      label: 'share.fields.viewer',
      cell: (c) => <Bidi>{personName(c.viewer)}</Bidi>,
      sortValue: (c) => personName(c.viewer),
    },
    {
      key: 'target',
      label: 'share.fields.target',
      cell: (c) => <Bidi>{personName(c.target)}</Bidi>,
      sortValue: (c) => personName(c.target),
    },
    {
      key: 'reason',
      label: 'share.fields.reason',
      cell: (c) => (
        <Box component="span" sx={{ display: 'block', maxWidth: 280, overflowWrap: 'anywhere' }}>
          <Bidi>{c.reason}</Bidi>
        </Box>
      ),
      csv: (c) => c.reason,
    },
    {
      key: 'status',
      label: 'share.fields.status',
      placement: 'secondary',
      cell: (c) => <ShareStatusChip status={c.status} />,
      sortValue: (c) => t(`share.statuses.${c.status}`),
    },
    {
      key: 'duration',
      label: 'share.fields.duration',
      cell: (c) => <Bidi>{formatDuration(c.duration_seconds)}</Bidi>,
      sortValue: (c) => c.duration_seconds,
      csv: (c) => formatDuration(c.duration_seconds),
      align: 'right',
    },
    {
      key: 'outcome',
      label: 'share.fields.outcome',
      cell: (c) => <CallOutcome call={c} />,
      csv: (c) => callOutcomeText(t, c),
    },
    {
      key: 'snapshots',
      label: 'share.fields.snapshots',
      cell: (c) => formatNumber(c.snapshots.length),
      sortValue: (c) => c.snapshots.length,
      align: 'right',
    },
  ];

  return (
    <PageContainer maxWidth="xl">
      <PageHeader
        title={t('share.calls.title')}
        subtitle={t('share.calls.intro')}
        actions={
          <Button component={RouterLink} to={SHARE_PATHS.home} variant="outlined" startIcon={<ArrowBackRounded />}>
            {t('share.calls.back')}
          </Button>
        }
      />
      <SectionCard title={t('share.calls.label')}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
          <SearchField label={t('share.calls.search')} value={typed} onChange={setTyped} sx={{ flex: '1 1 220px' }} />
          <TextField
            select
            size="small"
            label={t('share.fields.status')}
            value={f.status ?? ''}
            onChange={(e) => setFilters({ status: ZShareCallStatus.safeParse(e.target.value).data })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ width: { xs: '100%', sm: 190 } }}
          >
            <MenuItem value="">{t('share.calls.anyStatus')}</MenuItem>
            {SHARE_CALL_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`share.statuses.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <DatesProvider>
            <DateRangeFields
              label={t('share.calls.period')}
              from={{ name: 'from', label: t('share.calls.from'), value: f.from ?? '' }}
              to={{ name: 'to', label: t('share.calls.to'), value: f.to ?? '' }}
              onChange={(range) => setFilters({ from: range.from, to: range.to })}
              compact
            />
          </DatesProvider>
        </Box>
        {data ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
            {t('share.calls.count', { count: data.count, n: formatNumber(data.count) })}
          </Typography>
        ) : null}
        <DataTable
          rows={data?.results ?? []}
          columns={columns}
          rowKey={(c) => c.id}
          label={t('share.calls.label')}
          loading={isFetching && !data}
          rowLink={(c) => ({ to: SHARE_PATHS.callEnd(c.id) })}
          emptyText={filtered ? t('share.calls.noMatch') : t('share.calls.empty')}
          csvFilename="share-calls.csv"
        />
        <ListPagination count={pages} page={f.page} onChange={(page) => setFilters({ page })} />
      </SectionCard>
    </PageContainer>
  );
}
