import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { formResolver } from '../../../components/form/field-error-text';
import { ZChangePasswordRequest, type TChangePasswordRequest } from '@portal/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { PasswordField } from '../../../components/form/password-field';
import { errorText } from '../../../lib/api/api-error';
import { useChangePasswordMutation } from '../../auth';

const EMPTY: TChangePasswordRequest = { old_password: '', new_password: '' };

/**
 * Own password. The server ends every other session and answers a fresh token, which the
 * auth slice stores in place of the old one.
 */
export function ChangePasswordForm({ username }: { username: string }) {
  const { t } = useTranslation();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const { control, handleSubmit, setError, reset } = useForm<TChangePasswordRequest>({
    resolver: formResolver(ZChangePasswordRequest),
    defaultValues: EMPTY,
  });

  const submit = handleSubmit(async (values) => {
    const result = await changePassword(values);
    if ('error' in result) {
      // Field errors go under their inputs; anything else is a toast.
      if (!applyServerFieldErrors(result.error, setError, ['old_password', 'new_password'])) {
        toast.error(errorText(result.error));
      }
      return;
    }
    reset(EMPTY);
    toast.success(t('account.passwordUpdated'));
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      {/* Lets password managers pair the new password with this account. */}
      <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
      <PasswordField
        control={control}
        name="old_password"
        label={t('account.oldPassword')}
        autoComplete="current-password"
        required
      />
      <PasswordField
        control={control}
        name="new_password"
        label={t('account.newPassword')}
        autoComplete="new-password"
        required
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {t('account.updatePassword')}
        </Button>
      </Box>
    </Stack>
  );
}
