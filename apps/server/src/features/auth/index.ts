// The auth feature's public surface: sign-in, sessions and credentials, for the app's
// plugins (handed in as options) and for features that manage accounts.
import type { ServerFeature } from '../../lib/feature.js';
import { authRoutes } from './auth.routes.js';
import { seedIdentityMappingsDemo } from './provisioning/demo.js';
import { identityMappingRoutes } from './provisioning/identity-mappings.routes.js';
import { oidcRoutes } from './oidc/oidc.routes.js';
import { deleteExpiredSessions } from './sessions.repository.js';
export { authenticate, authenticateSocket, checkCredentials, refusalReason, sessionAlive } from './auth.service.js';
export { hashPassword, passwordProblem } from './passwords.js';
export { revokeUserSessions } from './sessions.repository.js';
export { resolveSigningSecret } from './signing-secret.js';
export { localLoginAllowed } from './provisioning/local-login.js';
export { provisionExternalUser, type ExternalIdentity, type ProvisionOptions } from './provisioning/provision.js';

/** Sign-in and sessions; the app also hands `authenticate` to its auth plugin (app.ts). */
export const authFeature: ServerFeature = {
  name: 'auth',
  routes: [identityMappingRoutes, authRoutes, oidcRoutes],
  jobs: () => [{ name: 'sessions.cleanup', everyMs: 3600_000, run: (db) => deleteExpiredSessions(db) }],
  // After every feature's rows: users come first (features.test.ts).
  demo: { withApp: (ctx) => seedIdentityMappingsDemo(ctx.db) },
  eventLogActions: [
    'auth.login',
    'auth.login_failed',
    'auth.logout',
    'auth.password_change_failed',
    'auth.password_changed',
    'auth.passkey_added',
    'auth.passkey_removed',
    'auth.passkey_renamed',
    'auth.mfa_enrolled',
    'auth.mfa_failed',
    'auth.mfa_removed',
    'auth.mfa_reset',
    'auth.recovery_codes_regenerated',
    'auth.external_account_created',
    'auth.external_account_linked',
    'auth.external_account_updated',
    'auth.external_sign_in_refused',
    'identity_mapping.created',
    'identity_mapping.deleted',
    'identity_mapping.moved',
    'identity_mapping.updated',
    'auth.sso_failed',
  ],
};
