import Box from '@mui/material/Box';
import { isStaff } from '@portal/contracts';
import { useSelector } from 'react-redux';
import { Navigate, Outlet, useLocation } from 'react-router';
import { TeacupLoader } from '../../components/teacup-loader';
import { PortalUnreachable, selectAuth } from '../../features/auth';

/**
 * Login guard (spec §6): unauthenticated → /login (remembering where they were going).
 * Nothing but the loader renders while the session is being confirmed — or, while the
 * portal does not answer, that it is unreachable (the session is kept, never shown as
 * signed out) — and a non-staff user (being logged out by the session code) never sees
 * a guarded page.
 */
export function RequireAuth() {
  const { token, user, loading, authSuccessLoading, profileUnreachable } = useSelector(selectAuth);
  const location = useLocation();
  if (authSuccessLoading && profileUnreachable) {
    return (
      <Box sx={{ maxWidth: 640, mx: 'auto', px: 2, py: { xs: 3, sm: 6 } }}>
        <PortalUnreachable />
      </Box>
    );
  }
  if (loading || authSuccessLoading) return <TeacupLoader />;
  if (!token || !user) return <Navigate to="/login" replace state={{ from: location }} />;
  if (!isStaff(user)) return <TeacupLoader />;
  return <Outlet />;
}
