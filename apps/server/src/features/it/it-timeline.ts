import {
  categorize,
  IT_SILENT_AFTER_MS,
  type TCategoryRule,
  type TItCategory,
  type TItTimelineSegment,
  type TItTimeTotal,
} from '@portal/contracts';

/**
 * One user's day from the agent's events, without I/O. ActivityWatch's model:
 * a switch opens an app span, heartbeats of the window keep it going, and a stretch of
 * more than OFFLINE_GAP_MS with no event at all means no agent (offline). Activity events
 * lay idle and locked spans over it (an idle span splits the app span it falls in).
 */

/** A silence longer than this is offline (the agent heartbeats far more often); the board's figure too. */
export const OFFLINE_GAP_MS = IT_SILENT_AFTER_MS;

export type CategoryRules = readonly Pick<TCategoryRule, 'field' | 'pattern' | 'category'>[];

export interface AppTick {
  at: number;
  heartbeat: boolean;
  title: string;
  process: string;
  url: string | null;
}

export interface ActivityTick {
  at: number;
  state: 'active' | 'idle' | 'locked' | 'offline';
}

export interface TimelineInput {
  /** The day's bounds (ms); events before `from` only set the state the day starts in. */
  from: number;
  to: number;
  /** Nothing is drawn after now (today, or a day to come). */
  now: number;
  apps: readonly AppTick[];
  activity: readonly ActivityTick[];
  rules: CategoryRules;
}

export interface DaySummary {
  timeline: TItTimelineSegment[];
  top_apps: TItTimeTotal[];
  top_sites: TItTimeTotal[];
  categories: Record<TItCategory, number>;
  active_seconds: number;
  idle_seconds: number;
  locked_seconds: number;
}

