import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { formResolver } from '../../../components/form/field-error-text';
import { ZUpdateAccountRequest, type TUpdateAccountRequest, type TUser } from '@portal/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useUpdateAccountMutation } from '../api/users-api';
import { AccountFields } from './account-fields';
import { reportAccountError } from './report-account-error';

const FIELDS = ['email', 'first_name', 'last_name', 'phone', 'user_type'] as const;

/** ADMIN: edit another account; only the changed fields are sent. */
export function EditAccountForm({
  user,
  onSaved,
  onCancel,
}: {
  user: TUser;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [updateAccount, { isLoading }] = useUpdateAccountMutation();
  const initial: TUpdateAccountRequest = {
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    phone: user.phone,
    user_type: user.user_type,
    is_director: user.is_director,
    is_manager: user.is_manager,
  };
  const { control, handleSubmit, setError } = useForm<TUpdateAccountRequest>({
    resolver: formResolver(ZUpdateAccountRequest),
    defaultValues: initial,
  });

  const submit = handleSubmit(async (values) => {
    // Only what changed: a type or flag change ends the user's sessions, so never resend them.
    const changes = Object.fromEntries(
      Object.entries(values).filter(([key, value]) => initial[key as keyof TUpdateAccountRequest] !== value),
    ) as TUpdateAccountRequest;
    if (Object.keys(changes).length === 0) return onSaved();
    const result = await updateAccount({ id: user.id, changes });
    if ('error' in result) return reportAccountError(result.error, setError, FIELDS);
    toast.success(t('account.updated'));
    onSaved();
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <AccountFields control={control} />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} color="inherit">
          {t('account.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {t('account.save')}
        </Button>
      </Box>
    </Stack>
  );
}
