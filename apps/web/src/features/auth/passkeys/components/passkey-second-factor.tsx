import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import KeyRounded from '@mui/icons-material/KeyRounded';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { errorText } from '../../../../lib/api/api-error';
import { useMfaPasskeyOptionsMutation, useMfaPasskeyVerifyMutation } from '../api/passkeys-api';
import { getPasskey } from '../webauthn';
import { problemText } from './passkey-problem';

/**
 * The sign-in's second step with a passkey: the browser offers the account's passkeys;
 * the answer completes the sign-in (the auth slice takes up the session).
 */
export function PasskeySecondFactor({ challenge }: { challenge: string }) {
  const { t } = useTranslation();
  const [getOptions] = useMfaPasskeyOptionsMutation();
  const [verify] = useMfaPasskeyVerifyMutation();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const options = await getOptions({ challenge });
      if ('error' in options) return void toast.error(errorText(options.error));
      const answer = await getPasskey(options.data);
      if ('problem' in answer) return void toast.error(problemText(t, answer.problem));
      const result = await verify({ challenge, assertion: answer.credential });
      if ('error' in result) toast.error(errorText(result.error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="outlined"
      size="large"
      fullWidth
      disabled={busy}
      onClick={() => void run()}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : <KeyRounded />}
    >
      {t('passkeys.useForSecondFactor')}
    </Button>
  );
}
