import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { WS_CHANNELS, ZWsAdminsServerMessage, ZWsTicketUpdate, type TTicket } from '@portal/contracts';
import { createElement } from 'react';
import { toast } from 'react-toastify';
import { i18next } from '../../lib/i18n/i18n';
import { liveFrameReceived, liveReconnected, registerLiveChannel } from '../../lib/live-channel';
import { navigateTo } from '../../lib/navigation';
import { playNewTicketSound } from '../../lib/sounds';
import type { AppThunkDispatch } from '../../lib/store-hooks';
import type { AuthState } from '../auth';
// Muting is the bell's "notification sound" switch, owned by notifications: the
// new-ticket sound stands in for the chime of the notification the same event causes
// (lib/sounds.ts), so it obeys that switch, read through the notifications' public surface.
import { selectNotificationsMuted, type NotificationsState } from '../notifications';
import { deskTicketsSeen, newDeskTicket } from './active-ticket.slice';
import { applyTicketUpdate, ticketsApi } from './api/tickets-api';
import { deskTicketPath, isolate, ownerName } from './ticket-format';

type State = { auth: AuthState; notifications: NotificationsState };

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
 * The desk's live channel (`WS_CHANNELS.admins`, every staff user: each is on the desk
 * of their own department) and the owner's `ticket_update` frames on
 * `WS_CHANNELS.notification`.
 */
export function registerTicketListeners(listener: ListenerMiddlewareInstance) {
  const startListening = listener.startListening.withTypes<State, AppThunkDispatch>();
  registerLiveChannel(listener, {
    path: WS_CHANNELS.admins,
    onStop: (dispatch) => dispatch(deskTicketsSeen()),
  });

  // Either channel that carries ticket frames came back: frames sent while we were away
  // (new tickets, replies, status changes) are gone, so threads, lists and figures re-read.
  startListening({
    actionCreator: liveReconnected,
    effect: ({ payload: { path } }, { dispatch }) => {
      if (path !== WS_CHANNELS.admins && path !== WS_CHANNELS.notification) return;
      dispatch(ticketsApi.util.invalidateTags(['Ticket', 'TicketList', 'TicketStats']));
    },
  });

  startListening({
    actionCreator: liveFrameReceived,
    effect: ({ payload: { path, frame } }, { getState, dispatch }) => {
      if (path === WS_CHANNELS.notification) {
        const update = ZWsTicketUpdate.safeParse(frame);
        if (update.success) applyTicketUpdate(dispatch, update.data.message);
        return;
      }
      if (path !== WS_CHANNELS.admins) return;
      const parsed = ZWsAdminsServerMessage.safeParse(frame);
      if (!parsed.success) return;
      const message = parsed.data.message;
      switch (message.command) {
        case 'admin_new_ticket': {
          // Spec §7: the frame carries the ticket in `ticket` (`data` repeats it).
          const { ticket } = message;
          dispatch(ticketsApi.util.invalidateTags(['TicketList', 'TicketStats']));
          const state = getState();
          if (ticket.user.id === state.auth.user?.id) return; // my own ticket on my own desk
          dispatch(newDeskTicket(ticket.id));
          if (!selectNotificationsMuted(state)) playNewTicketSound();
          announceNewTicket(ticket);
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
