import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import KeyRounded from '@mui/icons-material/KeyRounded';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { errorText } from '../../../../lib/api/api-error';
import { usePasskeyLoginMutation, usePasskeyLoginOptionsMutation } from '../api/passkeys-api';
import { getPasskey } from '../webauthn';
import { problemText } from './passkey-problem';

/**
 * "Sign in with a passkey", below the password form: the browser offers the passkeys it holds for the portal (no
 * username typed); a verified passkey signs in on its own (the session is taken up by the
 * auth slice, like a password's).
 */
export function PasskeySignInButton() {
  const { t } = useTranslation();
  const [getOptions] = usePasskeyLoginOptionsMutation();
  const [signIn] = usePasskeyLoginMutation();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const options = await getOptions();
      if ('error' in options) return void toast.error(errorText(options.error));
      const answer = await getPasskey(options.data);
      if ('problem' in answer) return void toast.error(problemText(t, answer.problem));
      const result = await signIn({ assertion: answer.credential });
      if ('error' in result) toast.error(errorText(result.error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ mt: 2.5 }}>
      <Divider>{t('passkeys.or')}</Divider>
      <Button
        variant="outlined"
        size="large"
        fullWidth
        disabled={busy}
        onClick={() => void run()}
        startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : <KeyRounded />}
        sx={{ py: 1.2 }}
      >
        {t('passkeys.signIn')}
      </Button>
    </Stack>
  );
}
