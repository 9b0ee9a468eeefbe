import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { fieldErrorText, formResolver } from '../../../components/form/field-error-text';
import { ZLeaveTypeRequest, type TLeaveType, type TLeaveTypeRequest } from '@portal/contracts';
import { useState } from 'react';
import { useController, useForm, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { ArabicNameField } from '../../../components/form/arabic-name-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { errorText } from '../../../lib/api/api-error';
import { useCreateLeaveTypeMutation, useUpdateLeaveTypeMutation } from '../api/leaves-api';

const FIELDS: FieldPath<TLeaveTypeRequest>[] = [
  'name',
  'name_ar',
  'yearly_days',
  'carry_over_max_days',
  'half_days_allowed',
  'attachment_required_after_days',
  'counts_against_balance',
  'requires_hr_confirmation',
  'is_active',
];

const EMPTY: TLeaveTypeRequest = {
  name: '',
  yearly_days: 0,
  carry_over_max_days: 0,
  half_days_allowed: true,
  attachment_required_after_days: null,
  counts_against_balance: true,
  requires_hr_confirmation: false,
  is_active: true,
};

const toRequest = (type: TLeaveType): TLeaveTypeRequest => ({
  name: type.name,
  name_ar: type.name_ar ?? '',
  yearly_days: type.yearly_days,
  carry_over_max_days: type.carry_over_max_days,
  half_days_allowed: type.half_days_allowed,
  attachment_required_after_days: type.attachment_required_after_days,
  counts_against_balance: type.counts_against_balance,
  requires_hr_confirmation: type.requires_hr_confirmation,
  is_active: type.is_active,
});

/**
 * A number input bound to a numeric field: what was typed stays as typed while the value is
 * its number; anything that is not one becomes NaN, which the contract refuses in words.
 */
function NumberField({
  control,
  name,
  label,
  helperText,
  step = 'any',
}: {
  control: Control<TLeaveTypeRequest>;
  name: 'yearly_days' | 'carry_over_max_days' | 'attachment_required_after_days';
  label: string;
  helperText?: string;
  step?: string;
}) {
  const { field, fieldState } = useController({ control, name });
  const [text, setText] = useState(field.value === null || field.value === undefined ? '' : String(field.value));
  const message = fieldErrorText(fieldState.error);
  return (
    <TextField
      name={field.name}
      label={label}
      value={text}
      inputRef={field.ref}
      onBlur={field.onBlur}
      onChange={(e) => {
        setText(e.target.value);
        const trimmed = e.target.value.trim();
        field.onChange(trimmed === '' || !/^\d+(\.\d+)?$/.test(trimmed) ? Number.NaN : Number(trimmed));
      }}
      error={!!message}
      helperText={message ?? helperText}
      slotProps={{ htmlInput: { inputMode: 'decimal', step } }}
    />
  );
}

/** Add or edit a leave type: every field of the contract, its errors (ours or the server's) under each field. */
export function LeaveTypeForm({ type, onDone }: { type: TLeaveType | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [createType, created] = useCreateLeaveTypeMutation();
  const [updateType, updated] = useUpdateLeaveTypeMutation();
  const { control, handleSubmit, setError, watch, setValue } = useForm<TLeaveTypeRequest>({
    resolver: formResolver(ZLeaveTypeRequest),
    defaultValues: type ? toRequest(type) : EMPTY,
  });
  const attachmentDays = watch('attachment_required_after_days');
  const needsAttachment = attachmentDays !== null;

  const submit = handleSubmit(async (values) => {
    const result = type ? await updateType({ id: type.id, body: values }) : await createType(values);
    if ('error' in result) {
      if (!applyServerFieldErrors(result.error, setError, FIELDS)) toast.error(errorText(result.error));
      return;
    }
    toast.success(t(type ? 'leaveSettings.typeUpdated' : 'leaveSettings.typeCreated'));
    onDone();
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <FormTextField control={control} name="name" label={t('leaveSettings.fields.name')} required autoFocus />
      <ArabicNameField control={control} name="name_ar" />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <NumberField control={control} name="yearly_days" label={t('leaveSettings.fields.yearlyDays')} />
        <NumberField
          control={control}
          name="carry_over_max_days"
          label={t('leaveSettings.fields.carryOver')}
          helperText={t('leaveSettings.fields.carryOverHint')}
        />
      </Box>
      <Stack>
        <FormCheckbox control={control} name="half_days_allowed" label={t('leaveSettings.fields.halfDays')} />
        <FormCheckbox
          control={control}
          name="counts_against_balance"
          label={t('leaveSettings.fields.countsAgainstBalance')}
        />
        <FormCheckbox
          control={control}
          name="requires_hr_confirmation"
          label={t('leaveSettings.fields.hrConfirmation')}
        />
        <FormCheckbox control={control} name="is_active" label={t('leaveSettings.fields.active')} />
        <FormControlLabel
          label={t('leaveSettings.fields.requireAttachment')}
          control={
            <Checkbox
              checked={needsAttachment}
              onChange={(e) =>
                setValue('attachment_required_after_days', e.target.checked ? 2 : null, { shouldDirty: true })
              }
            />
          }
        />
      </Stack>
      {needsAttachment ? (
        <NumberField
          // A fresh field when the box is ticked again, so it shows the value just set.
          key="attachment"
          control={control}
          name="attachment_required_after_days"
          label={t('leaveSettings.fields.attachmentAfter')}
          step="1"
        />
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onDone} color="inherit">
          {t('leaveSettings.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={created.isLoading || updated.isLoading}>
          {t('leaveSettings.save')}
        </Button>
      </Box>
    </Stack>
  );
}
