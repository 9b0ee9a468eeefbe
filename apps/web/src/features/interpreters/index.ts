// The interpreters feature's public surface: its spec §3 data holder and listeners for the
// store, the home board, ADMIN's integration keys, and the presence counter WFM refetches on.
export { interpretersSlice, selectPresenceChangeCount } from './interpreters.slice';
export { registerInterpreterListeners } from './interpreters.listeners';
export { InterpretersBoard } from './components/interpreters-board';
export { IntegrationKeysSection } from './components/integration-keys-section';
// The dot-and-words status, for WFM's tables too.
export { PresenceStatus } from './components/presence-status';
