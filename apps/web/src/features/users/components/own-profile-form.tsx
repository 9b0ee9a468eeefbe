import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { formResolver } from '../../../components/form/field-error-text';
import { ZUpdateMeRequest, type TUpdateMeRequest, type TUser } from '@portal/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormTextField } from '../../../components/form/form-text-field';
import { useUpdateMeMutation } from '../../auth';
import { reportAccountError } from './report-account-error';

const FIELDS = ['email', 'first_name', 'last_name', 'phone', 'avatar'] as const;

/** Own contact details (POST auth/me/); type and flags are the admin's to change. */
export function OwnProfileForm({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const [updateMe, { isLoading }] = useUpdateMeMutation();
  const values = {
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    phone: user.phone,
    avatar: user.avatar,
  };
  const { control, handleSubmit, setError, reset, formState } = useForm<TUpdateMeRequest>({
    resolver: formResolver(ZUpdateMeRequest),
    defaultValues: values,
  });

  const submit = handleSubmit(async (changes) => {
    const result = await updateMe(changes);
    if ('error' in result) return reportAccountError(result.error, setError, FIELDS);
    reset({
      email: result.data.email,
      first_name: result.data.first_name,
      last_name: result.data.last_name,
      phone: result.data.phone,
      avatar: result.data.avatar,
    });
    toast.success(t('account.updated'));
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField control={control} name="first_name" label={t('account.firstName')} autoComplete="given-name" />
        <FormTextField control={control} name="last_name" label={t('account.lastName')} autoComplete="family-name" />
      </Box>
      <FormTextField control={control} name="email" label={t('account.email')} type="email" autoComplete="email" />
      <FormTextField control={control} name="phone" label={t('account.phone')} type="tel" autoComplete="tel" />
      <FormTextField control={control} name="avatar" label={t('account.avatar')} type="url" autoComplete="photo" />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={isLoading || !formState.isDirty}>
          {isLoading ? t('account.saving') : t('account.save')}
        </Button>
      </Box>
    </Stack>
  );
}
