import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ZRegenerateRecoveryCodesRequest, ZTotpRemoveRequest } from '@portal/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { formResolver } from '../../../components/form/field-error-text';
import { PasswordField } from '../../../components/form/password-field';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { errorText } from '../../../lib/api/api-error';
import {
  CodeField,
  RecoveryCodes,
  TotpSetup,
  useMyMfaQuery,
  useRegenerateRecoveryCodesMutation,
  useRemoveTotpMutation,
} from '../../auth';

type Mode = 'idle' | 'setup' | 'regenerate' | 'off' | { codes: string[] };

/** New recovery codes for a current app code (the old ones stop working). */
function RegenerateForm({ onCodes, onCancel }: { onCodes(codes: string[]): void; onCancel(): void }) {
  const { t } = useTranslation();
  const [regenerate, { isLoading }] = useRegenerateRecoveryCodesMutation();
  const { control, handleSubmit, setError } = useForm({
    resolver: formResolver(ZRegenerateRecoveryCodesRequest),
    defaultValues: { code: '' },
  });
  const submit = handleSubmit(async (values) => {
    const result = await regenerate(values);
    if ('error' in result) {
      if (!applyServerFieldErrors(result.error, setError, ['code'])) toast.error(errorText(result.error));
      return;
    }
    toast.success(t('mfa.security.regenerated'));
    onCodes(result.data.recovery_codes);
  });
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label={t('mfa.security.regenerate')}>
      <Typography variant="body2">{t('mfa.security.regenerateHint')}</Typography>
      <CodeField control={control} name="code" label={t('mfa.code')} autoFocus />
      <FormButtons busy={isLoading} submitLabel={t('mfa.security.regenerate')} onCancel={onCancel} />
    </Stack>
  );
}

/** Turning the app off: a current code, or the password when the phone is lost. */
function TurnOffForm({ onDone, onCancel }: { onDone(): void; onCancel(): void }) {
  const { t } = useTranslation();
  const [remove, { isLoading }] = useRemoveTotpMutation();
  const [byPassword, setByPassword] = useState(false);
  const { control, handleSubmit, setError, reset } = useForm({
    resolver: formResolver(ZTotpRemoveRequest),
    defaultValues: { code: '', password: '' },
  });
  const submit = handleSubmit(async (values) => {
    const result = await remove(byPassword ? { password: values.password } : { code: values.code });
    if ('error' in result) {
      if (!applyServerFieldErrors(result.error, setError, ['code', 'password'])) toast.error(errorText(result.error));
      return;
    }
    toast.success(t('mfa.security.turnedOff'));
    onDone();
  });
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label={t('mfa.security.turnOff')}>
      <Typography variant="body2">{t('mfa.security.turnOffHint')}</Typography>
      {byPassword ? (
        <PasswordField
          control={control}
          name="password"
          label={t('mfa.security.password')}
          autoComplete="current-password"
          required
          autoFocus
        />
      ) : (
        <CodeField control={control} name="code" label={t('mfa.code')} autoFocus />
      )}
      <Link
        component="button"
        type="button"
        variant="body2"
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => {
          setByPassword(!byPassword);
          reset({ code: '', password: '' });
        }}
      >
        {byPassword ? t('mfa.security.useCode') : t('mfa.security.usePassword')}
      </Link>
      <FormButtons busy={isLoading} submitLabel={t('mfa.security.turnOff')} danger onCancel={onCancel} />
    </Stack>
  );
}

function FormButtons({
  busy,
  submitLabel,
  danger = false,
  onCancel,
}: {
  busy: boolean;
  submitLabel: string;
  danger?: boolean;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      <Button color="inherit" onClick={onCancel}>
        {t('account.cancel')}
      </Button>
      <Button type="submit" variant="contained" color={danger ? 'error' : 'primary'} disabled={busy}>
        {submitLabel}
      </Button>
    </Box>
  );
}

/**
 * The own profile's "Sign-in security": turn the authenticator app on (QR code, then a code
 * from it, then the recovery codes shown once), replace the recovery codes, turn it off.
 */
export function SignInSecurity({ username }: { username: string }) {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = useMyMfaQuery();
  const [mode, setMode] = useState<Mode>('idle');
  const idle = () => setMode('idle');

  if (error)
    return <LoadFailedAlert title={t('mfa.security.loadFailed')} error={error} onRetry={() => void refetch()} />;
  if (isLoading || !data) return <Skeleton variant="rounded" height={72} />;

  if (typeof mode === 'object') {
    return <RecoveryCodes codes={mode.codes} username={username} doneLabel={t('mfa.recovery.done')} onDone={idle} />;
  }
  if (mode === 'setup') {
    return (
      <TotpSetup
        onCancel={idle}
        onConfirmed={(result) => {
          toast.success(t('mfa.security.turnedOn'));
          setMode({ codes: result.recovery_codes });
        }}
      />
    );
  }
  if (mode === 'regenerate') return <RegenerateForm onCancel={idle} onCodes={(codes) => setMode({ codes })} />;
  if (mode === 'off') return <TurnOffForm onCancel={idle} onDone={idle} />;

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip
          color={data.totp ? 'success' : 'default'}
          variant={data.totp ? 'filled' : 'outlined'}
          label={data.totp ? t('mfa.security.appOn') : t('mfa.security.appOff')}
        />
        {data.totp ? (
          <Typography variant="body2" color="text.secondary">
            {t('mfa.security.codesLeft', { count: data.recovery_codes_left })}
          </Typography>
        ) : null}
      </Box>
      {data.required ? (
        <Alert severity="info" sx={{ textAlign: 'start' }}>
          {t('mfa.security.required')}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {data.totp ? (
          <>
            <Button variant="outlined" onClick={() => setMode('regenerate')}>
              {t('mfa.security.regenerate')}
            </Button>
            <Button variant="outlined" color="error" onClick={() => setMode('off')}>
              {t('mfa.security.turnOff')}
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={() => setMode('setup')}>
            {t('mfa.security.turnOn')}
          </Button>
        )}
      </Box>
    </Stack>
  );
}
