import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ZTotpConfirmRequest, type TRecoveryCodesResponse, type TTotpSetupResponse } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { formResolver } from '../../../components/form/field-error-text';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { errorText } from '../../../lib/api/api-error';
import { useConfirmTotpMutation, useSetupTotpMutation } from '../api/auth-api';
import { CodeField } from './code-field';

const ZConfirm = ZTotpConfirmRequest.pick({ code: true });

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Setting up an authenticator app: a new secret as a QR code and as text, then a code
 * from the app to prove it was added. By session (the profile), or by the sign-in's
 * enrolment `challenge`. `onConfirmed` gets the recovery codes (and `access` by challenge).
 */
export function TotpSetup({
  challenge,
  onConfirmed,
  onCancel,
}: {
  challenge?: string;
  onConfirmed(result: TRecoveryCodesResponse): void;
  onCancel?(): void;
}) {
  const { t } = useTranslation();
  const [setup, { isLoading: starting }] = useSetupTotpMutation();
  const [confirm, { isLoading: confirming }] = useConfirmTotpMutation();
  const [secret, setSecret] = useState<TTotpSetupResponse | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm({
    resolver: formResolver(ZConfirm),
    defaultValues: { code: '' },
  });

  // Once per mount (a second call would replace the secret the QR code shows).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void setup(challenge ? { challenge } : {}).then((result) => {
      if ('error' in result) setFailed(errorText(result.error));
      else setSecret(result.data);
    });
  }, [setup, challenge]);

  const submit = handleSubmit(async ({ code }) => {
    const result = await confirm(challenge ? { challenge, code } : { code });
    if ('error' in result) {
      if (!applyServerFieldErrors(result.error, setError, ['code'])) toast.error(errorText(result.error));
      return;
    }
    onConfirmed(result.data);
  });

  if (failed) {
    return (
      <Alert severity="error" role="alert" sx={{ textAlign: 'start' }}>
        {failed}
      </Alert>
    );
  }
  if (starting || !secret) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress aria-label={t('mfa.setup.loading')} />
      </Box>
    );
  }
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label={t('mfa.setup.title')}>
      <Typography variant="body2" sx={{ textAlign: 'start' }}>
        {t('mfa.setup.scan')}
      </Typography>
      <Box
        component="img"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(secret.qr_svg)}`}
        alt={t('mfa.setup.qrAlt')}
        sx={{ width: 200, height: 200, alignSelf: 'center', bgcolor: '#fff', borderRadius: 2, p: 1 }}
      />
      <Box sx={{ textAlign: 'start' }}>
        <Typography variant="body2" color="text.secondary" id="totp-manual-key-label">
          {t('mfa.setup.manual')}
        </Typography>
        <Typography
          component="code"
          dir="ltr"
          data-testid="totp-secret"
          data-secret={secret.secret}
          aria-labelledby="totp-manual-key-label"
          sx={{ display: 'block', fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all', mt: 0.5 }}
        >
          {grouped(secret.secret)}
        </Typography>
      </Box>
      <CodeField control={control} name="code" label={t('mfa.code')} autoFocus />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {onCancel ? (
          <Button color="inherit" onClick={onCancel}>
            {t('account.cancel')}
          </Button>
        ) : null}
        <Button
          type="submit"
          variant="contained"
          disabled={confirming}
          startIcon={confirming ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
        >
          {t('mfa.setup.confirm')}
        </Button>
      </Box>
    </Stack>
  );
}
