// The interpreters feature's public surface: its registration (the spec §3 data holder and
// listeners for the store), the home board, ADMIN's integration keys, and the presence counter WFM refetches on.
import { type WebFeature } from '../../lib/feature';
import { registerInterpreterListeners } from './interpreters.listeners';
import { interpretersSlice } from './interpreters.slice';
export { selectPresenceChangeCount } from './interpreters.slice';
export { InterpretersBoard } from './components/interpreters-board';
export { IntegrationKeysSection } from './components/integration-keys-section';
// WFM's page of one interpreter edits their team (English and Arabic) and extension with it.
export { InterpreterProfileDialog } from './components/interpreter-profile-dialog';
// The dot-and-words status, for WFM's tables too.
export { PresenceStatus } from './components/presence-status';

export const interpretersFeature = {
  name: 'interpreters',
  reducers: { interpreters: interpretersSlice.reducer },
  listeners: registerInterpreterListeners,
} satisfies WebFeature;
