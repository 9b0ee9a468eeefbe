import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { initI18n } from '../lib/i18n/i18n';
import { fakeMediaQueryList } from './media';

// Pages are lazy chunks: a first visit in a cold, busy run (CI) can take over the default 1 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no matchMedia; MUI's colour-scheme and media queries ask for it.
if (!window.matchMedia) window.matchMedia = (query: string) => fakeMediaQueryList(query, false);

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
