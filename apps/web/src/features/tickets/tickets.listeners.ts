import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import {
  WS_CHANNELS,
  ZWsAdminsServerMessage,
  ZWsTicketUpdate,
  type TTicket,
  type TTicketReply,
  type TTicketUser,
} from '@portal/contracts';
import { createElement } from 'react';
import { toast } from 'react-toastify';
import { i18next } from '../../lib/i18n/i18n';
import { liveFrameReceived, liveReconnected, registerLiveChannel } from '../../lib/live-channel';
import { navigateTo } from '../../lib/navigation';
import { playNewTicketSound, playRequesterReplySound } from '../../lib/sounds';
import type { AppThunkDispatch } from '../../lib/store-hooks';
import type { AuthState } from '../auth';
// Muting is the bell's "notification sound" switch, owned by notifications: the
// new-ticket sound stands in for the chime of the notification the same event causes
// (lib/sounds.ts), so it obeys that switch, read through the notifications' public surface.
import { selectNotificationsMuted, type NotificationsState } from '../notifications';
import { deskTicketsSeen, newDeskTicket } from './active-ticket.slice';
import { helpDeskApi } from './api/help-desk-api';
import { applyTicketUpdate, ticketsApi } from './api/tickets-api';
import { deskTicketPath, isolate, ownerName } from './ticket-format';

type State = { auth: AuthState; notifications: NotificationsState };
type RootState = Parameters<typeof ticketsApi.util.selectCachedArgsForQuery>[0];

/** A toast whose whole text is a link to the desk's thread of a ticket. */
function toastLink(id: number, text: string, toastId: string) {
  const to = deskTicketPath(id);
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
    { toastId },
  );
}

/** Spec §4: '{name} sent a ticket', the whole toast a link to the desk's thread. */
function announceNewTicket(ticket: TTicket) {
  const text = i18next.t('tickets.live.sent', { name: isolate(ownerName(ticket.user)) });
  toastLink(ticket.id, text, `ticket-${ticket.id}`);
}

/** Who has a ticket and what it is about, from the open thread or any cached active list. */
type Known = { subject: string; assignee: TTicketUser | null };
function cachedTicket(state: RootState, id: number): Known | undefined {
  const thread = ticketsApi.endpoints.ticketDetail.select(id)(state).data;
  if (thread) return thread;
  for (const args of ticketsApi.util.selectCachedArgsForQuery(state, 'activeTickets')) {
    const found = ticketsApi.endpoints.activeTickets
      .select(args)(state)
      .data?.tickets.find((t) => t.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * The requester answered a ticket assigned to me: its own sound and a toast
 * linking to the thread. Desk replies and notes (`is_desk`), and tickets of colleagues,
 * stay quiet. A ticket not in the cache is read once (the frame carries only its id).
 */
async function announceRequesterReply(reply: TTicketReply, state: State & RootState, dispatch: AppThunkDispatch) {
  const me = state.auth.user?.id;
  if (reply.is_desk || reply.internal || me === undefined || reply.author.id === me) return;
  let ticket = cachedTicket(state, reply.ticket);
  if (!ticket) {
    const read = await dispatch(ticketsApi.endpoints.ticketDetail.initiate(reply.ticket, { subscribe: false }));
    ticket = read.data;
  }
  if (ticket?.assignee?.id !== me) return;
  if (!selectNotificationsMuted(state)) playRequesterReplySound();
  const text = i18next.t('tickets.live.replied', {
    name: isolate(ownerName(reply.author)),
    subject: isolate(ticket.subject),
  });
  toastLink(reply.ticket, text, `ticket-reply-${reply.id}`);
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
    effect: async ({ payload: { path, frame } }, { getState, dispatch }) => {
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
        case 'admin_update_ticket': {
          // Looked up before the update, which may refetch (and briefly empty) the lists.
          const state = getState() as State & RootState;
          applyTicketUpdate(dispatch, message);
          if (message.data) await announceRequesterReply(message.data, state, dispatch);
          return;
        }
        case 'admin_desk_settings':
          // A desk's canned replies or SLA targets changed; due times on lists and threads follow the targets.
          dispatch(
            helpDeskApi.util.invalidateTags(
              message.what === 'sla' ? ['SlaTargets', 'TicketList', 'Ticket'] : ['CannedReplies'],
            ),
          );
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
