import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { TeacupLoader } from '../../components/teacup-loader';
import { HEADER_HEIGHT } from '../providers/theme';
import { useToastSlot } from '../providers/toast-slot';
import { SharePortalHost } from '../../features/share';
import { AppHeader } from './app-header';

/** True once `active` has held for `delayMs`: quick loads never flash the loader. */
function useDelayed(active: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return shown;
}

/** Header plus content below it (spec §2: the content area sits below the header). */
export function AppLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const loadingRoute = useDelayed(navigation.state === 'loading', 150);
  const toastSlot = useToastSlot();
  return (
    <>
      <Box
        component="a"
        href="#main-content"
        sx={{
          position: 'absolute',
          insetInlineStart: 8,
          top: -48,
          zIndex: (theme) => theme.zIndex.appBar + 1,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          px: 2,
          py: 1,
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        {t('app.skipToContent')}
      </Box>
      <AppHeader />
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{ pt: `${HEADER_HEIGHT}px`, minHeight: '100dvh', outline: 'none' }}
      >
        {/*
          The toasts' place. Wide screens: react-toastify's fixed container, 8 px under the header.
          Phones: in the page's flow, sticking under the header, so a toast pushes the heading
          down instead of covering it.
        */}
        <Box
          ref={toastSlot}
          sx={(theme) => ({
            // react-toastify's own phone width: there its toasts span the screen.
            '@media (max-width: 480px)': {
              position: 'sticky',
              top: HEADER_HEIGHT,
              // Above dialogs, as the fixed container was; an empty slot has no height to block clicks.
              zIndex: theme.zIndex.snackbar,
              '& .Toastify__toast-container': {
                position: 'relative',
                top: '0 !important',
                left: 0,
                right: 0,
                width: '100%',
                transform: 'none',
                padding: 0,
              },
            },
          })}
        />
        {/* Every staff tab can be asked to share its screen, on any page. */}
        <SharePortalHost>
          <Outlet />
        </SharePortalHost>
      </Box>
      {loadingRoute ? <TeacupLoader overlay /> : null}
    </>
  );
}
