import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import BusinessRounded from '@mui/icons-material/BusinessRounded';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { translateSaid } from '../../../lib/i18n/messages';
import { oidcStartUrl, useSsoOptionsQuery } from './sso-api';

/**
 * The login page's company sign-in: "Sign in with …" when the portal has a provider, and
 * why the last provider sign-in did not finish (`?sso_error=<code>`, set by the server).
 */
export function SsoSignIn({ next }: { next: string }) {
  const { t } = useTranslation();
  const { data } = useSsoOptionsQuery();
  const [params] = useSearchParams();
  const error = params.get('sso_error');
  const label = data?.oidc?.label;
  return (
    <>
      {error ? (
        <Alert severity="error" role="alert" sx={{ mb: 2, textAlign: 'start' }}>
          {translateSaid({ code: error, message: t('messages.ssoFailed') })}
        </Alert>
      ) : null}
      {data?.oidc ? (
        <Stack spacing={2} sx={{ mb: 2.5 }}>
          <Button
            component="a"
            href={oidcStartUrl(next)}
            variant="outlined"
            size="large"
            startIcon={<BusinessRounded />}
            sx={{ py: 1.4 }}
          >
            {label ? t('login.sso.buttonLabel', { label }) : t('login.sso.button')}
          </Button>
          <Divider>{t('login.sso.or')}</Divider>
        </Stack>
      ) : null}
    </>
  );
}
