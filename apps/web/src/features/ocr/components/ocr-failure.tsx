import Alert from '@mui/material/Alert';
import type { TOcrFailureReason } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** Why a job or a page failed, in plain words with what to do about it. */
export function OcrFailure({ reason, page }: { reason: TOcrFailureReason; page?: number }) {
  const { t } = useTranslation();
  return (
    <Alert severity="error" variant="outlined">
      {page === undefined
        ? t(`ocr.failures.${reason}`)
        : t('ocr.failures.page', { page, reason: t(`ocr.failures.${reason}`) })}
    </Alert>
  );
}
