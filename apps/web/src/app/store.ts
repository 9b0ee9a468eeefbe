import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { activeTicketSlice } from '../features/tickets/active-ticket.slice';
import { registerAuthListeners } from '../features/auth/auth.listeners';
import { authSlice, restoreAuthState, type AuthState } from '../features/auth/auth.slice';
import { interpretersSlice } from '../features/interpreters/interpreters.slice';
import { itSlice } from '../features/it/it.slice';
import { notificationsSlice } from '../features/notifications/notifications.slice';
import { registerNotificationListeners } from '../features/notifications/notifications.listeners';
import { registerTicketListeners } from '../features/tickets/tickets.listeners';
import { api } from '../lib/api/api';

/** The spec's client data holders (§3) plus the query cache. */
const rootReducer = combineReducers({
  auth: authSlice.reducer,
  it: itSlice.reducer,
  activeTicket: activeTicketSlice.reducer,
  notifications: notificationsSlice.reducer,
  interpreters: interpretersSlice.reducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function createStore(auth: AuthState = restoreAuthState()) {
  const listener = createListenerMiddleware();
  registerAuthListeners(listener);
  registerNotificationListeners(listener);
  registerTicketListeners(listener);
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
