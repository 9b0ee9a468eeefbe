// The IT monitoring feature's public surface: its spec §3 data holder for the store.
export { itSlice } from './it.slice';
