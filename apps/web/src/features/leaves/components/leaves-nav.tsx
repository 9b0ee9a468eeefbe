import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import {
  calendarDepartments,
  canManageLeaveSettings,
  isLeaveApproverFor,
  STAFF_DEPARTMENTS,
  type LeaveViewer,
} from '@portal/contracts';
import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link, useLocation } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { selectCurrentUser } from '../../auth';

interface NavItem {
  to: string;
  key: ParseKeys;
}

export const LEAVE_PATHS = {
  create: '/user/leaves/create-leave',
  submitted: '/user/leaves/submited-leaves',
  history: '/user/leaves/leave-history',
  approvals: '/user/leaves/approvals',
  calendar: '/user/leaves/team-calendar',
  settings: '/user/leaves/settings',
} as const;

/** Whether the user decides anyone's leave (spec §6 approvers, HR, ADMIN). */
export const approvesLeave = (user: Omit<LeaveViewer, 'id'> | null | undefined) =>
  // Whom one approves for does not depend on who one is (the id only keeps one's own out).
  !!user && STAFF_DEPARTMENTS.some((department) => isLeaveApproverFor({ ...user, id: 0 }, department));

/**
 * The leave pages' shared navigation: request, submitted, history for everyone; approvals
 * for approvers; the team calendar for whoever has departments to see; settings for HR
 * and ADMIN. Scrolls sideways only when the tabs do not fit (a phone, a long language),
 * without arrow buttons: they would take room from the tabs and show with nothing to
 * scroll. MUI keeps the selected tab scrolled into view, either direction.
 */
export function LeavesNav() {
  const { t } = useTranslation();
  const user = useSelector(selectCurrentUser);
  const { pathname } = useLocation();
  const items: NavItem[] = [
    { to: LEAVE_PATHS.create, key: 'leaves.nav.create' },
    { to: LEAVE_PATHS.submitted, key: 'leaves.nav.submitted' },
    { to: LEAVE_PATHS.history, key: 'leaves.nav.history' },
  ];
  if (approvesLeave(user)) items.push({ to: LEAVE_PATHS.approvals, key: 'leaves.nav.approvals' });
  if (user && calendarDepartments(user).length > 0)
    items.push({ to: LEAVE_PATHS.calendar, key: 'leaves.nav.calendar' });
  if (canManageLeaveSettings(user)) items.push({ to: LEAVE_PATHS.settings, key: 'leaves.nav.settings' });
  const current = items.find((item) => pathname.startsWith(item.to))?.to ?? false;
  return (
    <Box component="nav" aria-label={t('leaves.nav.label')} sx={{ mb: 3, '@media print': { display: 'none' } }}>
      <Tabs value={current} variant="scrollable" scrollButtons={false} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        {items.map((item) => (
          <Tab
            key={item.to}
            value={item.to}
            label={t(item.key)}
            component={Link}
            to={item.to}
            aria-current={current === item.to ? 'page' : undefined}
          />
        ))}
      </Tabs>
    </Box>
  );
}

/**
 * The one layout of every leave page with the tabs: the page's title (and its actions)
 * first, the tabs under it, then the page, in the same content column.
 */
export function LeavePageLayout({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PageContainer>
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      <LeavesNav />
      {children}
    </PageContainer>
  );
}
