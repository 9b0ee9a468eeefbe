import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { authSlice, registerAuthListeners, restoreAuthState, type AuthState } from '../features/auth';
import { interpretersSlice, registerInterpreterListeners } from '../features/interpreters';
import { itSlice, registerItListeners } from '../features/it';
import { registerLeaveListeners } from '../features/leaves';
import { registerOcrListeners } from '../features/ocr';
import { notificationsSlice, registerNotificationListeners } from '../features/notifications';
import { activeTicketSlice, registerTicketListeners } from '../features/tickets';
import { registerUsersListeners } from '../features/users';
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
  registerLeaveListeners(listener);
  registerUsersListeners(listener);
  registerInterpreterListeners(listener);
  registerItListeners(listener);
  registerOcrListeners(listener);
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
