import { describe, expect, it } from 'vitest';
import { buildDay, siteOf, type ActivityTick, type AppTick, type TimelineInput } from './it-timeline.js';

const DAY = Date.parse('2030-03-04T00:00:00Z');
const END = DAY + 24 * 3600_000;
const m = (minutes: number) => DAY + minutes * 60_000;
const iso = (minutes: number) => new Date(m(minutes)).toISOString();

const sw = (min: number, title: string, process: string, url: string | null = null): AppTick => ({
  at: m(min),
  heartbeat: false,
  title,
  process,
  url,
});
const hb = (min: number, title: string, process: string, url: string | null = null): AppTick => ({
  ...sw(min, title, process, url),
  heartbeat: true,
});
const act = (min: number, state: ActivityTick['state']): ActivityTick => ({ at: m(min), state });

function day(input: Partial<TimelineInput>) {
  return buildDay({ from: DAY, to: END, now: END, apps: [], activity: [], rules: [], ...input });
}
/** The timeline as [from minute, to minute, kind, process] rows. */
const rows = (d: ReturnType<typeof buildDay>) =>
  d.timeline.map((s) => [(Date.parse(s.from) - DAY) / 60_000, (Date.parse(s.to) - DAY) / 60_000, s.kind, s.process]);

describe('the day timeline', () => {
  it('opens an app span at each switch and lasts until the next event', () => {
    const d = day({
      now: m(601),
      apps: [sw(600, 'Inbox', 'outlook'), sw(600.5, 'Sheet', 'excel')],
    });
    expect(rows(d)).toEqual([
      [0, 600, 'offline', null],
      [600, 600.5, 'app', 'outlook'],
      [600.5, 601, 'app', 'excel'],
    ]);
    expect(d.timeline[1]).toMatchObject({ from: iso(600), to: iso(600.5), title: 'Inbox', category: 'neutral' });
    expect(d.active_seconds).toBe(60);
  });

  it('keeps an app span going through its heartbeats, and a silence past two minutes is offline', () => {
    const d = day({
      now: m(620),
      apps: [
        sw(600, 'Inbox', 'outlook'),
        hb(601, 'Inbox', 'outlook'),
        hb(602.5, 'Inbox', 'outlook'),
        hb(610, 'Inbox', 'outlook'),
      ],
    });
    expect(rows(d)).toEqual([
      [0, 600, 'offline', null],
      // 90 s between heartbeats still counts; 7.5 minutes of silence does not, nor the 10 after the last one.
      [600, 602.5, 'app', 'outlook'],
      [602.5, 620, 'offline', null],
    ]);
    expect(d.active_seconds).toBe(150);
  });

  it('splits an app span with an idle period, and resumes the app on activity', () => {
    const d = day({
      now: m(604),
      apps: [
        sw(600, 'Inbox', 'outlook'),
        hb(601, 'Inbox', 'outlook'),
        hb(602, 'Inbox', 'outlook'),
        hb(603, 'Inbox', 'outlook'),
      ],
      activity: [act(601, 'idle'), act(602, 'active')],
    });
    expect(rows(d)).toEqual([
      [0, 600, 'offline', null],
      [600, 601, 'app', 'outlook'],
      [601, 602, 'idle', null],
      [602, 604, 'app', 'outlook'],
    ]);
    expect([d.active_seconds, d.idle_seconds]).toEqual([180, 60]);
  });

  it('draws a lock until it is lifted, even when the locked machine stays silent', () => {
    const d = day({
      now: m(700),
      apps: [sw(600, 'Inbox', 'outlook'), sw(660, 'Inbox', 'outlook')],
      activity: [act(601, 'locked'), act(660, 'active')],
    });
    expect(rows(d)).toEqual([
      [0, 600, 'offline', null],
      [600, 601, 'app', 'outlook'],
      [601, 660, 'locked', null],
      // 660 → 700 is one silence of 40 minutes: offline.
      [660, 700, 'offline', null],
    ]);
    expect(d.locked_seconds).toBe(59 * 60);
  });

  it('is offline after the agent says so, until its next event', () => {
    const d = day({
      now: m(603),
      apps: [sw(600, 'Inbox', 'outlook'), sw(602, 'Inbox', 'outlook')],
      activity: [act(601, 'offline'), act(602, 'active')],
    });
    expect(rows(d)).toEqual([
      [0, 600, 'offline', null],
      [600, 601, 'app', 'outlook'],
      [601, 602, 'offline', null],
      [602, 603, 'app', 'outlook'],
    ]);
  });

  it('clips to the day: the state before midnight carries in, nothing after now is drawn', () => {
    const d = day({
      now: m(1.5),
      apps: [
        sw(-1, 'Night shift', 'softphone'),
        hb(0.5, 'Night shift', 'softphone'),
        hb(1, 'Night shift', 'softphone'),
      ],
    });
    expect(rows(d)).toEqual([[0, 1.5, 'app', 'softphone']]);
    expect(d.active_seconds).toBe(90);
    // A day to come has nothing yet.
    expect(day({ now: DAY - 1, apps: [sw(10, 'x', 'y')] }).timeline).toEqual([]);
    // A day with no events is offline throughout.
    expect(rows(day({}))).toEqual([[0, 1440, 'offline', null]]);
  });

  it('totals apps and sites with their categories by the rules, most first', () => {
    const d = day({
      now: m(604),
      apps: [
        sw(600, 'Docs', 'chrome', 'https://www.docs.example.com/a'),
        sw(601, 'Video', 'chrome', 'video.example.com/watch'),
        hb(602, 'Video', 'chrome', 'video.example.com/watch'),
        sw(603, 'Sheet', 'excel'),
      ],
      rules: [
        { field: 'site', pattern: '^video\\.', category: 'unproductive' },
        { field: 'process', pattern: 'excel|chrome', category: 'productive' },
      ],
    });
    expect(d.top_apps).toEqual([
      { name: 'chrome', seconds: 180, category: 'unproductive' },
      { name: 'excel', seconds: 60, category: 'productive' },
    ]);
    expect(d.top_sites).toEqual([
      { name: 'video.example.com', seconds: 120, category: 'unproductive' },
      { name: 'docs.example.com', seconds: 60, category: 'productive' },
    ]);
    expect(d.categories).toEqual({ productive: 120, neutral: 0, unproductive: 120 });
    expect(d.timeline.find((s) => s.title === 'Video')?.category).toBe('unproductive');
  });

  it('reads a site from an address with or without its scheme', () => {
    expect(siteOf('https://WWW.Example.com:8443/x?y')).toBe('example.com');
    expect(siteOf('intranet.local/page')).toBe('intranet.local');
    expect(siteOf(null)).toBeNull();
    expect(siteOf('http://')).toBeNull();
  });
});
