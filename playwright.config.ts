import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys against the real server. e2e/global-setup.ts builds the web app when
 * its sources changed and starts the server on a free port with a fresh temporary
 * DATA_DIR (so the demo accounts are seeded); set PORTAL_E2E_BASE_URL to test a server
 * that is already running instead. Debian's Chromium: nothing downloads a browser.
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  // Two cores: one worker drives the browser while the other's server work runs.
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Bounds, not timings: a journey took 57 s of 60 and a sign-in 30 s on a fresh clone's
  // first run beside other work on 2 cores; quiet, they take a few seconds.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  outputDir: 'test-results',
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1366, height: 850 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
