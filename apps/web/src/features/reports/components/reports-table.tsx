import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  canReadAllReports,
  REPORT_STATUSES,
  REPORT_TYPES,
  ZReportStatus,
  ZReportType,
  type TReportSummary,
} from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import Link from '@mui/material/Link';
import { Bidi } from '../../../components/bidi';
import { DataTable, type DataTableColumn, ListPagination } from '../../../components/data-table';
import { SearchField } from '../../../components/search-field';
import { formatDate, formatDateTime } from '../../../lib/format';
import { urlField, useTypedFilter, useUrlFilters } from '../../../lib/use-url-filters';
import { selectCurrentUser } from '../../auth';
import { useReportsQuery } from '../api/reports-api';
import { REPORT_PATHS, subjectName, subjectsLine } from '../report-format';
import { ReportActions } from './report-actions';
import { ReportStatusChip } from './report-status-chip';
import { useFailureToast } from '../../../lib/api/use-failure-toast';

const PAGE_SIZE = 20;

/** The list's filters, kept in the URL (a filtered list can be shared and survives reload). */
const ZReportFilters = z.object({
  status: ZReportStatus.optional().catch(undefined),
  type: ZReportType.optional().catch(undefined),
  scope: z.enum(['mine', 'all']).catch('mine'),
  search: z.string().catch(''),
  page: urlField.page(),
});
const REPORTS_URL = { page: 'page' } as const;

/** `reports-list`: my reports (or, for ADMIN and directors, every report in their scope) with filters. */
export function ReportsTable() {
  const { t } = useTranslation();
  const me = useSelector(selectCurrentUser);
  const [f, setFilters] = useUrlFilters(ZReportFilters, REPORTS_URL);
  const [search, setSearch] = useTypedFilter(f.search, (text) => setFilters({ search: text }));
  const scope = f.scope === 'all' && canReadAllReports(me) ? 'all' : 'mine';
  const { data, isFetching, error } = useReportsQuery({
    scope,
    status: f.status,
    type: f.type,
    search: f.search || undefined,
    page: f.page,
  });
  useFailureToast(error, 'reports-list');

  const columns: DataTableColumn<TReportSummary>[] = [
    {
      key: 'title',
      label: 'reports.fields.title',
      placement: 'primary',
      cell: (r) => (
        <Link component={RouterLink} to={REPORT_PATHS.print(r.id)} dir="auto" sx={{ fontWeight: 500 }}>
          {r.title}
        </Link>
      ),
      cardCell: (r) => <Bidi>{r.title}</Bidi>,
      csv: (r) => r.title,
    },
    { key: 'type', label: 'reports.fields.type', cell: (r) => t(`reports.types.${r.type}`), csv: (r) => r.type },
    ...(scope === 'all'
      ? [
          {
            key: 'author',
            label: 'reports.fields.author',
            cell: (r: TReportSummary) => <Bidi>{subjectName(r.author)}</Bidi>,
            csv: (r: TReportSummary) => r.author.username,
          } satisfies DataTableColumn<TReportSummary>,
        ]
      : []),
    {
      key: 'subjects',
      label: 'reports.fields.subjects',
      cell: (r) => <Bidi>{subjectsLine(r)}</Bidi>,
      csv: (r) => r.subjects.map((s) => s.username).join(' '),
    },
    {
      key: 'period',
      label: 'reports.fields.period',
      cell: (r) => t('reports.periodRange', { from: formatDate(r.period_from), to: formatDate(r.period_to) }),
      csv: (r) => `${r.period_from}/${r.period_to}`,
    },
    {
      key: 'status',
      label: 'reports.fields.status',
      placement: 'secondary',
      cell: (r) => <ReportStatusChip status={r.status} />,
      csv: (r) => r.status,
    },
    {
      key: 'updated',
      label: 'reports.fields.updated',
      cell: (r) => formatDateTime(r.updated_at),
      csv: (r) => r.updated_at,
    },
  ];

  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / PAGE_SIZE));
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <SearchField
          label={t('reports.filters.search')}
          value={search}
          onChange={setSearch}
          sx={{ flex: '1 1 240px' }}
        />
        <TextField
          select
          size="small"
          label={t('reports.fields.status')}
          value={f.status ?? ''}
          onChange={(e) => setFilters({ status: ZReportStatus.safeParse(e.target.value).data })}
          sx={{ width: { xs: '100%', sm: 170 } }}
        >
          <MenuItem value="">{t('reports.filters.anyStatus')}</MenuItem>
          {REPORT_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`reports.statuses.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('reports.fields.type')}
          value={f.type ?? ''}
          onChange={(e) => setFilters({ type: ZReportType.safeParse(e.target.value).data })}
          sx={{ width: { xs: '100%', sm: 190 } }}
        >
          <MenuItem value="">{t('reports.filters.anyType')}</MenuItem>
          {REPORT_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`reports.types.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        {canReadAllReports(me) ? (
          <FormControlLabel
            control={
              <Switch
                checked={scope === 'all'}
                onChange={(e) => setFilters({ scope: e.target.checked ? 'all' : 'mine' })}
              />
            }
            label={t('reports.filters.allInScope')}
          />
        ) : null}
      </Box>
      {data ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
          {t('reports.list.count', { count: data.count })}
        </Typography>
      ) : null}
      <DataTable
        rows={data?.results ?? []}
        columns={columns}
        rowKey={(r) => r.id}
        label={scope === 'all' ? t('reports.list.allLabel') : t('reports.list.mineLabel')}
        loading={isFetching && !data}
        emptyText={t('reports.list.empty')}
        actions={(r) => <ReportActions report={r} />}
        actionsLabel={t('reports.list.actions')}
        csvFilename="reports.csv"
      />
      <ListPagination count={pages} page={f.page} onChange={(page) => setFilters({ page })} />
    </Box>
  );
}
