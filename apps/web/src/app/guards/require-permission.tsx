import type { Actor } from '@portal/contracts';
import { useSelector } from 'react-redux';
import { Navigate, Outlet } from 'react-router';
import { selectCurrentUser } from '../../features/auth';

/**
 * Role guard for a subtree, nested inside RequireAuth. `allow` is one of the contracts'
 * permission functions (canUseShare, canViewEventLogs, …): the rules live there only.
 * A signed-in user without the permission goes home (spec §6).
 */
export function RequirePermission({ allow }: { allow: (user: Actor | null) => boolean }) {
  const user = useSelector(selectCurrentUser);
  if (!user) return <Navigate to="/login" replace />;
  return allow(user) ? <Outlet /> : <Navigate to="/" replace />;
}
