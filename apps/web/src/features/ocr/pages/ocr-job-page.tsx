import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZStaffDepartment, type TOcrJobDetail } from '@portal/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { toast } from 'react-toastify';
import { BidiTrans } from '../../../components/bidi';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/api/api-error';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { urlField, useUrlFilters } from '../../../lib/use-url-filters';
import { selectToken } from '../../auth';
import { downloadOcrFile, useOcrJobQuery, useShareOcrJobMutation, type OcrDownload } from '../api/ocr-api';
import { OcrFailure } from '../components/ocr-failure';
import { OcrJobActions } from '../components/ocr-job-actions';
import { OcrPageContent } from '../components/ocr-page-content';
import { OcrProgress } from '../components/ocr-progress';
import { OcrStatusChip } from '../components/ocr-status-chip';
import { isActive, OCR_PATHS, ownerName } from '../ocr-format';

import type { Theme } from '@mui/material/styles';
import { RecordMissingPage } from '../../../components/not-found-page';

/** Arrows point the way of reading. */
const flip = (theme: Theme) => (theme.direction === 'rtl' ? { transform: 'scaleX(-1)' } : {});

function Downloads({ job }: { job: TOcrJobDetail }) {
  const { t } = useTranslation();
  const token = useSelector(selectToken);
  const [busy, setBusy] = useState<OcrDownload | null>(null);
  const download = async (what: OcrDownload) => {
    if (!token) return;
    setBusy(what);
    try {
      await downloadOcrFile(job, what, token);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };
  const done = job.status === 'done';
  const items: { what: OcrDownload; icon: ReactNode; enabled: boolean }[] = [
    { what: 'text', icon: <DescriptionOutlined />, enabled: done },
    { what: 'pdf', icon: <PictureAsPdfOutlined />, enabled: done },
    { what: 'original', icon: <FileDownloadOutlined />, enabled: true },
  ];
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {items.map(({ what, icon, enabled }) => (
        <Button
          key={what}
          variant="outlined"
          startIcon={icon}
          disabled={!enabled || busy !== null}
          onClick={() => void download(what)}
        >
          {t(`ocr.downloads.${what}`)}
        </Button>
      ))}
    </Box>
  );
}

/** Share with the owner's department, or stop sharing (owner or ADMIN). */
function ShareSwitch({ job }: { job: TOcrJobDetail }) {
  const [share, { isLoading }] = useShareOcrJobMutation();
  const department = ZStaffDepartment.safeParse(job.owner.user_type).data;
  if (!department) return null;
  return (
    <FormControlLabel
      control={
        <Switch
          checked={job.shared_with !== null}
          disabled={isLoading}
          onChange={(e) =>
            void share({ id: job.id, shared_with: e.target.checked ? department : null }).then((r) => {
              if (r.error) toast.error(errorText(r.error));
            })
          }
        />
      }
      label={<BidiTrans i18nKey="ocr.detail.shareWith" values={{ department }} />}
    />
  );
}

/** Page navigation in the URL (`?page=N`): previous, next and a choice of every page. */
function PageNav({ job, page, onPage }: { job: TOcrJobDetail; page: number; onPage: (n: number) => void }) {
  const { t } = useTranslation();
  const total = job.page_list.length;
  if (total <= 1) return null;
  return (
    <Box
      component="nav"
      aria-label={t('ocr.detail.pagesNav')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}
    >
      <Button startIcon={<ChevronLeftRounded sx={flip} />} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('ocr.detail.previousPage')}
      </Button>
      <TextField
        select
        size="small"
        label={t('ocr.detail.page')}
        value={page}
        onChange={(e) => onPage(Number(e.target.value))}
        sx={{ minWidth: 160 }}
      >
        {job.page_list.map((p) => (
          <MenuItem key={p.number} value={p.number}>
            {t('ocr.detail.pageOption', { page: formatNumber(p.number), total: formatNumber(total) })}
            {p.status === 'done' ? '' : ` · ${t(`ocr.pageStatuses.${p.status}`)}`}
          </MenuItem>
        ))}
      </TextField>
      <Button endIcon={<ChevronRightRounded sx={flip} />} disabled={page >= total} onClick={() => onPage(page + 1)}>
        {t('ocr.detail.nextPage')}
      </Button>
    </Box>
  );
}

/** The shown page, `?page=N` (the first kept out of the URL). */
const ZPageFilter = z.object({ page: urlField.page() });

function JobView({ job }: { job: TOcrJobDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [{ page: asked }, setFilters] = useUrlFilters(ZPageFilter);
  const total = job.page_list.length;
  const page = asked <= Math.max(total, 1) ? asked : 1;
  return (
    <>
      <PageHeader
        title={job.filename}
        subtitle={
          <>
            <BidiTrans
              i18nKey="ocr.detail.byline"
              values={{ owner: ownerName(job.owner), date: formatDateTime(job.created_at) }}
            />
            {' · '}
            {t(`ocr.languages.${job.language}`)}
          </>
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <OcrStatusChip status={job.status} size="medium" />
        {isActive(job) ? (
          <Box sx={{ flex: '1 1 200px', maxWidth: 360 }}>
            <OcrProgress job={job} label={t('ocr.progress.label', { name: job.filename })} />
          </Box>
        ) : null}
        {job.can_manage ? <ShareSwitch job={job} /> : null}
      </Box>
      {job.status === 'failed' && job.error ? (
        <Box sx={{ mb: 2 }}>
          <OcrFailure reason={job.error} />
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 3 }}>
        <Downloads job={job} />
        {job.can_manage ? (
          <Box sx={{ ml: { sm: 'auto' } }}>
            <OcrJobActions job={job} onDeleted={() => void navigate(OCR_PATHS.list)} />
          </Box>
        ) : null}
      </Box>
      {total === 0 ? (
        <Typography color="text.secondary">{t('ocr.detail.noPagesYet')}</Typography>
      ) : (
        <>
          <PageNav job={job} page={page} onPage={(n) => setFilters({ page: n })} />
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
            {t('ocr.detail.pageOf', { page: formatNumber(page), total: formatNumber(total) })}
          </Typography>
          <OcrPageContent job={job} pageNumber={page} />
        </>
      )}
    </>
  );
}

/** `ocr/{ocrId}`: one job, its downloads and actions, and its pages one at a time. */
export function OcrJobPage() {
  const { t } = useTranslation();
  const { ocrId } = useParams();
  const id = Number(ocrId);
  const valid = Number.isInteger(id) && id > 0;
  const { data: job, isError } = useOcrJobQuery(id, { skip: !valid });
  const back = (
    <Button component={Link} to={OCR_PATHS.list} startIcon={<ArrowBackRounded sx={flip} />}>
      {t('ocr.detail.back')}
    </Button>
  );
  if (!valid || (isError && !job)) {
    // Missing and not-yours look the same (the server answers 404 for both).
    return (
      <RecordMissingPage
        title={t('ocr.detail.missingTitle')}
        body={t('ocr.detail.missingBody')}
        backTo={OCR_PATHS.list}
        backLabel={t('ocr.detail.back')}
      />
    );
  }
  return (
    <PageContainer maxWidth="xl">
      <Box sx={{ mb: 1 }}>{back}</Box>
      {job ? <JobView job={job} /> : <Skeleton variant="rounded" height={360} />}
    </PageContainer>
  );
}
