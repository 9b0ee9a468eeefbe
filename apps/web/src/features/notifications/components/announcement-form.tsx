import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { fieldErrorText, formResolver } from '../../../components/form/field-error-text';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import {
  departmentsUnder,
  STAFF_DEPARTMENTS,
  ZAnnouncementRequest,
  type TAnnouncementRequest,
  type TUserType,
} from '@portal/contracts';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { errorText } from '../../../lib/api/api-error';
import { useAnnounceMutation } from '../api/notifications-api';

/** The spec §6 groups: picking one picks every department it stands above. */
const GROUPS = ['G.I', 'G.AD', 'G.SDM', 'G.E'] as const satisfies readonly TUserType[];
const groupMembers = (group: TUserType) => departmentsUnder(group);
const FIELDS = ['message', 'url', 'levels'] as const;

/**
 * ADMIN, HR and directors: a message (and link) to the chosen user types, live. Only
 * staff types are offered (INTERPRETER and GUEST cannot open the portal to read it).
 */
export function AnnouncementForm({
  onSent,
  onCancel,
  onDirtyChange,
}: {
  onSent?: () => void;
  onCancel?: () => void;
  /** Whether a message is typed (closing then asks first). */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const [announce, { isLoading }] = useAnnounceMutation();
  const form = useForm<TAnnouncementRequest>({
    resolver: formResolver(ZAnnouncementRequest) as never,
    defaultValues: { message: '', url: '', levels: [] },
  });
  const { errors } = form.formState;
  const message = form.watch('message');
  useEffect(() => onDirtyChange?.((message ?? '').trim() !== ''), [message, onDirtyChange]);

  const submit = form.handleSubmit(async (values) => {
    const result = await announce(values);
    if ('error' in result) {
      if (!applyServerFieldErrors(result.error, form.setError, FIELDS)) toast.error(errorText(result.error));
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
        helperText={fieldErrorText(errors.message)}
      />
      <TextField
        {...form.register('url')}
        label={t('notifications.announce.url')}
        placeholder="/ticket/create"
        error={!!errors.url}
        helperText={fieldErrorText(errors.url) ?? t('notifications.announce.urlHelp')}
      />
      <Controller
        control={form.control}
        name="levels"
        render={({ field }) => {
          const add = (types: readonly TUserType[]) => field.onChange([...new Set([...field.value, ...types])]);
          return (
            <Stack spacing={1}>
              <Stack
                direction="row"
                useFlexGap
                sx={{ flexWrap: 'wrap', gap: 1 }}
                aria-label={t('notifications.announce.quickPick')}
                role="group"
              >
                <Chip
                  label={t('notifications.announce.allStaff')}
                  onClick={() => add(STAFF_DEPARTMENTS)}
                  color="primary"
                  variant="outlined"
                />
                {GROUPS.map((group) => (
                  <Chip
                    key={group}
                    label={t('notifications.announce.group', { group })}
                    onClick={() => add(groupMembers(group))}
                    variant="outlined"
                  />
                ))}
              </Stack>
              <Autocomplete
                multiple
                disableCloseOnSelect
                options={[...STAFF_DEPARTMENTS]}
                value={field.value}
                onChange={(_e, v) => field.onChange(v)}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    name="levels"
                    label={t('notifications.announce.levels')}
                    error={!!errors.levels}
                    helperText={fieldErrorText(errors.levels)}
                  />
                )}
              />
            </Stack>
          );
        }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {t('notifications.announce.send')}
        </Button>
        {onCancel ? (
          <Button type="button" onClick={onCancel}>
            {t('notifications.announce.cancel')}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
