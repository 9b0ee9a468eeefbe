import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';
import { ToastContainer } from 'react-toastify';
import { directionCache } from '../../lib/i18n/direction-cache';
import { directionOf } from '../../lib/i18n/i18n';
import { STORAGE_KEYS } from '../../lib/storage';
import type { AppStore } from '../store';
import { createAppTheme, HEADER_HEIGHT } from './theme';
import { ToastSlotContext } from './toast-slot';

/** Theme, direction and toasts follow the current language and colour mode. */
function ThemeAndDirection({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const direction = directionOf(i18n.language);
  // changeLanguage() loads the rtl cache before switching, so it is there when needed.
  const cache = directionCache(direction) ?? directionCache('ltr');
  const theme = useMemo(() => createAppTheme(direction), [direction]);
  const [toastSlot, setToastSlot] = useState<HTMLElement | null>(null);
  // Spec §9: top-center, 3 s, at most 5 at once, dark; just below the header (on phones in the
  // layout's slot, above the page heading rather than over it).
  const toasts = (
    <ToastContainer
      position="top-center"
      autoClose={3000}
      limit={5}
      theme="dark"
      rtl={direction === 'rtl'}
      style={{ top: HEADER_HEIGHT + 8 }}
      // The region's name (and its Alt+T shortcut) in the reader's language, not the library's English.
      aria-label={t('app.toastRegion')}
    />
  );
  const content = (
    <ThemeProvider
      theme={theme}
      defaultMode="light"
      modeStorageKey={STORAGE_KEYS.colorMode}
      colorSchemeStorageKey={`${STORAGE_KEYS.colorMode}.scheme`}
      disableTransitionOnChange
    >
      <CssBaseline enableColorScheme />
      <ToastSlotContext.Provider value={setToastSlot}>{children}</ToastSlotContext.Provider>
      {toastSlot ? createPortal(toasts, toastSlot) : toasts}
    </ThemeProvider>
  );
  return cache ? <CacheProvider value={cache}>{content}</CacheProvider> : content;
}

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <ThemeAndDirection>{children}</ThemeAndDirection>
    </ReduxProvider>
  );
}
