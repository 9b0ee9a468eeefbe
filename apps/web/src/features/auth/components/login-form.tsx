import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { formResolver } from '../../../components/form/field-error-text';
import { ZLoginRequest, type TLoginRequest } from '@portal/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { FormTextField } from '../../../components/form/form-text-field';
import { PasswordField } from '../../../components/form/password-field';
import { useLoginMutation } from '../api/auth-api';
import { selectAuthPending } from '../auth.slice';

/**
 * Username-or-email and password. The portal's sign-in by default (success and failure
 * effects live in auth.listeners.ts); a page with a sign-in of its own (the interpreters'
 * sharing page) passes `onSignIn` and its own `busy`.
 */
export function LoginForm({
  onSignIn,
  busy,
}: { onSignIn?(values: TLoginRequest): Promise<void>; busy?: boolean } = {}) {
  const { t } = useTranslation();
  const [login] = useLoginMutation();
  const portalPending = useSelector(selectAuthPending);
  const pending = onSignIn ? !!busy : portalPending;
  const { control, handleSubmit } = useForm<TLoginRequest>({
    resolver: formResolver(ZLoginRequest),
    defaultValues: { username: '', password: '' },
  });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={handleSubmit(async (values) => {
        if (onSignIn) await onSignIn(values);
        else await login(values);
      })}
    >
      <FormTextField
        control={control}
        name="username"
        label={t('login.username')}
        autoComplete="username"
        autoFocus
        required
      />
      <PasswordField
        control={control}
        name="password"
        label={t('login.password')}
        autoComplete="current-password"
        required
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={pending}
        startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
        sx={{ py: 1.4 }}
      >
        {t('login.submit')}
      </Button>
    </Stack>
  );
}
