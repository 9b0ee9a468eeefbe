import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { startCompanyPortal, startPortalProcess } from './company-portal';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Builds the web app if needed, then starts the real server (e2e/company-portal.ts:
 * `startPortalProcess`) and the company portal with its OpenID provider and directory.
 * Returns the teardown. Workers, started after this, inherit PORTAL_E2E_BASE_URL
 * (e2e/fixtures.ts turns it into baseURL) and PORTAL_E2E_COMPANY_URL.
 */
export default async function globalSetup() {
  if (process.env.PORTAL_E2E_BASE_URL) return undefined;

  execFileSync(process.execPath, [path.join(root, 'scripts/ensure-web-build.mjs')], { cwd: root, stdio: 'inherit' });

  const main = await startPortalProcess({
    // Journeys sign in as ADMIN and IT with a password alone; e2e/mfa.spec.ts enrols its own.
    MFA_REQUIRED_TYPES: '',
  });
  let stopCompany: () => Promise<void>;
  try {
    stopCompany = await startCompanyPortal();
  } catch (err) {
    await main.stop();
    throw err;
  }
  process.env.PORTAL_E2E_BASE_URL = main.url;

  return async () => {
    await stopCompany();
    await main.stop();
  };
}
