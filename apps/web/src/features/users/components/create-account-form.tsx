import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { formResolver } from '../../../components/form/field-error-text';
import {
  PASSWORD_MIN,
  schemaMessage,
  USER_TYPES,
  ZCreateAccountRequest,
  ZUserType,
  type TUser,
} from '@portal/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { PasswordField } from '../../../components/form/password-field';
import { useCreateAccountMutation } from '../api/users-api';
import { AccountFields } from './account-fields';
import { reportAccountError } from './report-account-error';

/**
 * No type is chosen until the admin picks one (a preselected type got accounts created as
 * the wrong kind in a hurry): the field starts empty and is required, said by code.
 */
const ZCreateAccountForm = ZCreateAccountRequest.extend({
  user_type: z.union([z.literal(''), ZUserType]).pipe(z.enum(USER_TYPES, { error: schemaMessage('userTypeMissing') })),
});
type CreateAccountValues = z.input<typeof ZCreateAccountForm>;

const EMPTY: CreateAccountValues = {
  username: '',
  email: '',
  password: '',
  first_name: '',
  last_name: '',
  phone: '',
  user_type: '',
  is_director: false,
  is_manager: false,
};

const FIELDS = ['username', 'email', 'password', 'first_name', 'last_name', 'phone', 'user_type'] as const;

/** ADMIN: a new staff account (spec §7 user/create-admin/). */
export function CreateAccountForm({
  onCreated,
  onCancel,
}: {
  onCreated?: (user: TUser) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [createAccount, { isLoading }] = useCreateAccountMutation();
  const { control, handleSubmit, setError, reset } = useForm<
    CreateAccountValues,
    unknown,
    z.output<typeof ZCreateAccountForm>
  >({
    resolver: formResolver(ZCreateAccountForm),
    defaultValues: EMPTY,
  });

  const submit = handleSubmit(async (values) => {
    const result = await createAccount(values);
    if ('error' in result) return reportAccountError(result.error, setError, FIELDS);
    toast.success(t('account.created'));
    reset(EMPTY);
    onCreated?.(result.data);
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label={t('account.createAccount')}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField control={control} name="username" label={t('account.username')} autoComplete="off" required />
        <PasswordField
          control={control}
          name="password"
          label={t('account.password')}
          autoComplete="new-password"
          helperText={t('account.passwordHint', { min: PASSWORD_MIN })}
          required
        />
      </Box>
      <AccountFields control={control} />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        {onCancel ? (
          <Button onClick={onCancel} color="inherit">
            {t('account.cancel')}
          </Button>
        ) : null}
        <Button type="submit" variant="contained" disabled={isLoading}>
          {t('account.create')}
        </Button>
      </Box>
    </Stack>
  );
}
