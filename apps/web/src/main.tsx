import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers/app-providers';
import { createAppRouter } from './app/router';
import { createStore } from './app/store';
import { bootstrapSession } from './features/auth';
import { loadDirectionCache } from './lib/i18n/direction-cache';
import { directionOf, initI18n, storedLanguage } from './lib/i18n/i18n';

async function start() {
  const language = storedLanguage();
  // Strings and (for Arabic) the right-to-left styles first: the first paint is final.
  await Promise.all([initI18n(language), loadDirectionCache(directionOf(language))]);
  const store = createStore();
  // Spec §4: a saved token is reused and the current user loaded.
  void store.dispatch(bootstrapSession());
  const router = createAppRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
