import { isStaff } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Navigate } from 'react-router';
import { selectCurrentUser } from '../../auth';
import { LeaveForm } from '../components/leave-form';
import { LeavePageLayout } from '../components/leaves-nav';

/** `user/leaves/create-leave` (spec §2). */
export function CreateLeavePage() {
  const { t } = useTranslation();
  const user = useSelector(selectCurrentUser);
  if (user && !isStaff(user)) return <Navigate to="/" replace />;
  return (
    <LeavePageLayout title={t('pages.createLeave')} subtitle={t('leaves.create.intro')}>
      <LeaveForm />
    </LeavePageLayout>
  );
}
