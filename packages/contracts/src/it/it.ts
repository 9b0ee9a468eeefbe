import { z } from 'zod';
import { textOr, ZText } from '../common/text.js';
import { ZLeaveDate } from '../leaves/leaves.js';
import { ZUserType } from '../users/user-types.js';
import { schemaMessage } from '../common/messages.js';

/**
 * IT monitoring (spec §1, §3, §4, §7 `GET script/it-list/`): what the desktop
 * agent reports, as the IT pages read it. Every list is oldest first, newest last (spec
 * §4: network and device messages are appended; the latest app entry is the last one).
 */

/** Productivity of an app or site, by the rules IT defines (no rule: neutral). */
export const IT_CATEGORIES = ['productive', 'neutral', 'unproductive'] as const;
export const ZItCategory = z.enum(IT_CATEGORIES);
export type TItCategory = z.infer<typeof ZItCategory>;

/** What a user's machine is doing now: at work, idle (no input), locked, or no agent connected. */
export const IT_STATUSES = ['active', 'idle', 'locked', 'offline'] as const;
export const ZItStatus = z.enum(IT_STATUSES);
export type TItStatus = z.infer<typeof ZItStatus>;

/** Spec §3 app-usage entry, plus the pid and the category. */
export const ZAppUsageEntry = z
  .object({
    active_app_title: ZText,
    active_app_process: ZText,
    /** Resident memory of the active process, bytes (null where the probe cannot tell). */
    active_app_memory: z.number().int().nullable(),
    /** The page's address when the active app is a browser and its title names one. */
    url: ZText.nullable(),
    opened_apps: z.array(ZText),
    /** When this app became active (ISO). */
    switch_time: ZText,
    previous_active_app_title: ZText.nullable(),
    previous_active_app_process: ZText.nullable(),
    pid: z.number().int().nullable(),
    category: ZItCategory,
  })
  .meta({ id: 'AppUsageEntry' });
export type TAppUsageEntry = z.infer<typeof ZAppUsageEntry>;

export const ZDiskUsage = z.object({
  mount: ZText,
  size_bytes: z.number(),
  used_bytes: z.number(),
});

/** One device sample (every 60 s). */
export const ZDeviceMonitor = z
  .object({
    at: ZText,
    hostname: ZText,
    os: ZText,
    cpu_model: ZText,
    /** 0–100. */
    cpu_load: z.number().min(0).max(100),
    memory_total_bytes: z.number(),
    memory_used_bytes: z.number(),
    disks: z.array(ZDiskUsage).max(32),
    battery_percent: z.number().min(0).max(100).nullable(),
    charging: z.boolean().nullable(),
    uptime_seconds: z.number().int().min(0),
    addresses: z.array(ZText).max(32),
  })
  .meta({ id: 'DeviceMonitor' });
export type TDeviceMonitor = z.infer<typeof ZDeviceMonitor>;

/** One network sample (every 30 s): the busiest interface, and the path to the server. */
export const ZNetworkMonitor = z
  .object({
    at: ZText,
    interface: ZText,
    rx_bytes_per_s: z.number().min(0),
    tx_bytes_per_s: z.number().min(0),
    /** Round trip to the portal server, ms (null: no answer in the sample). */
    latency_ms: z.number().min(0).nullable(),
    /** Share of probes to the server that got no answer, 0–100. */
    loss_percent: z.number().min(0).max(100).nullable(),
    /** Wi-Fi signal quality 0–100 where the machine is on Wi-Fi, else null. */
    wifi_signal_percent: z.number().min(0).max(100).nullable(),
  })
  .meta({ id: 'NetworkMonitor' });
export type TNetworkMonitor = z.infer<typeof ZNetworkMonitor>;

export const ZLockPeriod = z.object({ from: ZText, to: ZText.nullable() });