/** The host of an address ("www." dropped), for top sites and `site` rules; null when it has none. */
export function siteOf(url: string | null): string | null {
  if (!url) return null;
  try {
    const host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`).hostname.toLowerCase();
    return host ? host.replace(/^www\./, '') : null;
  } catch {
    return null;
  }
}

/** The category of an app window by IT's rules. */
export const categoryOf = (
  rules: CategoryRules,
  w: { title: string | null; process: string | null; url: string | null },
) => categorize(rules, { process: w.process, title: w.title, site: siteOf(w.url) });

interface Span {
  from: number;
  to: number;
  kind: TItTimelineSegment['kind'];
  title: string | null;
  process: string | null;
  url: string | null;
}

type Tick = { at: number; order: number; app?: AppTick; state?: ActivityTick['state'] };

/** The day's spans in time order, clipped to [from, min(to, now)), neighbours of one kind and window merged. */
function spans(input: TimelineInput): Span[] {
  const end = Math.min(input.to, input.now);
  if (end <= input.from) return [];
  // Activity first on a tie: a state change at the instant of a switch applies to it.
  const ticks: Tick[] = [
    ...input.activity.map((a) => ({ at: a.at, order: 0, state: a.state })),
    ...input.apps.map((a) => ({ at: a.at, order: 1, app: a })),
  ].sort((x, y) => x.at - y.at || x.order - y.order);

  const out: Span[] = [];
  const push = (s: Span) => {
    const from = Math.max(s.from, input.from);
    const to = Math.min(s.to, end);
    if (to <= from) return;
    const last = out.at(-1);
    if (
      last &&
      last.to === from &&
      last.kind === s.kind &&
      last.title === s.title &&
      last.process === s.process &&
      last.url === s.url
    ) {
      last.to = to;
    } else out.push({ ...s, from, to });
  };
  const offline = (from: number, to: number) =>
    push({ from, to, kind: 'offline', title: null, process: null, url: null });

  let app: AppTick | null = null;
  let state: ActivityTick['state'] | null = null;
  // Before the first event we know of: no agent.
  offline(input.from, ticks[0]?.at ?? end);
  for (let i = 0; i < ticks.length; i++) {
    const t = ticks[i]!;
    if (t.app) app = t.app;
    if (t.state) state = t.state;
    const next = ticks[i + 1]?.at ?? end;
    if (next <= t.at) continue;
    // A locked machine may stay silent until it is unlocked: silence there is still locked.
    if (state === 'offline' || (state !== 'locked' && next - t.at > OFFLINE_GAP_MS)) offline(t.at, next);
    else if (state === 'locked' || state === 'idle')
      push({ from: t.at, to: next, kind: state, title: null, process: null, url: null });
    else
      push({
        from: t.at,
        to: next,
        kind: 'app',
        title: app?.title ?? null,
        process: app?.process ?? null,
        url: app?.url ?? null,
      });
  }
  return out;
}

/** Per name: seconds, and the category most of them fell under; most first, then by name. */
function totals(entries: readonly { name: string; ms: number; category: TItCategory }[]): TItTimeTotal[] {
  const by = new Map<string, { ms: number; per: Map<TItCategory, number> }>();
  for (const e of entries) {
    const t = by.get(e.name) ?? { ms: 0, per: new Map() };
    t.ms += e.ms;
    t.per.set(e.category, (t.per.get(e.category) ?? 0) + e.ms);
    by.set(e.name, t);
  }
  return [...by.entries()]
    .map(([name, t]) => ({
      name,
      seconds: Math.round(t.ms / 1000),
      category: [...t.per.entries()].sort((a, b) => b[1] - a[1])[0]![0],
    }))
    .filter((t) => t.seconds > 0)
    .sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name));
}

/** The timeline and totals of spans (one machine's, or several machines' in time order). */
function summarize(list: readonly Span[], rules: CategoryRules): DaySummary {
  const timeline: TItTimelineSegment[] = list.map((s) => ({
    from: new Date(s.from).toISOString(),
    to: new Date(s.to).toISOString(),
    kind: s.kind,
    title: s.title,
    process: s.process,
    url: s.url,
    category: s.kind === 'app' ? categoryOf(rules, s) : null,
  }));
  const ms = { app: 0, idle: 0, locked: 0, offline: 0 };
  const categories: Record<TItCategory, number> = { productive: 0, neutral: 0, unproductive: 0 };
  const apps: { name: string; ms: number; category: TItCategory }[] = [];
  const sites: { name: string; ms: number; category: TItCategory }[] = [];
  list.forEach((s, i) => {
    const d = s.to - s.from;
    ms[s.kind] += d;
    const category = timeline[i]!.category;
    if (s.kind !== 'app' || category === null) return;
    categories[category] += d;
    if (s.process !== null) apps.push({ name: s.process, ms: d, category });
    const site = siteOf(s.url);
    if (site !== null) sites.push({ name: site, ms: d, category });
  });
  const sec = (v: number) => Math.round(v / 1000);
  return {
    timeline,
    top_apps: totals(apps),
    top_sites: totals(sites),
    categories: {
      productive: sec(categories.productive),
      neutral: sec(categories.neutral),
      unproductive: sec(categories.unproductive),
    },
    active_seconds: sec(ms.app),
    idle_seconds: sec(ms.idle),
    locked_seconds: sec(ms.locked),
  };
}

/** The day's timeline and its totals (active = time with an app in front and input). */
export function buildDay(input: TimelineInput): DaySummary {
  return summarize(spans(input), input.rules);
}

export interface MachineDayInput {
  agent_id: number;
  apps: readonly AppTick[];
  activity: readonly ActivityTick[];
}

/**
 * A person's day on several machines: each machine's own timeline (its events only, so
 * one machine's heartbeats or lock never hide another's switches), and the day's totals
 * over all of them (every machine's segments, in time order).
 */
export function buildMachineDays(
  input: Omit<TimelineInput, 'apps' | 'activity'> & { machines: readonly MachineDayInput[] },
): DaySummary & { machines: ({ agent_id: number } & DaySummary)[] } {
  const all: Span[] = [];
  const machines = input.machines.map((m) => {
    const list = spans({ ...input, apps: m.apps, activity: m.activity });
    all.push(...list);
    return { agent_id: m.agent_id, ...summarize(list, input.rules) };
  });
  all.sort((a, b) => a.from - b.from);
  return { ...summarize(all, input.rules), machines };
}

/**
 * A machine's day log from its timeline, so the page's logs and totals are one account:
 * first and last moment at work, whole minutes (rounded like the totals), lock periods
 * (one still going has no end).
 */
export function dayLogOf(
  date: string,
  timeline: readonly TItTimelineSegment[],
  lockedNow: boolean,
): {
  date: string;
  first_activity: string | null;
  last_activity: string | null;
  active_minutes: number;
  idle_minutes: number;
  locked_minutes: number;
  lock_periods: { from: string; to: string | null }[];
} {
  const seconds = (kind: TItTimelineSegment['kind']) =>
    timeline.filter((s) => s.kind === kind).reduce((n, s) => n + (Date.parse(s.to) - Date.parse(s.from)) / 1000, 0);
  const work = timeline.filter((s) => s.kind === 'app');
  const locks = timeline.filter((s) => s.kind === 'locked');
  return {
    date,
    first_activity: work[0]?.from ?? null,
    last_activity: work.at(-1)?.to ?? null,
    active_minutes: Math.round(Math.round(seconds('app')) / 60),
    idle_minutes: Math.round(Math.round(seconds('idle')) / 60),
    locked_minutes: Math.round(Math.round(seconds('locked')) / 60),
    lock_periods: locks.slice(-200).map((s, i, all) => ({
      from: s.from,
      to: lockedNow && i === all.length - 1 && s === timeline.at(-1) ? null : s.to,
    })),
  };
}
