import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field';

/**
 * A one-time code: an authenticator app's six digits (offered by the phone's keyboard and
 * autofill as a one-time code), or with `recovery` a recovery code (letters and a dash).
 */
export function CodeField<T extends FieldValues>({
  control,
  name,
  label,
  recovery = false,
  autoFocus,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  recovery?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      required
      autoFocus={autoFocus}
      autoComplete={recovery ? 'off' : 'one-time-code'}
      slotProps={{
        htmlInput: recovery
          ? { dir: 'ltr', spellCheck: false, autoCapitalize: 'none', maxLength: 32 }
          : { dir: 'ltr', inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 },
      }}
    />
  );
}
