import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { formResolver } from '../../../components/form/field-error-text';
import { ZResetPasswordRequest, type TResetPasswordRequest, type TUser } from '@portal/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { PasswordField } from '../../../components/form/password-field';
import { useResetPasswordMutation } from '../api/users-api';
import { reportAccountError } from './report-account-error';

/** ADMIN: set someone's password (their sessions end). */
export function ResetPasswordForm({
  user,
  onDone,
  onCancel,
}: {
  user: TUser;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const { control, handleSubmit, setError } = useForm<TResetPasswordRequest>({
    resolver: formResolver(ZResetPasswordRequest),
    defaultValues: { new_password: '' },
  });
  const submit = handleSubmit(async ({ new_password }) => {
    const result = await resetPassword({ id: user.id, new_password });
    if ('error' in result) return reportAccountError(result.error, setError, ['new_password']);
    toast.success(t('account.passwordUpdated'));
    onDone();
  });
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <input type="text" name="username" value={user.username} autoComplete="off" readOnly hidden />
      <PasswordField
        control={control}
        name="new_password"
        label={t('account.newPassword')}
        autoComplete="new-password"
        autoFocus
        required
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} color="inherit">
          {t('account.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {t('admin.resetPassword')}
        </Button>
      </Box>
    </Stack>
  );
}
