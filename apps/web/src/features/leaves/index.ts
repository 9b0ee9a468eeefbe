// The leaves feature's public surface for app/ and other features. Its pages are
// lazy-loaded by app/router.tsx from pages/ (chunks of their own).
export { registerLeaveListeners } from './leaves.listeners';
export { LeaveHomeCards } from './components/leave-home-cards';
// For the team calendar and settings pages of this feature, and anyone linking to leave pages.
export { LEAVE_PATHS, LeavesNav } from './components/leaves-nav';
