import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusPage } from '../../../components/status-page';

/**
 * The team calendar or the leave settings opened by someone they are not for (a shared
 * link): say why rather than send them home silently, as /admin does.
 */
export function LeaveNotForYouPage({ page }: { page: 'calendar' | 'settings' | 'approvals' }) {
  const { t } = useTranslation();
  const words = page === 'calendar' ? 'leaveCalendar' : page === 'settings' ? 'leaveSettings' : 'leaves.inbox';
  return (
    <StatusPage
      code="403"
      title={t(`${words}.notForYouTitle`)}
      body={t(`${words}.notForYouBody`)}
      actions={
        <Button component={Link} to="/" variant="contained">
          {t('leaveCalendar.goHome')}
        </Button>
      }
    />
  );
}
