import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  authEndpoints,
  fillPath,
  shareEndpoints,
  successSchema,
  userEndpoints,
  WS_CHANNELS,
  type EndpointAnswer,
  type EndpointInput,
  type EndpointSpec,
  type TLoginRequest,
  type TUser,
} from '@portal/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BidiTrans } from '../../../components/bidi';
import { Logo } from '../../../components/logo';
import { personName } from '../../../lib/format';
import { errorText } from '../../../lib/api/api-error';
import { socketUrl } from '../../../lib/live-channel';
import { LoginForm } from '../../auth';
import type { ShareTransport } from '../live/share-client';
import { ShareProvider } from '../live/share-provider';

/** The sharing page's own session, apart from the portal's (which admits staff only). */
const TOKEN_KEY = 'portal.screenShare.token';

class RequestFailed extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * An endpoint called with this page's token (not the portal's session, so not through the
 * app's API slice), its answer checked against the endpoint's contract.
 */
async function call<E extends EndpointSpec>(
  token: string | null,
  endpoint: E,
  input: EndpointInput<E>,
): Promise<EndpointAnswer<E>> {
  const { params, body } = input as { params?: Record<string, unknown>; body?: unknown };
  const response = await fetch(`/api${fillPath(endpoint.path, params)}`, {
    method: endpoint.method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await response.json().catch(() => null);
  // The server's words in the reader's language (by code), or the failure's own.
  if (!response.ok) throw new RequestFailed(response.status, errorText({ status: response.status, data: json }));
  const schema = successSchema(endpoint);
  return (schema ? schema.parse(json) : json) as EndpointAnswer<E>;
}

/**
 * `/screen-share`: interpreters, who may not use the portal (spec §1), share
 * their screen from here. Its sign-in admits INTERPRETER accounts only, keeps its token
 * to itself, and reaches nothing but their own calls: the API refuses an interpreter's
 * token on every portal route, and this page shows no portal data.
 */
export function ScreenSharePage() {
  const { t } = useTranslation();
  const [token, setToken] = useState<string | null>(() => sessionStorage.getItem(TOKEN_KEY));
  const [me, setMe] = useState<TUser | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const signOut = useCallback(
    (reason: string | null = null) => {
      if (token) void call(token, authEndpoints.logout, {}).catch(() => undefined);
      sessionStorage.removeItem(TOKEN_KEY);
      setToken(null);
      setMe(null);
      setError(reason);
    },
    [token],
  );

  // A saved token: whose is it (and is it still good)?
  useEffect(() => {
    if (!token || me) return;
    call(token, userEndpoints.getMe, {}).then(
      (user) => (user.user_type === 'INTERPRETER' ? setMe(user) : signOut(t('share.minimal.notInterpreter'))),
      () => signOut(null),
    );
  }, [token, me, signOut, t]);

  const signIn = async (values: TLoginRequest) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await call(null, authEndpoints.login, { body: values });
      // This page has no second-factor step (interpreters are not asked for one by default).
      if ('mfa' in answer) {
        setError(t('share.minimal.secondFactor'));
        return;
      }
      const { access } = answer;
      const user = await call(access, userEndpoints.getMe, {});
      if (user.user_type !== 'INTERPRETER') {
        await call(access, authEndpoints.logout, {}).catch(() => undefined);
        setError(t('share.minimal.notInterpreter'));
        return;
      }
      sessionStorage.setItem(TOKEN_KEY, access);
      setToken(access);
      setMe(user);
    } catch (err) {
      setError(err instanceof RequestFailed ? err.message : t('share.minimal.failed'));
    } finally {
      setBusy(false);
    }
  };

  const transport = useMemo<ShareTransport | null>(() => {
    if (!token) return null;
    const guarded = async <T,>(work: Promise<T>) => {
      try {
        return await work;
      } catch (err) {
        if (err instanceof RequestFailed && err.status === 401) signOut(null);
        throw err;
      }
    };
    return {
      socketUrl: async () => {
        const { ticket } = await guarded(call(token, authEndpoints.createWsTicket, {}));
        return socketUrl(WS_CHANNELS.share, ticket);
      },
      accept: (id, endpoint) =>
        guarded(call(token, shareEndpoints.acceptShareCall, { params: { id }, body: { endpoint } })),
      decline: (id, note) =>
        guarded(call(token, shareEndpoints.declineShareCall, { params: { id }, body: note ? { note } : {} })),
      end: (id) => guarded(call(token, shareEndpoints.endShareCall, { params: { id } })),
      iceServers: async () => (await guarded(call(token, shareEndpoints.getShareIceServers, {}))).ice_servers,
    };
  }, [token, signOut]);

  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stack spacing={2.5}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <Logo />
              <Typography variant="h5" component="h1">
                {t('share.minimal.title')}
              </Typography>
            </Box>
            {error ? <Alert severity="error">{error}</Alert> : null}
            {me && transport ? (
              <ShareProvider transport={transport} username={me.username}>
                <Typography role="status">
                  <BidiTrans i18nKey="share.minimal.waiting" values={{ name: personName(me) }} />
                </Typography>
                <Button sx={{ mt: 2 }} variant="outlined" onClick={() => signOut(null)}>
                  {t('share.minimal.signOut')}
                </Button>
              </ShareProvider>
            ) : (
              <>
                <Typography>{t('share.minimal.intro')}</Typography>
                <LoginForm onSignIn={signIn} busy={busy} />
              </>
            )}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
