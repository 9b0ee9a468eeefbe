import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { WS_CHANNELS } from '@portal/contracts';
import { liveReconnected } from '../../lib/live-channel';
import type { AppThunkDispatch } from '../../lib/store-hooks';
import { ownProfileUpdated } from '../auth';
import { usersApi } from './api/users-api';

/**
 * The users feature keeps the profiles and accounts it caches fresh itself: its tags are
 * invalidated only here and by its own endpoints.
 */
export function registerUsersListeners(listener: ListenerMiddlewareInstance) {
  const startListening = listener.startListening.withTypes<unknown, AppThunkDispatch>();

  // The signed-in user edited their own profile (an auth call): public profiles re-read.
  startListening({
    matcher: ownProfileUpdated,
    effect: (_action, { dispatch }) => void dispatch(usersApi.util.invalidateTags(['Profile'])),
  });

  // Back on the user's own live channel after an outage: what changed meanwhile is re-read.
  startListening({
    actionCreator: liveReconnected,
    effect: ({ payload }, { dispatch }) => {
      if (payload.path === WS_CHANNELS.notification) dispatch(usersApi.util.invalidateTags(['Profile', 'Account']));
    },
  });
}
