// The auth feature's public surface: sign-in, sessions and credentials, for the app's
// plugins (handed in as options) and for features that manage accounts.
import type { ServerFeature } from '../../lib/feature.js';
import { authRoutes } from './auth.routes.js';
import { deleteExpiredSessions } from './sessions.repository.js';
export { authenticate, authenticateSocket, checkCredentials, refusalReason, sessionAlive } from './auth.service.js';
export { hashPassword, passwordProblem } from './passwords.js';
export { revokeUserSessions } from './sessions.repository.js';
export { resolveSigningSecret } from './signing-secret.js';

/** Sign-in and sessions; the app also hands `authenticate` to its auth plugin (app.ts). */
export const authFeature: ServerFeature = {
  name: 'auth',
  routes: [authRoutes],
  jobs: () => [{ name: 'sessions.cleanup', everyMs: 3600_000, run: (db) => deleteExpiredSessions(db) }],
  eventLogActions: [
    'auth.login',
    'auth.login_failed',
    'auth.logout',
    'auth.password_change_failed',
    'auth.password_changed',
  ],
};