/** A user's day on one machine, kept up to date by the agent. */
export const ZDailyLog = z
  .object({
    /** The day (YYYY-MM-DD, the portal's time zone). */
    date: ZText,
    hostname: ZText,
    first_activity: ZText.nullable(),
    last_activity: ZText.nullable(),
    active_minutes: z.number().int().min(0),
    idle_minutes: z.number().int().min(0),
    locked_minutes: z.number().int().min(0),
    lock_periods: z.array(ZLockPeriod).max(200),
  })
  .meta({ id: 'DailyLog' });
export type TDailyLog = z.infer<typeof ZDailyLog>;

/**
 * An agent silent this long (no message at all) is offline from its last sign of life; a
 * gap this long between its events is offline in the day's timeline. The agent heartbeats
 * every 30 s, so two minutes is four missed beats. One figure for the board, the day page
 * and the agents list.
 */
export const IT_SILENT_AFTER_MS = 2 * 60_000;

/** One enrolled machine of a person, as the board shows it: its own state and latest values. */
export const ZItMachine = z
  .object({
    agent_id: z.number().int(),
    hostname: ZText,
    platform: z.enum(['linux', 'win32', 'darwin']),
    status: ZItStatus,
    /** Since when the status holds: offline counts from the last sign of life (null: never seen). */
    status_since: ZText.nullable(),
    /** This machine's last message (null: never reported). */
    last_seen: ZText.nullable(),
    /** The window in front on this machine (the last one seen when offline). */
    app: ZAppUsageEntry.nullable(),
    device: ZDeviceMonitor.nullable(),
    network: ZNetworkMonitor.nullable(),
  })
  .meta({ id: 'ItMachine' });
export type TItMachine = z.infer<typeof ZItMachine>;

/**
 * Spec §3 IT monitoring record, plus who the user is and their machines. `status` is the
 * person's: the most present of their machines (active, idle, locked, offline).
 */
export const ZItRecord = z
  .object({
    username: ZText,
    first_name: ZText,
    last_name: ZText,
    user_type: ZUserType,
    status: ZItStatus,
    /** Since when the status holds (null: never seen). */
    status_since: ZText.nullable(),
    /** The latest message of any of their agents (null: no agent ever reported). */
    last_seen: ZText.nullable(),
    /** Each enrolled machine (not revoked), by host name. */
    machines: z.array(ZItMachine),
    /** The user has a WFM shift running now (an offline agent then is an alert). */
    on_shift: z.boolean(),
    network_monitors: z.array(ZNetworkMonitor),
    device_monitors: z.array(ZDeviceMonitor),
    app_usage: z.array(ZAppUsageEntry),
    daily_logs: z.array(ZDailyLog),
  })
  .meta({ id: 'ItRecord' });
export type TItRecord = z.infer<typeof ZItRecord>;

const STATUS_RANK: Record<TItStatus, number> = { active: 0, idle: 1, locked: 2, offline: 3 };

/**
 * A person's state from their machines': the most present one (at work over idle over
 * locked over offline), the longest-held on a tie; none but offline → offline since their
 * last sign of life. Shared so the server's records and the web's live rows agree.
 */
export function personStatus(
  machines: readonly Pick<TItMachine, 'status' | 'status_since'>[],
  lastSeen: string | null,
): { status: TItStatus; since: string | null } {
  let best: { status: TItStatus; since: string | null } = { status: 'offline', since: lastSeen };
  for (const m of machines) {
    if (m.status === 'offline') continue;
    const rank = STATUS_RANK[m.status] - STATUS_RANK[best.status];
    if (rank < 0 || (rank === 0 && (m.status_since ?? '') < (best.since ?? ''))) {
      best = { status: m.status, since: m.status_since };
    }
  }
  return best;
}

/** `GET /api/script/it-list/`: spec §7's list of records, each carrying its username; the users the caller may watch. */
export const ZItList = z.array(ZItRecord).meta({ id: 'ItList' });
export type TItList = z.infer<typeof ZItList>;

/** How many of each list it-list carries per user (the latest window). */
export const IT_LIST_WINDOW = { app_usage: 20, network_monitors: 30, device_monitors: 30, daily_logs: 7 } as const;

