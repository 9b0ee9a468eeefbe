import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { ZWsAdminsServerMessage, ZWsTicketUpdate, type TTicket } from '@portal/contracts';
import { createElement } from 'react';
import { toast } from 'react-toastify';
import { i18next } from '../../lib/i18n/i18n';
import { liveFrameReceived, registerLiveChannel } from '../../lib/live-channel';
import { navigateTo } from '../../lib/navigation';
import { playNewTicketSound } from '../../lib/sounds';
import type { AppThunkDispatch } from '../../lib/store-hooks';
import type { AuthState } from '../auth';
import { NOTIFICATION_CHANNEL } from '../notifications/notifications.listeners';
import type { NotificationsState } from '../notifications/notifications.slice';
import { deskTicketsSeen, newDeskTicket } from './active-ticket.slice';
import { applyTicketUpdate, ticketsApi } from './api/tickets-api';
import { deskTicketPath, isolate, ownerName } from './ticket-format';

type State = { auth: AuthState; notifications: NotificationsState };

export const ADMINS_CHANNEL = '/ws/admins/';

/** Spec §4: '{name} sent a ticket', the whole toast a link to the desk's thread. */
function announceNewTicket(ticket: TTicket) {
  const to = deskTicketPath(ticket.id);
  const text = i18next.t('tickets.live.sent', { name: isolate(ownerName(ticket.user)) });
  toast.info(
    createElement(
      'a',
      {
        href: to,
        style: { color: 'inherit' },
        onClick: (event: MouseEvent) => {
          event.preventDefault();
          navigateTo(to);
        },
      },
      text,
    ),
    { toastId: `ticket-${ticket.id}` },
  );
}

/**
 * The desk's live channel (`/ws/admins/`, every staff user: each is on the desk of
 * their own department) and the owner's `ticket_update` frames on /ws/notification/.
 */
export function registerTicketListeners(listener: ListenerMiddlewareInstance) {
  const startListening = listener.startListening.withTypes<State, AppThunkDispatch>();
  registerLiveChannel(listener, {
    path: ADMINS_CHANNEL,
    onStop: (dispatch) => dispatch(deskTicketsSeen()),
    // Tickets that arrived while we were away: the queue re-reads.
    onReconnect: (dispatch) => dispatch(ticketsApi.util.invalidateTags(['TicketList', 'TicketStats'])),
  });

  startListening({
    actionCreator: liveFrameReceived,
    effect: ({ payload: { path, frame } }, { getState, dispatch }) => {
      if (path === NOTIFICATION_CHANNEL) {
        const update = ZWsTicketUpdate.safeParse(frame);
        if (update.success) applyTicketUpdate(dispatch, update.data.message);
        return;
      }
      if (path !== ADMINS_CHANNEL) return;
      const parsed = ZWsAdminsServerMessage.safeParse(frame);
      if (!parsed.success) return;
      const message = parsed.data.message;
      switch (message.command) {
        case 'admin_new_ticket': {
          dispatch(ticketsApi.util.invalidateTags(['TicketList', 'TicketStats']));
          const state = getState();
          if (message.data.user.id === state.auth.user?.id) return; // my own ticket on my own desk
          dispatch(newDeskTicket(message.data.id));
          if (!state.notifications.muted) playNewTicketSound();
          announceNewTicket(message.data);
          return;
        }
        case 'admin_update_ticket':
          applyTicketUpdate(dispatch, message);
          return;
        case 'error':
          toast.error(message.data);
          return;
        default:
          return;
      }
    },
  });
}
