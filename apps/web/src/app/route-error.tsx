import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { StatusPage } from '../components/status-page';
import { isChunkLoadError, retryAfterChunkError } from '../lib/lazy-import';

/** Error element of the route tree: failed chunk (after its one reload), 404, or a crash. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const chunk = isChunkLoadError(error);
  return (
    <StatusPage
      title={chunk ? t('errors.chunkTitle') : t('errors.unexpectedTitle')}
      body={chunk ? t('errors.chunkBody') : t('errors.unexpectedBody')}
      actions={
        <>
          <Button variant="contained" onClick={retryAfterChunkError}>
            {t('errors.retry')}
          </Button>
          <Button component={Link} to="/" reloadDocument variant="outlined">
            {t('errors.goHome')}
          </Button>
        </>
      }
    />
  );
}
