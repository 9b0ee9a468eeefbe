import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import {
  USER_TYPES,
  ZIdentityMappingRequest,
  isStaff,
  type TIdentityMapping,
  type TIdentityMappingPreview,
  type TIdentityMappingRequest,
} from '@portal/contracts';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { DepartmentName, departmentName } from '../../../components/department-name';
import { formResolver } from '../../../components/form/field-error-text';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { FormTextField } from '../../../components/form/form-text-field';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { errorText } from '../../../lib/api/api-error';
import {
  useCreateIdentityMappingMutation,
  usePreviewIdentityMappingsMutation,
  useUpdateIdentityMappingMutation,
} from '../api/identity-mappings-api';
import { IdentityMappingPreview } from './identity-mapping-preview';

const FIELDS = ['match_kind', 'claim', 'value', 'user_type'] as const;
export const asRequest = (r: TIdentityMapping): TIdentityMappingRequest => ({
  match_kind: r.match_kind,
  claim: r.claim,
  value: r.value,
  user_type: r.user_type,
  is_manager: r.is_manager,
  is_director: r.is_director,
});

/**
 * Adds or edits a rule in two steps: the rule, then whom the changed list affects (the
 * server's preview from each linked person's last sign-in), and only then saves.
 */
export function IdentityMappingForm({
  rules,
  editing,
  onDone,
}: {
  rules: readonly TIdentityMapping[];
  editing: TIdentityMapping | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [preview, { isLoading: previewing }] = usePreviewIdentityMappingsMutation();
  const [create, { isLoading: creating }] = useCreateIdentityMappingMutation();
  const [update, { isLoading: updating }] = useUpdateIdentityMappingMutation();
  const [checked, setChecked] = useState<{ rule: TIdentityMappingRequest; preview: TIdentityMappingPreview } | null>(
    null,
  );
  const { control, handleSubmit, setError } = useForm<TIdentityMappingRequest>({
    resolver: formResolver(ZIdentityMappingRequest),
    defaultValues: editing
      ? asRequest(editing)
      : { match_kind: 'group', claim: '', value: '', user_type: 'OPERATION', is_manager: false, is_director: false },
  });
  const kind = useWatch({ control, name: 'match_kind' });

  const check = handleSubmit(async (rule) => {
    const draft = editing
      ? rules.map((r) => (r.id === editing.id ? rule : asRequest(r)))
      : [...rules.map(asRequest), rule];
    const result = await preview({ rules: draft });
    if ('error' in result) {
      if (!applyServerFieldErrors(result.error, setError, FIELDS)) toast.error(errorText(result.error));
      return;
    }
    setChecked({ rule, preview: result.data });
  });

  const save = async () => {
    if (!checked) return;
    const result = editing ? await update({ id: editing.id, rule: checked.rule }) : await create(checked.rule);
    if ('error' in result) {
      setChecked(null);
      if (!applyServerFieldErrors(result.error, setError, FIELDS)) toast.error(errorText(result.error));
      return;
    }
    toast.success(t('admin.mapping.saved'));
    onDone();
  };

  if (checked) {
    return (
      <Stack spacing={2}>
        <IdentityMappingPreview preview={checked.preview} />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button onClick={() => setChecked(null)} color="inherit">
            {t('admin.mapping.back')}
          </Button>
          <Button variant="contained" onClick={() => void save()} disabled={creating || updating}>
            {t('admin.mapping.confirmSave')}
          </Button>
        </Box>
      </Stack>
    );
  }

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={check}>
      <FormTextField control={control} name="match_kind" label={t('admin.mapping.matchKind')} select required>
        <MenuItem value="group">{t('admin.mapping.kinds.group')}</MenuItem>
        <MenuItem value="claim">{t('admin.mapping.kinds.claim')}</MenuItem>
      </FormTextField>
      {kind === 'claim' ? (
        <FormTextField
          control={control}
          name="claim"
          label={t('admin.mapping.claim')}
          helperText={t('admin.mapping.claimHint')}
          required
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />
      ) : null}
      <FormTextField
        control={control}
        name="value"
        label={kind === 'claim' ? t('admin.mapping.claimValue') : t('admin.mapping.group')}
        helperText={kind === 'claim' ? undefined : t('admin.mapping.groupHint')}
        required
        slotProps={{ htmlInput: { dir: 'auto' } }}
      />
      <FormTextField control={control} name="user_type" label={t('account.userType')} select required>
        {USER_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {isStaff({ user_type: type }) ? (
              <DepartmentName code={type} showCode />
            ) : (
              t('account.agentOnly', { type: departmentName(t, type) })
            )}
          </MenuItem>
        ))}
      </FormTextField>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <FormCheckbox control={control} name="is_manager" label={t('account.manager')} />
        <FormCheckbox control={control} name="is_director" label={t('account.director')} />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button onClick={onDone} color="inherit">
          {t('account.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={previewing}>
          {t('admin.mapping.check')}
        </Button>
      </Box>
    </Stack>
  );
}
