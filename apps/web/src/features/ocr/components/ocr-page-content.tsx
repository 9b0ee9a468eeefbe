import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TOcrJobDetail, TOcrPage } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { toast } from 'react-toastify';
import { SectionCard } from '../../../components/section-card';
import { useBlobUrl } from '../../../lib/api/use-blob-url';
import { formatNumber } from '../../../lib/format';
import { selectToken } from '../../auth';
import { useFailureToast } from '../../../lib/api/use-failure-toast';
import { useOcrPageQuery } from '../api/ocr-api';
import { OcrFailure } from './ocr-failure';
import { OcrWordOverlay } from './ocr-word-overlay';

function PageImage({ page, job }: { page: TOcrPage; job: TOcrJobDetail }) {
  const { t } = useTranslation();
  const token = useSelector(selectToken);
  // A page recognised again (retry) has new words and may have a new image.
  const image = useBlobUrl(page.image_url, token, `${page.status}:${page.confidence ?? ''}`);
  if (!page.image_url) return <Typography color="text.secondary">{t('ocr.page.noImage')}</Typography>;
  if (image.failed) return <Alert severity="warning">{t('ocr.page.imageFailed')}</Alert>;
  if (!image.src || !page.width || !page.height) {
    return image.src ? (
      <Box
        component="img"
        src={image.src}
        alt={t('ocr.page.imageAlt', { page: page.number, name: job.filename })}
        sx={{ width: '100%' }}
      />
    ) : (
      <Skeleton variant="rounded" height={360} />
    );
  }
  return (
    <OcrWordOverlay
      src={image.src}
      alt={t('ocr.page.imageAlt', { page: page.number, name: job.filename })}
      width={page.width}
      height={page.height}
      words={page.words}
    />
  );
}

function PageText({ page, job }: { page: TOcrPage; job: TOcrJobDetail }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(page.text);
      toast.success(t('ocr.page.copied'));
    } catch {
      toast.error(t('ocr.page.copyFailed'));
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        {page.method === 'text-layer' ? <Chip size="small" variant="outlined" label={t('ocr.page.textLayer')} /> : null}
        {page.confidence !== null && page.method === 'ocr' ? (
          <Typography variant="body2" color="text.secondary">
            {t('ocr.page.confidence', { n: formatNumber(Math.round(page.confidence)) })}
          </Typography>
        ) : null}
        <Button
          size="small"
          variant="outlined"
          startIcon={<ContentCopyRounded fontSize="small" />}
          onClick={() => void copy()}
          disabled={page.text === ''}
          sx={{ ml: 'auto' }}
        >
          {t('ocr.page.copy')}
        </Button>
      </Box>
      {page.text === '' ? (
        <Typography color="text.secondary">{t('ocr.page.noText')}</Typography>
      ) : (
        <Box
          component="pre"
          data-testid="ocr-page-text"
          dir={job.language === 'ara' ? 'rtl' : 'auto'}
          lang={job.language === 'ara' ? 'ar' : job.language === 'eng' ? 'en' : undefined}
          sx={{
            m: 0,
            p: 2,
            borderRadius: 1,
            bgcolor: 'action.hover',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            fontFamily: 'inherit',
            fontSize: '0.95rem',
            lineHeight: 1.7,
            maxHeight: { md: '70vh' },
            overflow: 'auto',
          }}
          tabIndex={0}
          role="region"
          aria-label={t('ocr.page.textLabel', { page: page.number })}
        >
          {/* Each line picks its own direction: mixed Arabic and English documents read right. */}
          {page.text.split('\n').map((line, i) => (
            <Box component="span" key={i} dir="auto" sx={{ display: 'block', minHeight: '1.7em' }}>
              {line}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** One page of a job: the image with its words, and the text beside it (stacked on phones). */
export function OcrPageContent({ job, pageNumber }: { job: TOcrJobDetail; pageNumber: number }) {
  const { t } = useTranslation();
  const { data: page, error, isLoading } = useOcrPageQuery({ job: job.id, page: pageNumber });
  useFailureToast(error, `ocr-page-${job.id}-${pageNumber}`);
  if (isLoading || !page) return <Skeleton variant="rounded" height={360} />;
  if (page.status === 'failed') return <OcrFailure reason={page.error ?? 'engine_error'} page={page.number} />;
  if (page.status === 'pending')
    return (
      <Alert severity="info" variant="outlined">
        {t('ocr.page.pending', { page: page.number })}
      </Alert>
    );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2.5,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      <SectionCard title={t('ocr.page.imageTitle')}>
        <PageImage page={page} job={job} />
      </SectionCard>
      <SectionCard title={t('ocr.page.textTitle')}>
        <PageText page={page} job={job} />
      </SectionCard>
    </Box>
  );
}
