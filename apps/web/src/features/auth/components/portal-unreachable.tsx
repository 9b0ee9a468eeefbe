import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { useAppDispatch } from '../../../lib/store-hooks';
import { profileRetryRequested, selectAuth } from '../auth.slice';
import { logout } from '../session';

/**
 * While the signed-in user's profile cannot be loaded for a reason other than an invalid
 * session: the portal is unreachable, the user is still signed in (it keeps trying),
 * why in plain words, Retry now, and a way out. Nothing while the profile loads normally.
 */
export function PortalUnreachable() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { profileUnreachable } = useSelector(selectAuth);
  if (!profileUnreachable) return null;
  return (
    <Box sx={{ mb: 2, textAlign: 'start' }}>
      <LoadFailedAlert
        title={t('errors.portalUnreachable')}
        error={profileUnreachable}
        onRetry={() => dispatch(profileRetryRequested())}
        sx={{ mb: 1 }}
      />
      <Button size="small" color="inherit" onClick={() => void dispatch(logout())}>
        {t('header.logout')}
      </Button>
    </Box>
  );
}
