import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import KeyRounded from '@mui/icons-material/KeyRounded';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { errorText } from '../../../../lib/api/api-error';
import { usePasskeyRegistrationOptionsMutation, useRegisterPasskeyMutation } from '../api/passkeys-api';
import { createPasskey } from '../webauthn';
import { problemText } from './passkey-problem';

/**
 * Enrolment forced at sign-in, with a passkey instead of an app: the `mfa_enrol` challenge
 * stands in for the session. The answer's session and recovery codes go to `onEnrolled`
 * (the enrolment step shows the codes before the session begins).
 */
export function PasskeyEnrol({
  challenge,
  onEnrolled,
}: {
  challenge: string;
  onEnrolled(done: { access: string; recovery_codes: string[] }): void;
}) {
  const { t } = useTranslation();
  const [getOptions] = usePasskeyRegistrationOptionsMutation();
  const [register] = useRegisterPasskeyMutation();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const options = await getOptions({ challenge });
      if ('error' in options) return void toast.error(errorText(options.error));
      const answer = await createPasskey(options.data);
      if ('problem' in answer) return void toast.error(problemText(t, answer.problem));
      // A name the person can change on their profile later.
      const name = t('passkeys.defaultName');
      const result = await register({ challenge, name, credential: answer.credential });
      if ('error' in result) return void toast.error(errorText(result.error));
      const { access, recovery_codes } = result.data;
      if (access && recovery_codes) onEnrolled({ access, recovery_codes });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Divider>{t('passkeys.or')}</Divider>
      <Typography variant="body2" color="text.secondary">
        {t('passkeys.enrolHint')}
      </Typography>
      <Button
        variant="outlined"
        size="large"
        fullWidth
        disabled={busy}
        onClick={() => void run()}
        startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : <KeyRounded />}
      >
        {t('passkeys.enrol')}
      </Button>
    </Stack>
  );
}
