import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formResolver } from '../../../components/form/field-error-text';
import { skipToken } from '@reduxjs/toolkit/query';
import { ZStartShareCallRequest, type TShareCall, type TStartShareCallRequest } from '@portal/contracts';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { BidiTrans } from '../../../components/bidi';
import { FormCard } from '../../../components/form/form-card';
import { FormTextField } from '../../../components/form/form-text-field';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/api/api-error';
import { personName } from '../../../lib/format';
import { KpiScorePanel } from '../../kpi';
import {
  useAddShareSnapshotMutation,
  useEndShareCallMutation,
  useShareAvailabilityQuery,
  useShareCallQuery,
  useShareIceServersQuery,
  useStartShareCallMutation,
} from '../api/share-api';
import { receiveScreen, type PeerState } from '../live/peer';
import { useShare } from '../live/share-provider';
import { formatTimer, SHARE_PATHS } from '../share-format';
import { RecordMissingPage } from '../../../components/not-found-page';

const ZReasonForm = ZStartShareCallRequest.pick({ reason: true });
type ReasonForm = Pick<TStartShareCallRequest, 'reason'>;

const isOpen = (c: TShareCall | undefined) => !!c && (c.status === 'requested' || c.status === 'active');

/**
 * `share/{userName}`: state a reason and ask; wait for the answer; watch the
 * screen, take snapshots and score the person's KPIs beside it; either side ends it,
 * and the viewer lands on call-end (or call-exceed, when the length limit ended it).
 */
