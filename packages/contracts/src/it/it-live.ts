import { z } from 'zod';
import { ZText } from '../common/text.js';
import { ZAppUsageEntry, ZDailyLog, ZDeviceMonitor, ZItStatus, ZNetworkMonitor } from './it.js';

/**
 * `/ws/it/` — IT pages' live logs (spec §4), each for one user the viewer may watch:
 * - `app_usage`: the active app now; the web updates the latest entry only when the title
 *   differs (the old title and process move to `previous_*`, `switch_time` = now), and
 *   replaces `opened_apps` only with a non-empty list;
 * - `network` / `device`: one sample, appended to that user's list;
 * - `user_logs`: that user's daily logs, replacing theirs;
 * - `it_status`: the machine's state changed (active, idle, locked, offline; offline also
 *   when its agent fell silent).
 * A person may run agents on several machines: the frames of one machine carry its
 * `agent_id` and `hostname`, so each machine's row follows its own machine.
 */
export const ZAppUsageUpdate = ZAppUsageEntry.pick({
  active_app_title: true,
  active_app_process: true,
  active_app_memory: true,
  url: true,
  opened_apps: true,
  pid: true,
  category: true,
});
export type TAppUsageUpdate = z.infer<typeof ZAppUsageUpdate>;

const machine = { agent_id: z.number().int(), hostname: ZText };

export const ZWsItAppUsage = z.object({
  message: z.object({ command: z.literal('app_usage'), username: ZText, ...machine, data: ZAppUsageUpdate }),
});
export const ZWsItNetwork = z.object({
  message: z.object({ command: z.literal('network'), username: ZText, ...machine, data: ZNetworkMonitor }),
});
export const ZWsItDevice = z.object({
  message: z.object({ command: z.literal('device'), username: ZText, ...machine, data: ZDeviceMonitor }),
});
export const ZWsItUserLogs = z.object({
  message: z.object({ command: z.literal('user_logs'), username: ZText, data: z.array(ZDailyLog) }),
});
export const ZWsItStatus = z.object({
  message: z.object({
    command: z.literal('it_status'),
    username: ZText,
    ...machine,
    /** This machine's state. */
    status: ZItStatus,
    since: ZText,
    last_seen: ZText,
  }),
});
export type TWsItAppUsage = z.infer<typeof ZWsItAppUsage>;
export type TWsItNetwork = z.infer<typeof ZWsItNetwork>;
export type TWsItDevice = z.infer<typeof ZWsItDevice>;
export type TWsItUserLogs = z.infer<typeof ZWsItUserLogs>;
export type TWsItStatus = z.infer<typeof ZWsItStatus>;
