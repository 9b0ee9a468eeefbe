import { isStaff } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Navigate } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { selectCurrentUser } from '../../auth';
import { LeaveForm } from '../components/leave-form';
import { LeavesNav } from '../components/leaves-nav';

/** `user/leaves/create-leave` (spec §2). */
export function CreateLeavePage() {
  const { t } = useTranslation();
  const user = useSelector(selectCurrentUser);
  if (user && !isStaff(user)) return <Navigate to="/" replace />;
  return (
    <PageContainer>
      <PageHeader title={t('pages.createLeave')} subtitle={t('leaves.create.intro')} />
      <LeavesNav />
      <LeaveForm />
    </PageContainer>
  );
}
