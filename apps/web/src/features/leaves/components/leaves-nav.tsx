import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { calendarDepartments, canManageLeaveSettings } from '@portal/contracts';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link, useLocation } from 'react-router';
import { selectCurrentUser } from '../../auth';

interface NavItem {
  to: string;
  key: ParseKeys;
}

export const LEAVE_PATHS = {
  create: '/user/leaves/create-leave',
  submitted: '/user/leaves/submited-leaves',
  history: '/user/leaves/leave-history',
  calendar: '/user/leaves/team-calendar',
  settings: '/user/leaves/settings',
} as const;

/**
 * The leave pages' shared navigation: request, submitted, history for everyone; the team
 * calendar for whoever has departments to see; settings for HR and ADMIN. Scrolls
 * sideways on phones rather than wrapping.
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
  if (user && calendarDepartments(user).length > 0)
    items.push({ to: LEAVE_PATHS.calendar, key: 'leaves.nav.calendar' });
  if (canManageLeaveSettings(user)) items.push({ to: LEAVE_PATHS.settings, key: 'leaves.nav.settings' });
  const current = items.find((item) => pathname.startsWith(item.to))?.to ?? false;
  return (
    <Box component="nav" aria-label={t('leaves.nav.label')} sx={{ mb: 3, '@media print': { display: 'none' } }}>
      <Tabs
        value={current}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
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
