// The users feature's public surface (accounts, profiles, the admin console).
import type { ServerFeature } from '../../lib/feature.js';
import { seedUsersDemo } from './users-demo.js';
import { usersRoutes } from './users.routes.js';
export { createAccount } from './users.service.js';
export { countUsers, findUserByUsername, insertUsers, usersByUsername } from './users.repository.js';
export { DEMO_PASSWORD, demoUsers } from './users-demo.js';

export const usersFeature: ServerFeature = {
  name: 'users',
  routes: [usersRoutes],
  // First in the demo: every other feature's demo data names the cast.
  demo: { rows: seedUsersDemo },
  eventLogActions: ['account.created', 'account.password_reset', 'account.updated', 'profile.updated'],
};
