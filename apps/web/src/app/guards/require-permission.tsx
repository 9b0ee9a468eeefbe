import type { Actor } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, Outlet } from 'react-router';
import { selectCurrentUser } from '../../features/auth';

/**
 * Role guard for a subtree, nested inside RequireAuth. `allow` is one of the contracts'
 * permission functions (canUseShare, canViewEventLogs, …): the rules live there only.
 * A signed-in user without the permission goes home (spec §6), or sees `denied` where a
 * page explains the refusal (/admin, opened in a new tab from the menu).
 */
export function RequirePermission({ allow, denied }: { allow: (user: Actor | null) => boolean; denied?: ReactNode }) {
  const user = useSelector(selectCurrentUser);
  if (!user) return <Navigate to="/login" replace />;
  if (allow(user)) return <Outlet />;
  return denied ?? <Navigate to="/" replace />;
}
