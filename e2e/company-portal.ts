/**
 * The "company portal" of the sign-in journeys: a second portal process configured as a
 * company would run it — single sign-on through a real OpenID provider (oidc-provider on
 * loopback, its own sign-in and consent pages), the company directory (Debian's slapd),
 * and a second factor required of ADMIN and IT — beside the main portal, which keeps
 * local passwords only. Workers find it through PORTAL_E2E_COMPANY_URL and its parts through
 * PORTAL_E2E_OIDC_ISSUER and PORTAL_E2E_DIRECTORY (the directory's `info()`, JSON).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import {
  authEndpoints,
  identityMappingEndpoints,
  mfaEndpoints,
  type TIdentityMappingRequest,
  type TUserType,
} from '@portal/contracts';
import { startDirectory } from '../apps/server/test/directory';
import { startOidcProvider, TEST_CLIENT } from '../apps/server/test/oidc-provider';

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Settings every journey portal shares: throttles and demo feeds out of the journeys' way. */
const JOURNEY_ENV = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  // Each test signs in afresh; the throttle must not trip on a suite's worth of logins.
  LOGIN_MAX_FAILURES: '1000',
  // The demo feed would bring interpreters online under the journeys' feet (and ring
  // manager.wfm's bell): journeys send their own presence events.
  PRESENCE_DEMO_FEED: '0',
  IT_DEMO_FEED: '0',
  OCR_DEMO: '0',
  // Likewise the KPI reminders, due for the demo's missing values late in each week.
  KPI_REMINDERS: '0',
};

export interface PortalProcess {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server on a free port with an empty DATA_DIR (demo data is seeded on
 * it), and waits until /api/health/ready says so (database, migrations, queue), not merely
 * listening. A bound, not a timing check: start-up takes over a minute on a loaded 2-core machine.
 */
export async function startPortalProcess(env: Record<string, string>): Promise<PortalProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...JOURNEY_ENV, PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  server.stdout.on('data', collect);
  server.stderr.on('data', collect);

  const deadline = Date.now() + 150_000;
  let exited: number | null | undefined;
  server.on('exit', (code) => (exited = code));
  let last = 'no answer yet';
  for (;;) {
    if (exited !== undefined) throw new Error(`server exited with ${exited}:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(15_000) });
      last = `${res.status} ${await res.text()}`;
      if (res.status === 200) break;
    } catch (err) {
      last = String(err); // not listening yet
    }
    if (Date.now() > deadline) {
      server.kill('SIGKILL');
      throw new Error(`server not ready within 150 s (${last}):\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url: `http://localhost:${port}`,
    async stop() {
      server.removeAllListeners('exit');
      if (server.exitCode === null) {
        const gone = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await Promise.race([gone, new Promise((r) => setTimeout(r, 20_000))]);
        if (server.exitCode === null) server.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * ADMIN's mapping on the company portal, made through the API at start: the provider's
 * and the directory's groups to user types (the journeys move people between them).
 */
export const COMPANY_MAPPINGS: { value: string; user_type: TUserType }[] = [
  { value: 'portal-hr', user_type: 'HR' },
  { value: 'portal-rtm', user_type: 'RTM' },
  { value: 'portal-it', user_type: 'IT' },
];

async function post<T>(base: string, apiPath: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}/api${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as T;
  if (!res.ok) throw new Error(`POST ${apiPath}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * The company portal's ADMIN must enrol a second factor at sign-in (MFA_REQUIRED_TYPES):
 * done here through the API, as the login page would, with the code computed from the
 * secret. Answers the session token and the secret (journeys that sign in as this ADMIN
 * compute their own codes from it).
 */
async function enrolAdmin(base: string): Promise<{ access: string; totpSecret: string }> {
  const signIn = await post<{ mfa?: { challenge: string } }>(base, authEndpoints.login.path, {
    username: 'admin',
    password: 'Portal#Demo2026',
  });
  const challenge = signIn.mfa!.challenge;
  const { secret } = await post<{ secret: string }>(base, mfaEndpoints.setupTotp.path, { challenge });
  const confirmed = await post<{ access: string }>(base, mfaEndpoints.confirmTotp.path, {
    challenge,
    code: await generate({ secret }),
  });
  return { access: confirmed.access, totpSecret: secret };
}

/** Starts the provider, the directory and the company portal; answers the teardown. */
export async function startCompanyPortal(): Promise<() => Promise<void>> {
  const idp = await startOidcProvider();
  const directory = await startDirectory();
  let portal: PortalProcess | undefined;
  try {
    portal = await startPortalProcess({
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: TEST_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
      ...directory.env(),
      MFA_REQUIRED_TYPES: 'ADMIN,IT',
    });
    const admin = await enrolAdmin(portal.url);
    for (const mapping of COMPANY_MAPPINGS) {
      const rule: TIdentityMappingRequest = {
        match_kind: 'group',
        claim: '',
        is_manager: false,
        is_director: false,
        ...mapping,
      };
      await post(portal.url, identityMappingEndpoints.createIdentityMapping.path, rule, admin.access);
    }
    process.env.PORTAL_E2E_COMPANY_URL = portal.url;
    process.env.PORTAL_E2E_COMPANY_ADMIN_TOTP = admin.totpSecret;
    process.env.PORTAL_E2E_OIDC_ISSUER = idp.issuer;
    process.env.PORTAL_E2E_DIRECTORY = JSON.stringify(directory.info());
  } catch (err) {
    await portal?.stop();
    await idp.stop();
    await directory.stop();
    throw err;
  }
  return async () => {
    await portal.stop();
    await idp.stop();
    await directory.stop();
  };
}