export function ShareUserPage() {
  const { t } = useTranslation();
  const { userName = '' } = useParams();
  const navigate = useNavigate();
  const share = useShare();
  const { data: who, error: whoError } = useShareAvailabilityQuery(userName);
  const [callId, setCallId] = useState<number | null>(null);
  const { data: call } = useShareCallQuery(callId ?? skipToken);
  const [end] = useEndShareCallMutation();

  // Where the viewer goes when the call is over.
  useEffect(() => {
    if (!call || isOpen(call)) return;
    if (call.end_reason === 'time_limit')
      void navigate(`${SHARE_PATHS.callExceed(userName, 'length')}&call=${call.id}`, { replace: true });
    else void navigate(SHARE_PATHS.callEnd(call.id), { replace: true });
  }, [call, navigate, userName]);

  // Leaving the page ends a call still on (or withdraws the request).
  const latest = useRef(call);
  latest.current = call;
  useEffect(
    () => () => {
      if (isOpen(latest.current)) void end(latest.current!.id);
    },
    [end],
  );

  // Missing and not-watchable look the same (the server answers 404 for both).
  if (!who && (whoError as { status?: unknown } | undefined)?.status === 404) {
    return (
      <RecordMissingPage
        title={t('share.viewer.missingTitle')}
        body={t('share.viewer.missingBody')}
        backTo={SHARE_PATHS.home}
        backLabel={t('share.end.back')}
      />
    );
  }
  const name = who ? personName(who.target) : userName;
  return (
    <PageContainer maxWidth={call?.status === 'active' ? 'xl' : 'sm'}>
      <PageHeader title={t('share.viewer.title', { name })} />
      {!who && !whoError ? <CircularProgress aria-label={t('share.viewer.connecting')} /> : null}
      {!who && whoError ? <Alert severity="error">{errorText(whoError)}</Alert> : null}
      {who && !call ? (
        <RequestForm
          userName={userName}
          name={name}
          online={who.online}
          notice={who.consent === 'notice'}
          endpoint={share?.endpoint ?? null}
          onStarted={(c) => setCallId(c.id)}
        />
      ) : null}
      {call?.status === 'requested' ? (
        <Paper sx={{ p: 3 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress size={24} aria-hidden />
            <Typography role="status">
              <BidiTrans i18nKey="share.viewer.waiting" values={{ name }} />
            </Typography>
          </Stack>
          <Button sx={{ mt: 2 }} onClick={() => void end(call.id)}>
            {t('share.viewer.cancel')}
          </Button>
        </Paper>
      ) : null}
      {call?.status === 'active' && share ? <Watching call={call} name={name} /> : null}
    </PageContainer>
  );
}

function RequestForm({
  userName,
  name,
  online,
  notice,
  endpoint,
  onStarted,
}: {
  userName: string;
  name: string;
  online: boolean;
  notice: boolean;
  endpoint: string | null;
  onStarted(call: TShareCall): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [start, starting] = useStartShareCallMutation();
  // Only the reason is typed: the target is the page's, the endpoint this tab's connection.
  const { control, handleSubmit, setError } = useForm<ReasonForm>({
    resolver: formResolver(ZReasonForm),
    defaultValues: { reason: '' },
  });
  const submit = handleSubmit(async ({ reason }) => {
    const result = await start({ target: userName, reason, endpoint: endpoint ?? '' });
    if ('error' in result) {
      if ((result.error as { status?: unknown }).status === 409) {
        void navigate(SHARE_PATHS.callExceed(userName, 'viewers'));
        return;
      }
      if (!applyServerFieldErrors(result.error, setError, ['reason'])) toast.error(errorText(result.error));
      return;
    }
    onStarted(result.data);
  });
  return (
    <FormCard label={t('share.viewer.request')} onSubmit={(e) => void submit(e)}>
      {!online ? (
        <Alert severity="info">
          <BidiTrans i18nKey="share.viewer.offline" values={{ name }} />
        </Alert>
      ) : null}
      {notice ? <Alert severity="info">{t('share.viewer.noticeHint')}</Alert> : null}
      <FormTextField
        control={control}
        name="reason"
        label={t('share.viewer.reasonLabel')}
        multiline
        minRows={2}
        required
        autoFocus
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
        {!endpoint ? <Typography variant="body2">{t('share.viewer.connecting')}</Typography> : null}
        <Button component={Link} to={SHARE_PATHS.home}>
          {t('share.end.back')}
        </Button>
        <Button type="submit" variant="contained" disabled={!endpoint || !online || starting.isLoading}>
          {t('share.viewer.request')}
        </Button>
      </Stack>
    </FormCard>
  );
}

/** Seconds since `from`, ticking each second. */
function useElapsed(from: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return from ? Math.max(0, Math.round((now - Date.parse(from)) / 1000)) : 0;
}

function Watching({ call, name }: { call: TShareCall; name: string }) {
  const { t } = useTranslation();
  const share = useShare()!;
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<PeerState>('connecting');
  const [scoring, setScoring] = useState(false);
  const { data: ice } = useShareIceServersQuery();
  const [end, ending] = useEndShareCallMutation();
  const [snap, snapping] = useAddShareSnapshotMutation();
  const elapsed = useElapsed(call.started_at);
  const maxSeconds =
    call.expires_at && call.started_at ? (Date.parse(call.expires_at) - Date.parse(call.started_at)) / 1000 : 0;

  const bound = call.viewer_endpoint === share.endpoint;
  useEffect(() => {
    if (!bound || !ice) return;
    return receiveScreen({
      client: share.client,
      callId: call.id,
      iceServers: ice.ice_servers,
      onState: setState,
      onStream: (stream) => {
        if (video.current) video.current.srcObject = stream;
      },
    });
  }, [bound, ice, share.client, call.id]);

  const snapshot = () => {
    const v = video.current;
    if (!v || !v.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')!.drawImage(v, 0, 0);
    canvas.toBlob((png) => {
      if (!png) return;
      void snap({ id: call.id, png }).then((r) =>
        'error' in r ? toast.error(errorText(r.error)) : toast.success(t('share.viewer.snapshotSaved')),
      );
    }, 'image/png');
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: scoring ? '1fr 360px' : '1fr' } }}>
      <Paper sx={{ p: { xs: 1, sm: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1, rowGap: 1 }}>
          <Chip color="error" size="small" label={t('share.viewer.liveBadge')} />
          <Typography sx={{ flex: 1, minWidth: 160 }}>
            <BidiTrans i18nKey="share.viewer.live" values={{ name }} />
          </Typography>
          <Typography variant="body2" role="timer" aria-live="off">
            {t('share.viewer.elapsed', {
              time: formatTimer(elapsed),
              max: Math.round(maxSeconds / 60),
            })}
          </Typography>
        </Stack>
        <Box
          component="video"
          ref={video}
          autoPlay
          muted
          playsInline
          aria-label={t('share.viewer.videoLabel', { name })}
          data-testid="share-video"
          sx={{ width: '100%', maxHeight: '70dvh', bgcolor: 'common.black', borderRadius: 1, display: 'block' }}
        />
        {state === 'connecting' ? (
          <Typography variant="body2" sx={{ mt: 1 }} role="status">
            {t('share.viewer.connecting')}
          </Typography>
        ) : null}
        {state === 'failed' ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t('share.viewer.failed')}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="contained" color="error" disabled={ending.isLoading} onClick={() => void end(call.id)}>
            {t('share.viewer.end')}
          </Button>
          <Button variant="outlined" disabled={snapping.isLoading || state !== 'connected'} onClick={snapshot}>
            {t('share.viewer.snapshot')}
          </Button>
          <Button variant="outlined" aria-pressed={scoring} onClick={() => setScoring((s) => !s)}>
            {t('share.viewer.score')}
          </Button>
        </Stack>
      </Paper>
      {scoring ? (
        <Paper sx={{ p: 2 }} component="section" aria-label={t('share.viewer.score')}>
          <Suspense fallback={<CircularProgress size={24} />}>
            <KpiScorePanel username={call.target.username} />
          </Suspense>
        </Paper>
      ) : null}
    </Box>
  );
}
