import Alert from '@mui/material/Alert';
import type { TUser } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useUserExternalIdentitiesQuery } from '../api/identity-mappings-api';

/**
 * In ADMIN's account dialog: the account is linked to the company directory or provider
 * (its type and flags come from the mapping at each sign-in, its password from there).
 */
export function ExternalIdentityNote({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const { data = [] } = useUserExternalIdentitiesQuery(user.id);
  const latest = data[0];
  if (!latest) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {t('admin.mapping.linked', {
        source: t(`admin.mapping.sources.${latest.provider}`),
        when: formatDateTime(latest.last_sign_in_at),
      })}
    </Alert>
  );
}