// ------------------------------------------------------------------ one user's day

export const ZItDayQuery = z.object({ date: ZLeaveDate(schemaMessage('chooseDay')).optional() }).strict();
export type TItDayQuery = z.infer<typeof ZItDayQuery>;

export const ZItUsernameParams = z.object({ username: ZText.min(1).max(150) });

/** A stretch of the day: an app in front, idle, locked, or no agent. */
export const ZItTimelineSegment = z.object({
  from: ZText,
  to: ZText,
  kind: z.enum(['app', 'idle', 'locked', 'offline']),
  title: ZText.nullable(),
  process: ZText.nullable(),
  url: ZText.nullable(),
  category: ZItCategory.nullable(),
});
export type TItTimelineSegment = z.infer<typeof ZItTimelineSegment>;

/** One machine's day: its state now, its own timeline, and the totals of that timeline. */
export const ZItDayMachine = z
  .object({
    agent_id: z.number().int(),
    hostname: ZText,
    status: ZItStatus,
    status_since: ZText.nullable(),
    last_seen: ZText.nullable(),
    timeline: z.array(ZItTimelineSegment),
    active_seconds: z.number().int(),
    idle_seconds: z.number().int(),
    locked_seconds: z.number().int(),
  })
  .meta({ id: 'ItDayMachine' });
export type TItDayMachine = z.infer<typeof ZItDayMachine>;

export const ZItTimeTotal = z.object({ name: ZText, seconds: z.number().int().min(0), category: ZItCategory });
export type TItTimeTotal = z.infer<typeof ZItTimeTotal>;

/** `GET /api/it/users/{username}/day/?date=`: the day's timeline, totals, samples and logs. */
export const ZItDay = z
  .object({
    username: ZText,
    first_name: ZText,
    last_name: ZText,
    date: ZText,
    /** Every machine's segments, in time order (each machine's own timeline is in `machines`). */
    timeline: z.array(ZItTimelineSegment),
    /** Active seconds per process, most first. */
    top_apps: z.array(ZItTimeTotal),
    /** Active seconds per site (host name), most first. */
    top_sites: z.array(ZItTimeTotal),
    categories: z.object({ productive: z.number().int(), neutral: z.number().int(), unproductive: z.number().int() }),
    /** Sums over the machines' timelines (as the machines' logs below). */
    active_seconds: z.number().int(),
    idle_seconds: z.number().int(),
    locked_seconds: z.number().int(),
    device_monitors: z.array(ZDeviceMonitor),
    network_monitors: z.array(ZNetworkMonitor),
    /** One log per machine, built from the same events as its timeline (so the page agrees with itself). */
    daily_logs: z.array(ZDailyLog),
    /** Each machine that reported (or is enrolled), by host name. */
    machines: z.array(ZItDayMachine),
  })
  .meta({ id: 'ItDay' });
export type TItDay = z.infer<typeof ZItDay>;

// ------------------------------------------------------------------ agents

export const AGENT_PLATFORMS = ['linux', 'win32', 'darwin'] as const;

/** `POST /api/it/agents/enroll/`: the password once, for a credential bound to this machine and user. */
export const ZAgentEnrollRequest = z
  .object({
    username: ZText.trim().min(1, schemaMessage('blank')).max(254),
    password: ZText.min(1, schemaMessage('blank')).max(1024),
    /** A stable id of the machine (e.g. /etc/machine-id). */
    machine_id: textOr(schemaMessage('machineIdMissing')).trim().min(8, schemaMessage('machineIdMissing')).max(128),
    hostname: textOr(schemaMessage('hostnameMissing')).trim().min(1, schemaMessage('hostnameMissing')).max(255),
    platform: z.enum(AGENT_PLATFORMS),
    version: ZText.trim().min(1).max(40),
  })
  .strict();
export type TAgentEnrollRequest = z.infer<typeof ZAgentEnrollRequest>;

