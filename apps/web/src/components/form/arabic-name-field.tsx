import type { FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField, type FormTextFieldProps } from './form-text-field';

/**
 * The optional Arabic name beside an English one (contracts' `name_ar`, `team_ar`): typed
 * right to left whatever the page's direction, and said as Arabic to screen readers.
 */
export function ArabicNameField<T extends FieldValues>({
  name,
  control,
  label,
  hint = true,
  ...props
}: Omit<FormTextFieldProps<T>, 'name'> & { name: FieldPath<T>; hint?: boolean }) {
  const { t } = useTranslation();
  return (
    <FormTextField
      {...props}
      control={control}
      name={name}
      label={label ?? t('localName.arabicName')}
      helperText={hint ? t('localName.arabicNameHint') : undefined}
      slotProps={{ htmlInput: { dir: 'rtl', lang: 'ar' } }}
    />
  );
}
