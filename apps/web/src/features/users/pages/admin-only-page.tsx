import { useTranslation } from 'react-i18next';
import { NotForYouPage } from '../../../components/not-for-you-page';

/**
 * /admin for a signed-in user who is not ADMIN (a shared link or an old bookmark; the
 * menu shows the Legacy Dashboard to ADMIN only): the portal's refusal page, saying why.
 */
export function AdminOnlyPage() {
  const { t } = useTranslation();
  return <NotForYouPage title={t('admin.forAdminTitle')} body={t('admin.forAdminBody')} />;
}
