import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { fieldErrorText, formResolver } from '../../../components/form/field-error-text';
import {
  KPI_DIRECTIONS,
  KPI_PERIODS,
  KPI_UNITS,
  ZKpiDefinitionRequest,
  type TKpiDefinition,
  type TKpiDefinitionRequest,
} from '@portal/contracts';
import { useController, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { FormTextField } from '../../../components/form/form-text-field';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { ArabicNameField } from '../../../components/form/arabic-name-field';
import { errorText } from '../../../lib/api/api-error';
import { useSaveKpiDefinitionMutation } from '../api/kpi-api';
import { audienceLabel, KPI_AUDIENCES } from './kpi-filters';
import { NumberField } from './number-field';
import { formatList } from '../../../lib/format';

const FIELDS: FieldPath<TKpiDefinitionRequest>[] = [
  'name',
  'name_ar',
  'description',
  'unit',
  'direction',
  'target',
  'weight',
  'period',
  'applies_to',
  'is_active',
];

const EMPTY: TKpiDefinitionRequest = {
  name: '',
  description: '',
  unit: 'percent',
  direction: 'higher',
  target: 90,
  weight: 1,
  period: 'monthly',
  applies_to: ['INTERPRETER'],
  is_active: true,
};

const toRequest = (d: TKpiDefinition): TKpiDefinitionRequest => ({
  name: d.name,
  name_ar: d.name_ar ?? '',
  description: d.description,
  unit: d.unit,
  direction: d.direction,
  target: d.target,
  weight: d.weight,
  period: d.period,
  applies_to: d.applies_to.filter((type) => type !== 'GUEST') as TKpiDefinitionRequest['applies_to'],
  is_active: d.is_active,
});

/** Who it applies to: several user types at once. */
function AudienceField({ control }: { control: ReturnType<typeof useForm<TKpiDefinitionRequest>>['control'] }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name: 'applies_to' });
  const value = (field.value ?? []) as string[];
  return (
    <TextField
      select
      label={t('kpi.definitions.fields.appliesTo')}
      name={field.name}
      inputRef={field.ref}
      value={value}
      onChange={(e) => {
        const next = e.target.value as unknown as string[] | string;
        field.onChange(typeof next === 'string' ? next.split(',') : next);
      }}
      onBlur={field.onBlur}
      error={!!fieldState.error}
      helperText={fieldErrorText(fieldState.error)}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (v) =>
            formatList(
              (v as string[]).map((type) => audienceLabel(t, type)),
              'unit',
            ),
        },
      }}
    >
      {KPI_AUDIENCES.map((type) => (
        <MenuItem key={type} value={type}>
          {audienceLabel(t, type)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Add or change a KPI definition: every field of the contract, errors under each field. */
export function DefinitionForm({ definition, onDone }: { definition: TKpiDefinition | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [save, saving] = useSaveKpiDefinitionMutation();
  const { control, handleSubmit, setError } = useForm<TKpiDefinitionRequest>({
    resolver: formResolver(ZKpiDefinitionRequest),
    defaultValues: definition ? toRequest(definition) : EMPTY,
  });

  const submit = handleSubmit(async (values) => {
    const result = await save({ id: definition?.id ?? null, body: values });
    if ('error' in result) {
      if (!applyServerFieldErrors(result.error, setError, FIELDS)) toast.error(errorText(result.error));
      return;
    }
    toast.success(t(definition ? 'kpi.definitions.updated' : 'kpi.definitions.created'));
    onDone();
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <FormTextField control={control} name="name" label={t('kpi.definitions.fields.name')} required autoFocus />
      <ArabicNameField control={control} name="name_ar" />
      <FormTextField
        control={control}
        name="description"
        label={t('kpi.definitions.fields.description')}
        multiline
        minRows={2}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField control={control} name="unit" label={t('kpi.definitions.fields.unit')} select>
          {KPI_UNITS.map((unit) => (
            <MenuItem key={unit} value={unit}>
              {t(`kpi.units.${unit}`)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField control={control} name="direction" label={t('kpi.definitions.fields.direction')} select>
          {KPI_DIRECTIONS.map((d) => (
            <MenuItem key={d} value={d}>
              {t(`kpi.directions.${d}`)}
            </MenuItem>
          ))}
        </FormTextField>
        <NumberField control={control} name="target" label={t('kpi.definitions.fields.target')} />
        <NumberField
          control={control}
          name="weight"
          label={t('kpi.definitions.fields.weight')}
          helperText={t('kpi.definitions.fields.weightHint')}
        />
        <FormTextField control={control} name="period" label={t('kpi.definitions.fields.period')} select>
          {KPI_PERIODS.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`kpi.period.${p}`)}
            </MenuItem>
          ))}
        </FormTextField>
        <AudienceField control={control} />
      </Box>
      <FormCheckbox control={control} name="is_active" label={t('kpi.definitions.fields.active')} />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onDone} color="inherit">
          {t('kpi.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={saving.isLoading}>
          {t('kpi.save')}
        </Button>
      </Box>
    </Stack>
  );
}