export const ZAgentEnrollment = z
  .object({
    agent_id: z.number().int(),
    /** `agt_…`: shown once, stored hashed; the agent keeps it in its own config file. */
    credential: ZText,
    username: ZText,
  })
  .meta({ id: 'AgentEnrollment' });
export type TAgentEnrollment = z.infer<typeof ZAgentEnrollment>;

export const ZAgent = z
  .object({
    id: z.number().int(),
    username: ZText,
    first_name: ZText,
    last_name: ZText,
    user_type: ZUserType,
    hostname: ZText,
    platform: z.enum(AGENT_PLATFORMS),
    version: ZText,
    enrolled_at: ZText,
    last_seen: ZText.nullable(),
    /** Reporting now: not stopped (its last state is not offline) and not silent (IT_SILENT_AFTER_MS). */
    connected: z.boolean(),
    revoked_at: ZText.nullable(),
  })
  .meta({ id: 'Agent' });
export type TAgent = z.infer<typeof ZAgent>;
export const ZAgentList = z.array(ZAgent);

// ------------------------------------------------------------------ rules IT defines

/** A regular expression, checked to compile (JavaScript syntax, case-insensitive when applied). */
export const ZRulePattern = textOr(schemaMessage('patternMissing'))
  .trim()
  .min(1, schemaMessage('patternMissing'))
  .max(200, schemaMessage('maxChars', { count: 200 }))
  .refine((p) => {
    try {
      new RegExp(p, 'i');
      return true;
    } catch {
      return false;
    }
  }, schemaMessage('patternInvalid'));

/** Window titles matching a redaction rule are stored as "[redacted]", and their address dropped. */
export const ZRedactionRuleRequest = z
  .object({ pattern: ZRulePattern, description: ZText.trim().max(200).default('') })
  .strict();
export type TRedactionRuleRequest = z.infer<typeof ZRedactionRuleRequest>;
export const ZRedactionRule = z
  .object({ id: z.number().int(), pattern: ZText, description: ZText, created_at: ZText, created_by: ZText })
  .meta({ id: 'RedactionRule' });
export type TRedactionRule = z.infer<typeof ZRedactionRule>;
export const ZRedactionRuleList = z.array(ZRedactionRule);

/** The title shown for a redacted window. */
export const REDACTED_TITLE = '[redacted]';

export const ZCategoryRuleRequest = z
  .object({
    /** What the pattern is matched against. */
    field: z.enum(['process', 'title', 'site']),
    pattern: ZRulePattern,
    category: ZItCategory,
  })
  .strict();
export type TCategoryRuleRequest = z.infer<typeof ZCategoryRuleRequest>;
export const ZCategoryRule = z
  .object({
    id: z.number().int(),
    field: z.enum(['process', 'title', 'site']),
    pattern: ZText,
    category: ZItCategory,
    created_at: ZText,
    created_by: ZText,
  })
  .meta({ id: 'CategoryRule' });
export type TCategoryRule = z.infer<typeof ZCategoryRule>;
export const ZCategoryRuleList = z.array(ZCategoryRule);

/**
 * The most characters of a text a rule's pattern is matched against (titles and process
 * names fit whole): a pattern's cost grows with its input, and agents choose the input.
 */
export const RULE_MATCH_INPUT_MAX = 1000;

/**
 * The category of an app or site: the first rule (in id order) whose pattern matches its
 * field, case-insensitively; none → neutral. Shared so the server's totals and the web's
 * live grid agree.
 */
export function categorize(
  rules: readonly Pick<TCategoryRule, 'field' | 'pattern' | 'category'>[],
  entry: { process: string | null; title: string | null; site: string | null },
): TItCategory {
  for (const r of rules) {
    const value = entry[r.field];
    if (value === null) continue;
    try {
      if (new RegExp(r.pattern, 'i').test(value.slice(0, RULE_MATCH_INPUT_MAX))) return r.category;
    } catch {
      continue;
    }
  }
  return 'neutral';
}
