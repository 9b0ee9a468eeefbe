import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusPage } from '../../../components/status-page';

/**
 * /admin for a signed-in user who is not ADMIN. The menu's "Legacy Dashboard" opens it in
 * a new tab (spec §2), so a silent redirect home would look like a broken link: say why.
 */
export function AdminOnlyPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      code="403"
      title={t('admin.forAdminTitle')}
      body={t('admin.forAdminBody')}
      actions={
        <Button component={Link} to="/" variant="contained">
          {t('admin.goHome')}
        </Button>
      }
    />
  );
}
