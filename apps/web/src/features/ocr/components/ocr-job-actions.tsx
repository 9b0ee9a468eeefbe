import CancelOutlined from '@mui/icons-material/CancelOutlined';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { TOcrJob } from '@portal/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText, type RequestError } from '../../../lib/api/api-error';
import { useCancelOcrJobMutation, useDeleteOcrJobMutation, useRetryOcrJobMutation } from '../api/ocr-api';
import { isActive, isRetryable, OCR_PATHS } from '../ocr-format';

type Job = Pick<TOcrJob, 'id' | 'filename' | 'status'>;

/** One action: an icon with its name in a tooltip (lists), or a labelled button (the job's page). */
function Action({
  compact,
  label,
  short,
  icon,
  onClick,
  to,
  disabled,
  danger,
}: {
  compact: boolean;
  label: string;
  short: string;
  icon: ReactNode;
  onClick?: () => void;
  to?: string;
  disabled?: boolean;
  danger?: boolean;
}) {
  const link = to ? ({ component: Link, to } as const) : {};
  if (compact)
    return (
      <Tooltip title={label}>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled} {...link}>
          {icon}
        </IconButton>
      </Tooltip>
    );
  return (
    <Button
      variant="outlined"
      color={danger ? 'error' : 'primary'}
      startIcon={icon}
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
      {...link}
    >
      {short}
    </Button>
  );
}

const failed = (error: RequestError) => toast.error(errorText(error));

/**
 * What the owner (or ADMIN) may do with a job: cancel while it waits or works, retry once
 * it failed or was cancelled, delete after a confirmation; `open` adds a link to its page.
 */
export function OcrJobActions({
  job,
  compact = false,
  open = false,
  manage = true,
  onDeleted,
}: {
  job: Job;
  compact?: boolean;
  open?: boolean;
  /** The caller may cancel, retry and delete it (owner or ADMIN); else only `open` shows. */
  manage?: boolean;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const [cancel, cancelling] = useCancelOcrJobMutation();
  const [retry, retrying] = useRetryOcrJobMutation();
  const [remove, removing] = useDeleteOcrJobMutation();
  const [confirming, setConfirming] = useState(false);
  const name = job.filename;
  const run = async (action: () => Promise<{ error?: RequestError }>, done: string) => {
    const result = await action();
    if (result.error) failed(result.error);
    else toast.success(done);
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: compact ? 0.5 : 1 }}>
      {open ? (
        <Action
          compact={compact}
          label={t('ocr.actions.open', { name })}
          short={t('ocr.actions.openShort')}
          icon={<OpenInNewRounded fontSize="small" />}
          to={OCR_PATHS.job(job.id)}
        />
      ) : null}
      {manage && isActive(job) ? (
        <Action
          compact={compact}
          label={t('ocr.actions.cancel', { name })}
          short={t('ocr.actions.cancelShort')}
          icon={<CancelOutlined fontSize="small" />}
          disabled={cancelling.isLoading}
          onClick={() => void run(() => cancel(job.id), t('ocr.actions.cancelled'))}
        />
      ) : null}
      {manage && isRetryable(job) ? (
        <Action
          compact={compact}
          label={t('ocr.actions.retry', { name })}
          short={t('ocr.actions.retryShort')}
          icon={<ReplayRounded fontSize="small" />}
          disabled={retrying.isLoading}
          onClick={() => void run(() => retry(job.id), t('ocr.actions.retried'))}
        />
      ) : null}
      {manage ? (
        <Action
          compact={compact}
          danger
          label={t('ocr.actions.delete', { name })}
          short={t('ocr.actions.deleteShort')}
          icon={<DeleteOutlineRounded fontSize="small" />}
          onClick={() => setConfirming(true)}
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        danger
        busy={removing.isLoading}
        title={t('ocr.actions.deleteTitle')}
        body={t('ocr.actions.deleteBody', { name })}
        confirmLabel={t('ocr.actions.deleteShort')}
        cancelLabel={t('ocr.actions.keep')}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          void remove(job.id).then((result) => {
            setConfirming(false);
            if (result.error) return failed(result.error);
            toast.success(t('ocr.actions.deleted'));
            onDeleted?.();
          })
        }
      />
    </Box>
  );
}
