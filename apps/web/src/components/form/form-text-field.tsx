import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateServerText } from '../../lib/i18n/i18n';

export type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & {
  name: FieldPath<T>;
  control: Control<T>;
};

/**
 * A MUI text field bound to react-hook-form. Messages come from the contract schemas or
 * the server in English and are shown translated when the language has them.
 */
export function FormTextField<T extends FieldValues>({ name, control, helperText, ...props }: FormTextFieldProps<T>) {
  // Subscribes to language changes, so the message below re-renders translated.
  useTranslation();
  const { field, fieldState } = useController({ name, control });
  const message = fieldState.error?.message;
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!message}
      helperText={message ? translateServerText(message) : helperText}
    />
  );
}
