// The IT monitoring feature's public surface: its spec §3 data holder for the store.
export { itSlice } from './it.slice';
export { registerItListeners } from './it.listeners';
// The /it guard's refusal page, for the router.
export { ItNotForYouPage } from './components/board/it-not-for-you';
// "My activity" on /user (the users feature's own page).
export { MyActivityCard } from './components/my-activity-card';
