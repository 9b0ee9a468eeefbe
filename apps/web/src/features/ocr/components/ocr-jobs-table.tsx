import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { canManageOcrJob, OCR_JOB_STATUSES, ZOcrJobStatus, type TOcrJob } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { Bidi } from '../../../components/bidi';
import { DataTable, type DataTableColumn, ListPagination } from '../../../components/data-table';
import { SearchField } from '../../../components/search-field';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { urlField, useTypedFilter, useUrlFilters } from '../../../lib/use-url-filters';
import { selectCurrentUser } from '../../auth';
import { useFailureToast } from '../../../lib/api/use-failure-toast';
import { useOcrJobsQuery } from '../api/ocr-api';
import { OCR_PATHS, ownerName } from '../ocr-format';
import { OcrJobActions } from './ocr-job-actions';
import { OcrProgress } from './ocr-progress';
import { OcrStatusChip } from './ocr-status-chip';

const PAGE_SIZE = 20;

/** The list's filters in the URL (status, scope, file name, page): shareable, kept on reload. */
const ZJobFilters = z.object({
  status: ZOcrJobStatus.optional().catch(undefined),
  scope: z.enum(['all', 'mine']).catch('all'),
  name: z.string().catch(''),
  page: urlField.page(),
});
const JOBS_URL = { page: 'page' } as const;

/** The failure reason under the chip, in words. */
function StatusCell({ job }: { job: TOcrJob }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <OcrStatusChip status={job.status} />
      {job.error ? (
        <Typography variant="caption" color="error">
          {t(`ocr.failures.${job.error}`)}
        </Typography>
      ) : null}
    </Box>
  );
}

/** `ocr`: the jobs the caller may see (own, shared with their department; ADMIN every one). */
export function OcrJobsTable() {
  const { t } = useTranslation();
  const me = useSelector(selectCurrentUser);
  const [f, setFilters] = useUrlFilters(ZJobFilters, JOBS_URL);
  const [name, setName] = useTypedFilter(f.name, (text) => setFilters({ name: text }));
  const { data, isFetching, error } = useOcrJobsQuery({
    status: f.status,
    scope: f.scope,
    q: f.name || undefined,
    page: f.page,
    page_size: PAGE_SIZE,
  });
  useFailureToast(error, 'ocr-jobs');

  const columns: DataTableColumn<TOcrJob>[] = [
    {
      key: 'file',
      label: 'ocr.fields.file',
      placement: 'primary',
      cell: (j) => (
        <Link component={RouterLink} to={OCR_PATHS.job(j.id)} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          <Bidi>{j.filename}</Bidi>
        </Link>
      ),
      cardCell: (j) => <Bidi>{j.filename}</Bidi>,
      sortValue: (j) => j.filename,
    },
    {
      key: 'status',
      label: 'ocr.fields.status',
      placement: 'secondary',
      cell: (j) => <StatusCell job={j} />,
      sortValue: (j) => j.status,
    },
    {
      key: 'progress',
      label: 'ocr.fields.progress',
      cell: (j) => <OcrProgress job={j} label={t('ocr.progress.label', { name: j.filename })} />,
      csv: (j) => j.pages_done,
    },
    {
      key: 'pages',
      label: 'ocr.fields.pages',
      cell: (j) => (j.pages === null ? '—' : formatNumber(j.pages)),
      sortValue: (j) => j.pages,
      align: 'right',
    },
    {
      key: 'language',
      label: 'ocr.fields.language',
      cell: (j) => t(`ocr.languages.${j.language}`),
      sortValue: (j) => j.language,
    },
    {
      key: 'owner',
      label: 'ocr.fields.owner',
      cell: (j) => <Bidi>{ownerName(j.owner)}</Bidi>,
      sortValue: (j) => ownerName(j.owner),
    },
    {
      key: 'created',
      label: 'ocr.fields.created',
      cell: (j) => formatDateTime(j.created_at),
      sortValue: (j) => j.created_at,
      sortFirst: 'desc',
    },
  ];

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <SearchField label={t('ocr.filters.name')} value={name} onChange={setName} sx={{ flex: '1 1 220px' }} />
        <TextField
          select
          size="small"
          label={t('ocr.fields.status')}
          value={f.status ?? ''}
          onChange={(e) => setFilters({ status: ZOcrJobStatus.safeParse(e.target.value).data })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: { xs: '100%', sm: 170 } }}
        >
          <MenuItem value="">{t('ocr.filters.anyStatus')}</MenuItem>
          {OCR_JOB_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`ocr.statuses.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('ocr.filters.scope')}
          value={f.scope}
          onChange={(e) => setFilters({ scope: e.target.value === 'mine' ? 'mine' : 'all' })}
          sx={{ width: { xs: '100%', sm: 200 } }}
        >
          <MenuItem value="all">{t('ocr.filters.all')}</MenuItem>
          <MenuItem value="mine">{t('ocr.filters.mine')}</MenuItem>
        </TextField>
      </Box>
      {data ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
          {t('ocr.list.count', { count: data.count, n: formatNumber(data.count) })}
        </Typography>
      ) : null}
      <DataTable
        rows={data?.results ?? []}
        columns={columns}
        rowKey={(j) => j.id}
        label={t('ocr.list.label')}
        loading={isFetching && !data}
        emptyText={f.status || f.name || f.scope === 'mine' ? t('ocr.list.noMatch') : t('ocr.list.empty')}
        actions={(j) => <OcrJobActions job={j} compact open manage={canManageOcrJob(me, j)} />}
        actionsLabel={t('ocr.list.actions')}
        csvFilename="ocr-jobs.csv"
      />
      <ListPagination
        count={Math.ceil((data?.count ?? 0) / PAGE_SIZE)}
        page={f.page}
        onChange={(page) => setFilters({ page })}
        label={t('ocr.list.pages')}
      />
    </Box>
  );
}
