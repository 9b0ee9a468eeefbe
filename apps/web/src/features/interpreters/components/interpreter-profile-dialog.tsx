import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ZInterpreterProfileRequest, type TInterpreterProfileRequest } from '@portal/contracts';
import { useEffect, useMemo } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormDialog } from '../../../components/form-dialog';
import { ArabicNameField } from '../../../components/form/arabic-name-field';
import { formResolver } from '../../../components/form/field-error-text';
import { FormTextField } from '../../../components/form/form-text-field';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { errorText } from '../../../lib/api/api-error';
import { useUpdateInterpreterProfileMutation } from '../api/interpreters-api';

const FIELDS: FieldPath<TInterpreterProfileRequest>[] = ['team', 'team_ar', 'extension'];

/** The profile being edited, as WFM's history and the board carry it. */
export interface EditableInterpreterProfile {
  username: string;
  languages: readonly string[];
  team: string;
  team_ar?: string | null;
  extension: string;
}

/**
 * An interpreter's team (English and Arabic names) and extension, for WFM, RTM and ADMIN
 * (contracts' `canEditInterpreterProfiles`). Their language pairs go back as they are. The
 * contract checks the fields here and on the server (the Arabic name in Arabic letters,
 * each name within its length); the server's refusals show under their fields.
 */
export function InterpreterProfileDialog({
  open,
  profile,
  name,
  onClose,
  onSaved,
}: {
  open: boolean;
  profile: EditableInterpreterProfile;
  /** Whom the dialog is about, for its title. */
  name: string;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const [save, saving] = useUpdateInterpreterProfileMutation();
  const defaults = useMemo<TInterpreterProfileRequest>(
    () => ({
      languages: [...profile.languages],
      team: profile.team,
      team_ar: profile.team_ar ?? '',
      extension: profile.extension,
    }),
    [profile],
  );
  const { control, handleSubmit, setError, reset } = useForm<TInterpreterProfileRequest>({
    resolver: formResolver(ZInterpreterProfileRequest),
    defaultValues: defaults,
  });
  useEffect(() => {
    if (open) reset(defaults);
  }, [open, defaults, reset]);

  const submit = handleSubmit(async (values) => {
    const result = await save({ username: profile.username, body: values });
    if ('error' in result) {
      if (!applyServerFieldErrors(result.error, setError, FIELDS)) toast.error(errorText(result.error));
      return;
    }
    toast.success(t('interpreters.profile.saved'));
    onSaved?.();
    onClose();
  });

  return (
    <FormDialog open={open} onClose={onClose} title={t('interpreters.profile.title', { name })}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        <FormTextField control={control} name="team" label={t('interpreters.profile.team')} autoFocus />
        <ArabicNameField control={control} name="team_ar" label={t('interpreters.profile.teamAr')} />
        <FormTextField
          control={control}
          name="extension"
          label={t('interpreters.profile.extension')}
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel' } }}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1 }}>
          <Button color="inherit" onClick={onClose}>
            {t('interpreters.profile.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving.isLoading}>
            {t('interpreters.profile.save')}
          </Button>
        </Box>
      </Box>
    </FormDialog>
  );
}
