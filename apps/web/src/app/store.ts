import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { restoreAuthState, type AuthState } from '../features/auth';
import { api } from '../lib/api/api';
import { webFeatures } from './features';

type Feature = (typeof webFeatures)[number];
/** Every feature's data holders as one object type (each feature's `reducers`, merged). */
type FeatureReducers = (
  Feature extends infer F ? (F extends { reducers: infer R } ? (r: R) => void : never) : never
) extends (r: infer All) => void
  ? All
  : never;

const featureReducers = Object.assign(
  {},
  ...webFeatures.map((f) => ('reducers' in f ? f.reducers : {})),
) as FeatureReducers;

/** The spec's client data holders (§3) plus the query cache. */
const rootReducer = combineReducers({ ...featureReducers, [api.reducerPath]: api.reducer });

export type RootState = ReturnType<typeof rootReducer>;

export function createStore(auth: AuthState = restoreAuthState()) {
  const listener = createListenerMiddleware();
  for (const feature of webFeatures) if ('listeners' in feature) feature.listeners(listener);
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { auth },
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware),
  });
  // Refetch on focus and reconnect where an endpoint asks for it.
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
