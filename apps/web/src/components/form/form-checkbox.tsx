import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/** A labelled checkbox bound to react-hook-form. */
export function FormCheckbox<T extends FieldValues>({
  name,
  control,
  label,
}: {
  name: FieldPath<T>;
  control: Control<T>;
  label: string;
}) {
  const { field } = useController({ name, control });
  return (
    <FormControlLabel
      label={label}
      control={
        <Checkbox
          name={field.name}
          checked={!!field.value}
          onChange={(e) => field.onChange(e.target.checked)}
          onBlur={field.onBlur}
        />
      }
    />
  );
}
