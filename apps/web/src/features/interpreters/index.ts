// The interpreters feature's public surface: its spec §3 data holder for the store.
export { interpretersSlice } from './interpreters.slice';
