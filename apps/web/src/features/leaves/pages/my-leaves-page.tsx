import AddRounded from '@mui/icons-material/AddRounded';
import Button from '@mui/material/Button';
import { isStaff } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link, Navigate } from 'react-router';
import { selectCurrentUser } from '../../auth';
import { LeaveBalances } from '../components/leave-balances';
import { LEAVE_PATHS, LeavePageLayout } from '../components/leaves-nav';
import { MyLeavesTable } from '../components/my-leaves-table';

function MyLeavesPage({ status }: { status: 'submitted' | 'history' }) {
  const { t } = useTranslation();
  const user = useSelector(selectCurrentUser);
  if (user && !isStaff(user)) return <Navigate to="/" replace />;
  return (
    <LeavePageLayout
      title={t(status === 'submitted' ? 'pages.submittedLeaves' : 'pages.leaveHistory')}
      subtitle={t(status === 'submitted' ? 'leaves.lists.submittedIntro' : 'leaves.lists.historyIntro')}
      actions={
        <Button component={Link} to={LEAVE_PATHS.create} variant="contained" startIcon={<AddRounded />}>
          {t('leaves.nav.create')}
        </Button>
      }
    >
      <LeaveBalances />
      <MyLeavesTable status={status} />
    </LeavePageLayout>
  );
}

/** `user/leaves/submited-leaves` (spec §2): requests waiting for a decision. */
export function SubmittedLeavesPage() {
  return <MyLeavesPage status="submitted" />;
}

/** `user/leaves/leave-history` (spec §2): every request. */
export function LeaveHistoryPage() {
  return <MyLeavesPage status="history" />;
}
