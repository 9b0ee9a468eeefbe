// The users feature's public surface (accounts, profiles, the admin console).
export { usersRoutes } from './users.routes.js';
export { createAccount } from './users.service.js';
export { countUsers, insertUsers, usersByUsername } from './users.repository.js';
