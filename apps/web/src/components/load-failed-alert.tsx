import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { errorText, type RequestError } from '../lib/api/api-error';

interface Props {
  /** What failed, in the page's words ("The accounts could not be loaded."). */
  title: string;
  error: RequestError;
  onRetry(): void;
  sx?: SxProps<Theme>;
}

/**
 * A list or board that failed to load, in place of its rows: what failed, the server's
 * reason in plain translated words, and Retry (live boards keep their last rows meanwhile).
 */
export function LoadFailedAlert({ title, error, onRetry, sx = { mb: 2 } }: Props) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('errors.retry')}
        </Button>
      }
    >
      {title} {errorText(error)}
    </Alert>
  );
}
