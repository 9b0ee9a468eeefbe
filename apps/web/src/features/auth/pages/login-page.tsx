import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import TranslateRounded from '@mui/icons-material/TranslateRounded';
import { isStaff } from '@portal/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Navigate, useLocation, type Location } from 'react-router';
import { LogoMark } from '../../../components/logo';
import { useLanguage } from '../../../lib/i18n/use-language';
import { selectAuth } from '../auth.slice';
import { LoginForm } from '../components/login-form';
import { MfaEnrolStep, MfaStep } from '../components/mfa-step';
import { PortalUnreachable } from '../components/portal-unreachable';
import { PasskeyEnrol } from '../passkeys/components/passkey-enrol';
import { PasskeySecondFactor } from '../passkeys/components/passkey-second-factor';
import { PasskeySignInButton } from '../passkeys/components/passkey-sign-in-button';
import { SsoSignIn } from '../sso/sso-sign-in';

/** Where the login guard was sending the user, if anywhere (never back to /login). */
function returnPath(location: Location): string {
  const from = (location.state as { from?: Location } | null)?.from;
  if (!from || from.pathname === '/login') return '/';
  return `${from.pathname}${from.search}${from.hash}`;
}

export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  // `mfa`: the password step passed and a second factor is due (or must be set up first).
  const { user, authSuccessLoading, signedOutBecause, mfa } = useSelector(selectAuth);
  const { language, setLanguage } = useLanguage();

  useEffect(() => {
    document.title = `${t('login.title')} · ${t('app.name')}`;
  }, [t]);

  if (user && !authSuccessLoading && isStaff(user)) return <Navigate to={returnPath(location)} replace />;

  const other = language === 'ar' ? 'en' : 'ar';
  return (
    <Box
      sx={{
        minHeight: 'calc(100dvh - 80px)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: { xs: 3, sm: 6 },
        background: (theme) =>
          `radial-gradient(1200px 500px at 10% -10%, ${theme.alpha(theme.palette.primary.main, 0.14)}, transparent 60%),
           radial-gradient(900px 480px at 110% 110%, ${theme.alpha(theme.palette.secondary.main, 0.12)}, transparent 60%)`,
      }}
    >
      <Paper
        variant="outlined"
        sx={{
          width: '100%',
          maxWidth: 420,
          p: { xs: 3, sm: 5 },
          borderRadius: 4,
          boxShadow: '0 24px 60px -32px rgba(16, 32, 64, 0.35)',
        }}
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', mb: 3 }}>
          <Box sx={(theme) => ({ display: 'block', ...theme.applyStyles('dark', { display: 'none' }) })}>
            <LogoMark variant="dark" size={56} />
          </Box>
          <Box sx={(theme) => ({ display: 'none', ...theme.applyStyles('dark', { display: 'block' }) })}>
            <LogoMark variant="white" size={56} />
          </Box>
          <Typography variant="h1" component="h1" sx={{ mt: 2, fontSize: '1.75rem' }}>
            {t('login.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('login.subtitle')}
          </Typography>
        </Box>
        {signedOutBecause === 'accountDeactivated' ? (
          <Alert severity="warning" role="status" sx={{ mb: 2, textAlign: 'start' }}>
            {t('messages.sessionAccountDisabled')}
          </Alert>
        ) : signedOutBecause ? (
          <Alert severity="info" role="status" sx={{ mb: 2, textAlign: 'start' }}>
            {t('errors.signedOutElsewhere')}
          </Alert>
        ) : null}
        <PortalUnreachable />
        {mfa?.enrol ? (
          <MfaEnrolStep
            mfa={mfa}
            passkey={(onEnrolled) => <PasskeyEnrol challenge={mfa.challenge} onEnrolled={onEnrolled} />}
          />
        ) : mfa ? (
          <MfaStep mfa={mfa} passkey={<PasskeySecondFactor challenge={mfa.challenge} />} />
        ) : (
          <>
            <SsoSignIn next={returnPath(location)} />
            <LoginForm />
            <PasskeySignInButton />
          </>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Button
            size="small"
            color="inherit"
            startIcon={<TranslateRounded />}
            lang={other}
            onClick={() => void setLanguage(other)}
            sx={{ color: 'text.secondary' }}
          >
            {t(`languages.${other}`)}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
