import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { canReportOn, type TUserRef } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { selectCurrentUser } from '../../auth';
import { useReportsQuery } from '../api/reports-api';
import { subjectName } from '../report-format';

/**
 * The people a report is about, as usernames. No users search is open to managers, so a
 * username is typed (Enter, or leaving the field, adds it) and the server says when one is not in the
 * author's scope; people of the author's earlier reports they may still report on are offered.
 */
export function SubjectsField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string[];
  onChange: (usernames: string[]) => void;
  /** The field's error, in the reader's language. */
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const me = useSelector(selectCurrentUser);
  const { data } = useReportsQuery({ scope: 'mine' });
  const known = useMemo(() => {
    const people = new Map<string, TUserRef>();
    for (const report of data?.results ?? []) {
      for (const s of report.subjects) if (canReportOn(me, s)) people.set(s.username, s);
    }
    return people;
  }, [data, me]);

  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      disabled={disabled}
      options={[...known.keys()]}
      value={value}
      onChange={(_e, next) => onChange([...new Set(next.map((v) => v.trim()).filter(Boolean))])}
      getOptionLabel={(username) => {
        const person = known.get(username);
        return person ? `${subjectName(person)} (${username})` : username;
      }}
      renderValue={(usernames, getItemProps) =>
        usernames.map((username, index) => {
          const { key, ...props } = getItemProps({ index });
          const person = known.get(username);
          return <Chip key={key} size="small" dir="auto" label={person ? subjectName(person) : username} {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          name="subjects"
          label={t('reports.fields.subjects')}
          required
          error={!!error}
          helperText={error ?? t('reports.form.subjectsHelp')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, dir: 'ltr', maxLength: 150 } }}
        />
      )}
    />
  );
}
