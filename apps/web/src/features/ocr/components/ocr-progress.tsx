import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { TOcrJob } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { pagesHandled } from '../ocr-format';

/**
 * "Page 3 of 12" as a bar and words. The bar is the accessible progressbar: its value is
 * the percentage and its value text the same words, so a screen reader says pages, not
 * percent. Before the pages are known (queued) the bar is indeterminate.
 */
export function OcrProgress({
  job,
  label,
}: {
  job: Pick<TOcrJob, 'status' | 'pages' | 'pages_done' | 'pages_failed'>;
  /** The bar's accessible name ("Progress of scan.png"). */
  label: string;
}) {
  const { t } = useTranslation();
  const handled = pagesHandled(job);
  const total = job.pages;
  const known = total !== null && total > 0;
  const percent = known ? Math.round((Math.min(handled, total) / total) * 100) : 0;
  const words =
    job.status === 'done'
      ? t('ocr.progress.finished', { count: total ?? handled, n: formatNumber(total ?? handled) })
      : known
        ? t('ocr.progress.pageOf', { page: formatNumber(handled), total: formatNumber(total) })
        : t('ocr.progress.waiting');
  const moving = job.status === 'queued' || job.status === 'running';
  return (
    <Box sx={{ minWidth: 120 }}>
      <LinearProgress
        variant={known || !moving ? 'determinate' : 'indeterminate'}
        value={percent}
        aria-label={label}
        aria-valuetext={words}
        color={job.status === 'failed' ? 'error' : job.status === 'done' ? 'success' : 'primary'}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
        {words}
        {job.pages_failed > 0
          ? ` · ${t('ocr.progress.failedPages', { count: job.pages_failed, n: formatNumber(job.pages_failed) })}`
          : ''}
      </Typography>
    </Box>
  );
}
