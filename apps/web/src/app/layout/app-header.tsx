import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import LoginRounded from '@mui/icons-material/LoginRounded';
import MenuRounded from '@mui/icons-material/MenuRounded';
import { isStaff } from '@portal/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shallowEqual, useSelector } from 'react-redux';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { selectAuth } from '../../features/auth';
import { importWithReload } from '../../lib/lazy-import';
import { HEADER_HEIGHT } from '../providers/theme';
import { ColorModeToggle } from './color-mode-toggle';
import { DesktopNav } from './desktop-nav';
import { NavDrawer } from './nav-drawer';
import { navItemsFor, selectNavBadges } from './nav-links';
import { ProfileMenu } from './profile-menu';

// Only signed-in staff see the bell; loading it on demand keeps its menu, forms and
// live code out of the login page's initial JavaScript.
const NotificationBell = lazy(() =>
  importWithReload(() => import('../../features/notifications/components/notification-bell')).then((m) => ({
    default: m.NotificationBell,
  })),
);

/** The 80 px header of spec §1/§9: logo, menu, colour mode, bell, profile or Login. */
export function AppHeader() {
  const { t } = useTranslation();
  const { user, authSuccessLoading } = useSelector(selectAuth);
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // On wide screens the inline menu, unless it does not fit (then the drawer, as on phones).
  const [navFits, setNavFits] = useState(true);
  // Menus only for a confirmed staff member; a session being checked shows neither.
  const member = user && !authSuccessLoading && isStaff(user) ? user : null;
  const badges = useSelector(selectNavBadges, shallowEqual);
  const items = useMemo(() => navItemsFor(member, badges), [member, badges]);

  return (
    <AppBar
      position="fixed"
      color="inherit"
      // Exactly 80 px including the bottom border (spec §9).
      sx={{
        height: HEADER_HEIGHT,
        boxSizing: 'border-box',
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        color: 'text.primary',
      }}
    >
      <Toolbar sx={{ height: '100%', minHeight: '0 !important', gap: 1, px: { xs: 1.5, sm: 3 } }}>
        {member ? (
          <IconButton
            color="inherit"
            onClick={() => setDrawerOpen(true)}
            aria-label={t('nav.openMenu')}
            sx={{ display: navFits ? { lg: 'none' } : 'inline-flex' }}
          >
            <MenuRounded />
          </IconButton>
        ) : null}
        <Box
          component={Link}
          to="/"
          aria-label={t('app.name')}
          sx={{ display: 'inline-flex', alignItems: 'center', textDecoration: 'none', borderRadius: 1, flexShrink: 0 }}
        >
          <Logo />
        </Box>
        {member ? <DesktopNav items={items} onFits={setNavFits} /> : <Box sx={{ flexGrow: 1 }} />}
        <ColorModeToggle />
        {member ? (
          <>
            <Suspense fallback={<Box sx={{ width: 40, height: 40 }} />}>
              <NotificationBell />
            </Suspense>
            <ProfileMenu user={member} />
          </>
        ) : authSuccessLoading || pathname === '/login' ? null : (
          <Button component={Link} to="/login" variant="contained" startIcon={<LoginRounded />} sx={{ ml: 0.5 }}>
            {t('header.login')}
          </Button>
        )}
      </Toolbar>
      {member ? <NavDrawer items={items} open={drawerOpen} onClose={() => setDrawerOpen(false)} /> : null}
    </AppBar>
  );
}
