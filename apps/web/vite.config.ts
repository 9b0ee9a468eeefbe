import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The API process (apps/server) serves dist/ in production; in development Vite serves
// the app and forwards the API and websockets to it.
const apiTarget = process.env.PORTAL_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/report-initial-js.mjs reads it to measure the login page's initial JS.
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/ws': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // The first test of a file may transform a whole lazy page graph on a cold, busy run
    // (page tests passed alone and ran past 15 s at a load average of 20): a bound, not a
    // timing check.
    testTimeout: 60_000,
  },
});
