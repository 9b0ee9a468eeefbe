import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestError } from '../../../lib/api/api-error';
import { useFailureToast } from '../../../lib/api/use-failure-toast';

/** Loading, failed (toast + retry), empty, or the list: the states every desk list has. */
export function DeskListFrame({
  id,
  isLoading,
  error,
  empty,
  emptyText,
  onRetry,
  children,
}: {
  id: string;
  isLoading: boolean;
  error: RequestError;
  empty: boolean;
  emptyText: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  useFailureToast(error, id);
  if (isLoading) {
    return (
      <Stack spacing={1} aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={44} />
        ))}
      </Stack>
    );
  }
  if (error) {
    return (
      <Button variant="outlined" onClick={onRetry}>
        {t('errors.retry')}
      </Button>
    );
  }
  if (empty) {
    return (
      <Card variant="outlined" sx={{ p: 3, textAlign: 'center', borderStyle: 'dashed' }}>
        <Typography color="text.secondary">{emptyText}</Typography>
      </Card>
    );
  }
  return children;
}
