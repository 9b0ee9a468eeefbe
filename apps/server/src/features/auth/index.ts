// The auth feature's public surface: sign-in, sessions and credentials, for the app's
// plugins (handed in as options) and for features that manage accounts.
export { authenticate, authenticateSocket, checkCredentials, sessionAlive } from './auth.service.js';
export { authRoutes } from './auth.routes.js';
export { hashPassword, passwordProblem } from './passwords.js';
export { deleteExpiredSessions, revokeUserSessions } from './sessions.repository.js';
export { resolveSigningSecret } from './signing-secret.js';
