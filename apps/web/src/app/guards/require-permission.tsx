import type { Actor } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Navigate, Outlet } from 'react-router';
import { NotForYouPage } from '../../components/not-for-you-page';
import { selectCurrentUser } from '../../features/auth';

/**
 * Role guard for a subtree, nested inside RequireAuth. `allow` is one of the contracts'
 * permission functions (canUseShare, canViewEventLogs, …): the rules live there only.
 * A signed-in user without the permission stays on the address and is told why (the
 * route's `denied`, or the portal's general refusal): a silent redirect home reads as a
 * broken link, and the menu's Legacy Dashboard opens in a new tab.
 */
export function RequirePermission({ allow, denied }: { allow: (user: Actor | null) => boolean; denied?: ReactNode }) {
  const { t } = useTranslation();
  const user = useSelector(selectCurrentUser);
  if (!user) return <Navigate to="/login" replace />;
  if (allow(user)) return <Outlet />;
  return denied ?? <NotForYouPage title={t('notForYou.title')} body={t('notForYou.body')} />;
}
