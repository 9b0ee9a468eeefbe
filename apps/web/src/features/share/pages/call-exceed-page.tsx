import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { BidiTrans } from '../../../components/bidi';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { formatNumber, personName } from '../../../lib/format';
import { useFailureToast } from '../../../lib/api/use-failure-toast';
import { useShareAvailabilityQuery } from '../api/share-api';
import { clockTime, SHARE_PATHS } from '../share-format';

/** How often the page asks again whether a place has freed. */
const POLL_MS = 15_000;

/** `share/call-exceed?user=NAME&limit=viewers|length`: which limit stopped the call, and when to try again. */
export function CallExceedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const user = params.get('user') ?? '';
  const limit = params.get('limit') === 'length' ? 'length' : 'viewers';
  const { data, error } = useShareAvailabilityQuery(user, {
    skip: !user,
    pollingInterval: limit === 'viewers' ? POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const missing = !user || (!!error && 'status' in error && error.status === 404);
  useFailureToast(missing ? undefined : error, 'share-availability');
  if (missing) return <NotFoundPage />;

  // The length limit leaves the place free at once; a full target frees one by retry_at.
  const free = limit === 'length' || (!!data && (data.retry_at === null || data.viewers < data.max_viewers));
  const name = data ? personName(data.target) : user;

  return (
    <PageContainer maxWidth="sm">
      <PageHeader title={t('share.exceed.title')} />
      <SectionCard title={t(limit === 'length' ? 'share.exceed.lengthTitle' : 'share.exceed.viewersTitle')}>
        {data ? (
          <Box sx={{ display: 'grid', gap: 2 }}>
            {limit === 'length' ? (
              <Typography>{t('share.exceed.length', { count: data.max_minutes })}</Typography>
            ) : (
              <>
                <Typography>
                  <BidiTrans
                    i18nKey="share.exceed.viewers"
                    count={data.viewers}
                    values={{ name, n: formatNumber(data.viewers), max: formatNumber(data.max_viewers) }}
                  />
                </Typography>
                <Alert severity={free ? 'success' : 'info'} aria-live="polite">
                  {free || !data.retry_at
                    ? t('share.exceed.freeNow')
                    : t('share.exceed.retryAt', { time: clockTime(data.retry_at) })}
                </Alert>
              </>
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
              {free ? (
                <Button
                  component={RouterLink}
                  to={SHARE_PATHS.watch(data.target.username)}
                  variant="contained"
                  startIcon={<ReplayRounded />}
                >
                  {t('share.exceed.tryAgain')}
                </Button>
              ) : (
                <Button variant="contained" startIcon={<ReplayRounded />} disabled>
                  {t('share.exceed.tryAgain')}
                </Button>
              )}
              <Button component={RouterLink} to={SHARE_PATHS.home} variant="outlined" startIcon={<ArrowBackRounded />}>
                {t('share.exceed.back')}
              </Button>
            </Box>
          </Box>
        ) : (
          <Skeleton variant="rounded" height={120} aria-label={t('loader.loading')} />
        )}
      </SectionCard>
    </PageContainer>
  );
}
