import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ZMfaVerifyRequest, type TMfaChallenge } from '@portal/contracts';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { toast } from 'react-toastify';
import { formResolver } from '../../../components/form/field-error-text';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { apiErrorBody, errorText } from '../../../lib/api/api-error';
import { mfaEnrolled, useVerifyMfaMutation } from '../api/auth-api';
import { mfaCancelled } from '../auth.slice';
import { CodeField } from './code-field';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetup } from './totp-setup';

const ZCode = ZMfaVerifyRequest.pick({ code: true });

/** The challenge ran out or was spent: the sign-in starts again from the password. */
function useRestartOnDeadChallenge() {
  const dispatch = useDispatch();
  return (error: Parameters<typeof errorText>[0]) => {
    toast.error(errorText(error));
    if (apiErrorBody(error)?.code === 'mfaChallengeInvalid') dispatch(mfaCancelled());
  };
}

/**
 * The sign-in's second step: a code from the authenticator app (or a recovery code), or a
 * passkey when the account has one (`passkey`: the passkey feature's button, shown when the
 * challenge offers it). Success is taken up by the auth slice like a password sign-in.
 */
export function MfaStep({ mfa, passkey }: { mfa: TMfaChallenge; passkey?: ReactNode }) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const [verify, { isLoading }] = useVerifyMfaMutation();
  const restart = useRestartOnDeadChallenge();
  const hasApp = mfa.methods.includes('totp');
  const [recovery, setRecovery] = useState(!hasApp && mfa.methods.includes('recovery'));
  const { control, handleSubmit, setError, reset } = useForm({
    resolver: formResolver(ZCode),
    defaultValues: { code: '' },
  });

  const submit = handleSubmit(async ({ code }) => {
    const method = recovery ? 'recovery' : 'totp';
    const result = await verify({ challenge: mfa.challenge, method, code: code.replace(/\s+/g, '') });
    if ('error' in result && !applyServerFieldErrors(result.error, setError, ['code'])) restart(result.error);
  });
  const offersCode = hasApp || mfa.methods.includes('recovery');

  return (
    <Stack spacing={2.5}>
      <Box sx={{ textAlign: 'center' }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('mfa.step.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {!offersCode ? t('mfa.step.passkeyOnly') : recovery ? t('mfa.step.recoveryHint') : t('mfa.step.codeHint')}
        </Typography>
      </Box>
      {offersCode ? (
        <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label={t('mfa.step.title')}>
          <CodeField
            key={recovery ? 'recovery' : 'totp'}
            control={control}
            name="code"
            label={recovery ? t('mfa.recoveryCode') : t('mfa.code')}
            recovery={recovery}
            autoFocus
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={isLoading}
            startIcon={isLoading ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
            sx={{ py: 1.4 }}
          >
            {t('mfa.step.verify')}
          </Button>
          {hasApp && mfa.methods.includes('recovery') ? (
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => {
                setRecovery(!recovery);
                reset({ code: '' });
              }}
              sx={{ alignSelf: 'center' }}
            >
              {recovery ? t('mfa.step.useApp') : t('mfa.step.useRecovery')}
            </Link>
          ) : null}
        </Stack>
      ) : null}
      {mfa.methods.includes('passkey') ? passkey : null}
      <Button color="inherit" onClick={() => dispatch(mfaCancelled())} sx={{ color: 'text.secondary' }}>
        {t('mfa.step.back')}
      </Button>
    </Stack>
  );
}

/**
 * Enrolment forced at sign-in (the account's type must have a second factor and it has
 * none): set up the authenticator app (or register a passkey), see the
 * recovery codes, and only then begin the session the confirmation answered.
 */
export function MfaEnrolStep({
  mfa,
  passkey,
}: {
  mfa: TMfaChallenge;
  /** The passkey feature's enrolment, handed what to do once it answered the session and codes. */
  passkey?: (onEnrolled: (done: { access: string; recovery_codes: string[] }) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const [done, setDone] = useState<{ access: string; recovery_codes: string[] } | null>(null);

  return (
    <Stack spacing={2.5}>
      <Box sx={{ textAlign: 'center' }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {done ? t('mfa.recovery.title') : t('mfa.enrol.title')}
        </Typography>
        {done ? null : (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('mfa.enrol.why')}
          </Typography>
        )}
      </Box>
      {done ? (
        <RecoveryCodes
          codes={done.recovery_codes}
          doneLabel={t('mfa.recovery.continue')}
          onDone={() => dispatch(mfaEnrolled({ access: done.access }))}
        />
      ) : (
        <>
          <TotpSetup
            challenge={mfa.challenge}
            onConfirmed={(result) =>
              result.access && setDone({ access: result.access, recovery_codes: result.recovery_codes })
            }
          />
          {mfa.methods.includes('passkey') && passkey ? passkey(setDone) : null}
          <Button color="inherit" onClick={() => dispatch(mfaCancelled())} sx={{ color: 'text.secondary' }}>
            {t('mfa.step.back')}
          </Button>
        </>
      )}
    </Stack>
  );
}
