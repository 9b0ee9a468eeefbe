import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { USER_TYPES, ZAnnouncementRequest, type TAnnouncementRequest } from '@portal/contracts';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { errorMessage, fieldErrors } from '../../../lib/api/api-error';
import { useAnnounceMutation } from '../api/notifications-api';

/** ADMIN, HR and directors: a message (and link) to the chosen user types, live. */
export function AnnouncementForm({ onSent }: { onSent?: () => void }) {
  const { t } = useTranslation();
  const [announce, { isLoading }] = useAnnounceMutation();
  const form = useForm<TAnnouncementRequest>({
    resolver: zodResolver(ZAnnouncementRequest) as never,
    defaultValues: { message: '', url: '', levels: [] },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const result = await announce(values);
    if ('error' in result) {
      const fields = fieldErrors(result.error);
      for (const [name, messages] of Object.entries(fields)) {
        form.setError(name as keyof TAnnouncementRequest, { message: messages[0] });
      }
      if (Object.keys(fields).length === 0) toast.error(errorMessage(result.error));
      return;
    }
    toast.success(t('notifications.announce.sent'));
    form.reset();
    onSent?.();
  });

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(e) => void submit(e)}
      spacing={2}
      aria-label={t('notifications.announce.title')}
    >
      <TextField
        {...form.register('message')}
        label={t('notifications.announce.message')}
        multiline
        minRows={2}
        error={!!errors.message}
        helperText={errors.message?.message}
      />
      <TextField
        {...form.register('url')}
        label={t('notifications.announce.url')}
        placeholder="/ticket/create"
        error={!!errors.url}
        helperText={errors.url?.message ?? t('notifications.announce.urlHelp')}
      />
      <Controller
        control={form.control}
        name="levels"
        render={({ field }) => (
          <Autocomplete
            multiple
            options={[...USER_TYPES]}
            value={field.value}
            onChange={(_e, v) => field.onChange(v)}
            renderInput={(params) => (
              <TextField
                {...params}
                name="levels"
                label={t('notifications.announce.levels')}
                error={!!errors.levels}
                helperText={errors.levels?.message}
              />
            )}
          />
        )}
      />
      <Button type="submit" variant="contained" disabled={isLoading} sx={{ alignSelf: 'flex-start' }}>
        {t('notifications.announce.send')}
      </Button>
    </Stack>
  );
}
