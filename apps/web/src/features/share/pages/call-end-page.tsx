import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Bidi, BidiTrans } from '../../../components/bidi';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { formatDateTime, formatDuration, personName } from '../../../lib/format';
import { selectCurrentUser } from '../../auth';
import { useFailureToast } from '../../../lib/api/use-failure-toast';
import { useShareCallQuery } from '../api/share-api';
import { CallOutcome } from '../components/call-outcome';
import { SnapshotThumb } from '../components/snapshot-thumb';
import { SHARE_PATHS } from '../share-format';

const when = (value: string | null) => (value ? formatDateTime(value, { seconds: true }) : '—');

/** One labelled fact of the call. */
function Fact({ label, children }: { label: ParseKeys; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {t(label)}
      </Typography>
      <Typography component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** `share/call-end?call=ID`: a call's record once it is over (its parties and auditors). */
export function CallEndPage() {
  const { t } = useTranslation();
  const me = useSelector(selectCurrentUser);
  const [params] = useSearchParams();
  const id = Number(params.get('call'));
  // Without a call named (a request that never got one), the page only says it is over.
  const named = Number.isInteger(id) && id > 0;
  const { data: call, error } = useShareCallQuery(id, { skip: !named });
  const missing = !!error && 'status' in error && error.status === 404;
  useFailureToast(missing ? undefined : error, 'share-call');
  if (missing) return <NotFoundPage />;

  return (
    <PageContainer maxWidth="md">
      <PageHeader
        title={t('share.end.title')}
        subtitle={
          call ? (
            <BidiTrans
              i18nKey="share.end.parties"
              values={{ viewer: personName(call.viewer), target: personName(call.target) }}
            />
          ) : undefined
        }
        actions={
          <>
            {call && me?.username === call.viewer.username ? (
              <Button
                component={RouterLink}
                to={SHARE_PATHS.watch(call.target.username)}
                variant="contained"
                startIcon={<ReplayRounded />}
              >
                {t('share.end.watchAgain')}
              </Button>
            ) : null}
            <Button component={RouterLink} to={SHARE_PATHS.home} variant="outlined" startIcon={<ArrowBackRounded />}>
              {t('share.end.back')}
            </Button>
          </>
        }
      />
      {call ? (
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          <SectionCard title={t('share.end.details')}>
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 3, rowGap: 1.25 }}
            >
              <Fact label="share.fields.outcome">
                <CallOutcome call={call} />
              </Fact>
              <Fact label="share.fields.reason">
                <Bidi>{call.reason}</Bidi>
              </Fact>
              <Fact label="share.fields.requested">{when(call.requested_at)}</Fact>
              <Fact label="share.fields.started">{when(call.started_at)}</Fact>
              <Fact label="share.fields.ended">{when(call.ended_at)}</Fact>
              <Fact label="share.fields.duration">
                <Bidi>{formatDuration(call.duration_seconds)}</Bidi>
              </Fact>
            </Box>
          </SectionCard>
          <SectionCard title={t('share.fields.snapshots')}>
            {call.snapshots.length ? (
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))',
                }}
              >
                {call.snapshots.map((s) => (
                  <SnapshotThumb key={s.id} callId={call.id} snapshot={s} />
                ))}
              </Box>
            ) : (
              <Typography color="text.secondary">{t('share.end.noSnapshots')}</Typography>
            )}
          </SectionCard>
        </Box>
      ) : named ? (
        <Skeleton variant="rounded" height={240} aria-label={t('loader.loading')} />
      ) : (
        <Typography color="text.secondary">{t('share.end.noCall')}</Typography>
      )}
    </PageContainer>
  );
}
