import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from './field-error-text';

export type FormTextFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'error'
> & {
  name: FieldPath<T>;
  control: Control<T>;
};

/**
 * A MUI text field bound to react-hook-form. Its error comes from the contract schema or
 * the server by code, and is said in the reader's language.
 */
export function FormTextField<T extends FieldValues>({ name, control, helperText, ...props }: FormTextFieldProps<T>) {
  // Subscribes to language changes, so the message below re-renders translated.
  useTranslation();
  const { field, fieldState } = useController({ name, control });
  const message = fieldErrorText(fieldState.error);
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!message}
      helperText={message ?? helperText}
    />
  );
}
