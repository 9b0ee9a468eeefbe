import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../components/form/field-error-text';

/**
 * A number input bound to a numeric field: what was typed stays as typed while the value is
 * its number; anything that is not one becomes NaN, which the contract refuses in words.
 */
export function NumberField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  required,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  helperText?: string;
  required?: boolean;
}) {
  useTranslation();
  const { field, fieldState } = useController({ control, name });
  const initial: unknown = field.value;
  const [text, setText] = useState(typeof initial === 'number' && Number.isFinite(initial) ? String(initial) : '');
  const message = fieldErrorText(fieldState.error);
  return (
    <TextField
      name={field.name}
      label={label}
      required={required}
      value={text}
      inputRef={field.ref}
      onBlur={field.onBlur}
      onChange={(e) => {
        setText(e.target.value);
        const trimmed = e.target.value.trim();
        field.onChange(trimmed === '' || !/^-?\d+(\.\d+)?$/.test(trimmed) ? Number.NaN : Number(trimmed));
      }}
      error={!!message}
      helperText={message ?? helperText}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    />
  );
}
