import { z } from 'zod';
import { ZWsError, ZWsNotification, ZWsPong } from './messages.js';
import { ZWsLeaveUpdate } from '../leaves/leave-live.js';
import { ZWsOcrProgress } from '../ocr/ocr-live.js';
import { ZWsInterpreterStatus } from '../interpreters/interpreter-live.js';
import { ZWsItAppUsage, ZWsItDevice, ZWsItNetwork, ZWsItStatus, ZWsItUserLogs } from '../it/it-live.js';
import { ZWsShareCall, ZWsShareHello, ZWsShareSignal } from '../share/share-live.js';
import { ZAgentAck, ZAgentWelcome } from '../it/agent-protocol.js';
import { ZWsWfmSchedule } from '../wfm/wfm-live.js';
import {
  ZWsAdminDeskSettings,
  ZWsAdminNewTicket,
  ZWsAdminUpdateTicket,
  ZWsTicketUpdate,
} from '../tickets/ticket-live.js';

/**
 * Every websocket path, written once (spec §7's two, and the ones later features add).
 * Server features register these paths; the web client opens them.
 */
export const WS_CHANNELS = {
  /** The help desk: new and updated tickets of the desks the user is on. */
  admins: '/ws/admins/',
  /** The user's own channel: notifications and updates of their own tickets. */
  notification: '/ws/notification/',
  /** Interpreters' presence, for staff who may see interpreters (the board, WFM). */
  interpreters: '/ws/interpreters/',
  /** IT monitoring's live logs, for those who may watch someone (`canSeeItBoard`). */
  it: '/ws/it/',
  /** The desktop agent's own channel (its credential, not a user token). */
  agent: '/ws/agent/',
  /** Screen-sharing calls: requests, call changes and WebRTC signals between a call's two connections. */
  share: '/ws/share/',
  /** WFM: the schedule changed (another planner's roster re-reads), for `canUseWfm`. */
  wfm: '/ws/wfm/',
} as const;
export type TWsChannel = (typeof WS_CHANNELS)[keyof typeof WS_CHANNELS];

/** Everything the server sends on `/ws/admins/`. */
export const ZWsAdminsServerMessage = z.union([
  ZWsAdminNewTicket,
  ZWsAdminUpdateTicket,
  ZWsAdminDeskSettings,
  ZWsError,
  ZWsPong,
]);
export type TWsAdminsServerMessage = z.infer<typeof ZWsAdminsServerMessage>;

/** Everything the server sends on `/ws/notification/`. */
export const ZWsNotificationChannelMessage = z.union([
  ZWsNotification,
  ZWsTicketUpdate,
  ZWsLeaveUpdate,
  ZWsOcrProgress,
  ZWsError,
  ZWsPong,
]);
export type TWsNotificationChannelMessage = z.infer<typeof ZWsNotificationChannelMessage>;

/** Everything the server sends on `/ws/interpreters/`. */
export const ZWsInterpretersChannelMessage = z.union([ZWsInterpreterStatus, ZWsError, ZWsPong]);
export type TWsInterpretersChannelMessage = z.infer<typeof ZWsInterpretersChannelMessage>;

/** Everything the server sends on `/ws/it/`. */
export const ZWsItChannelMessage = z.union([
  ZWsItAppUsage,
  ZWsItNetwork,
  ZWsItDevice,
  ZWsItUserLogs,
  ZWsItStatus,
  ZWsError,
  ZWsPong,
]);
export type TWsItChannelMessage = z.infer<typeof ZWsItChannelMessage>;

/** Everything the server sends the agent on `/ws/agent/`. */
export const ZWsAgentChannelMessage = z.union([ZAgentWelcome, ZAgentAck, ZWsError, ZWsPong]);
export type TWsAgentChannelMessage = z.infer<typeof ZWsAgentChannelMessage>;

/** Everything the server sends on `/ws/share/`. */
export const ZWsShareChannelMessage = z.union([ZWsShareHello, ZWsShareCall, ZWsShareSignal, ZWsError, ZWsPong]);
export type TWsShareChannelMessage = z.infer<typeof ZWsShareChannelMessage>;

/** Everything the server sends on `/ws/wfm/`. */
export const ZWsWfmChannelMessage = z.union([ZWsWfmSchedule, ZWsError, ZWsPong]);
export type TWsWfmChannelMessage = z.infer<typeof ZWsWfmChannelMessage>;

/** Each channel's frames, so a client parses a frame by the path it came on. */
export const WS_CHANNEL_MESSAGES = {
  [WS_CHANNELS.admins]: ZWsAdminsServerMessage,
  [WS_CHANNELS.notification]: ZWsNotificationChannelMessage,
  [WS_CHANNELS.interpreters]: ZWsInterpretersChannelMessage,
  [WS_CHANNELS.it]: ZWsItChannelMessage,
  [WS_CHANNELS.agent]: ZWsAgentChannelMessage,
  [WS_CHANNELS.share]: ZWsShareChannelMessage,
  [WS_CHANNELS.wfm]: ZWsWfmChannelMessage,
} as const satisfies Record<TWsChannel, z.ZodType>;
export type TWsChannelMessage<P extends TWsChannel> = z.infer<(typeof WS_CHANNEL_MESSAGES)[P]>;
