import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { isStaff } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link as RouterLink, Navigate, useLocation } from 'react-router';
import { apiErrorBody } from '../../../lib/api/api-error';
import { translateSaid } from '../../../lib/i18n/messages';
import { selectAuth } from '../auth.slice';
import { useSsoExchangeMutation } from './sso-api';

/** A path of this portal only (the server checked it too; the fragment could be edited). */
const samePortal = (next: string | null) => (next && /^\/(?![/\\])/.test(next) ? next : '/');

/**
 * Where the provider sign-in lands (`/login/sso#code=…&next=…`): the one-time code is
 * read from the fragment (never sent to a server in a URL), wiped from the address bar,
 * and exchanged for the login answer, which the app takes exactly like a password
 * sign-in's (the profile load, or the second factor).
 */
export function SsoLandingPage() {
  const { t } = useTranslation();
  const [exchange, { error }] = useSsoExchangeMutation();
  const { user, authSuccessLoading, mfa } = useSelector(selectAuth);
  const [next, setNext] = useState('/');
  const started = useRef(false);
  const location = useLocation();

  useEffect(() => {
    document.title = `${t('login.sso.finishing')} · ${t('app.name')}`;
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(location.hash.slice(1));
    // Out of the address bar (and the history) at once, without a navigation that would
    // mount this page again: the code is single use.
    window.history.replaceState(window.history.state, '', location.pathname);
    setNext(samePortal(params.get('next')));
    void exchange({ code: params.get('code') ?? '' });
  }, [exchange, t, location]);

  if (user && !authSuccessLoading && isStaff(user)) return <Navigate to={next} replace />;
  // A second factor is due: the login page asks for it, then goes on to `next`.
  if (mfa) return <Navigate to="/login" replace state={{ from: { pathname: next, search: '', hash: '' } }} />;

  const body = error ? apiErrorBody(error) : undefined;
  return (
    <Box component="main" sx={{ display: 'flex', justifyContent: 'center', px: 2, py: 8 }}>
      <Box sx={{ width: '100%', maxWidth: 420, textAlign: 'center' }}>
        {error ? (
          <>
            <Typography variant="h1" sx={{ fontSize: '1.5rem', mb: 2 }}>
              {t('login.sso.failedTitle')}
            </Typography>
            <Alert severity="error" role="alert" sx={{ textAlign: 'start', mb: 3 }}>
              {body ? translateSaid(body) : t('messages.ssoFailed')}
            </Alert>
            <Button component={RouterLink} to="/login" variant="contained">
              {t('login.sso.backToLogin')}
            </Button>
          </>
        ) : (
          <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
            <CircularProgress aria-hidden="true" />
            <Typography>{t('login.sso.finishing')}</Typography>
          </Box>
        )}
      </Box>
    </Box>
  );
}
