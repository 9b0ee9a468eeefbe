// The users feature's public surface. Its pages (profile, user settings, account
// administration) are lazy-loaded by app/router.tsx straight from pages/.
export { registerUsersListeners } from './users.listeners';
