import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import { isStaff, USER_TYPES } from '@portal/contracts';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { FormTextField } from '../../../components/form/form-text-field';
import { DepartmentName, departmentName } from '../../../components/department-name';

/** The account fields that creating and editing share (both contract schemas name them alike). */
type SharedField = 'first_name' | 'last_name' | 'email' | 'phone' | 'user_type' | 'is_director' | 'is_manager';

export function AccountFields<T extends FieldValues>({ control }: { control: Control<T> }) {
  const { t } = useTranslation();
  const name = (field: SharedField) => field as FieldPath<T>;
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField control={control} name={name('first_name')} label={t('account.firstName')} autoComplete="off" />
        <FormTextField control={control} name={name('last_name')} label={t('account.lastName')} autoComplete="off" />
        <FormTextField
          control={control}
          name={name('email')}
          label={t('account.email')}
          type="email"
          autoComplete="off"
          required
        />
        <FormTextField
          control={control}
          name={name('phone')}
          label={t('account.phone')}
          type="tel"
          autoComplete="off"
        />
      </Box>
      <FormTextField control={control} name={name('user_type')} label={t('account.userType')} select required>
        {USER_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {/* INTERPRETER and GUEST may sign in only for the monitoring agent (spec §1). */}
            {isStaff({ user_type: type }) ? (
              <DepartmentName code={type} showCode />
            ) : (
              t('account.agentOnly', { type: departmentName(t, type) })
            )}
          </MenuItem>
        ))}
      </FormTextField>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <FormCheckbox control={control} name={name('is_director')} label={t('account.director')} />
        <FormCheckbox control={control} name={name('is_manager')} label={t('account.manager')} />
      </Box>
    </>
  );
}
