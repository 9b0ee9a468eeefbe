import type { Database } from '../../db/database.js';
import { findUserByUsername } from '../users/index.js';
import * as interpreters from './interpreters.repository.js';
import { deriveSessions } from './presence-rules.js';
import * as presence from './presence.repository.js';

const DEMO_PAIRS = ['Arabic↔English', 'Arabic↔French', 'Arabic↔Turkish', 'Arabic↔Urdu', 'English↔Spanish'];
const DEMO_TEAMS = [
  ['Medical', 'الفريق الطبي'],
  ['Legal', 'الفريق القانوني'],
  ['Community', 'فريق المجتمع'],
] as const;

/**
 * Interpreters' profiles, a few follows by the WFM and RTM demo users, and presence:
 * 14 days of closed shifts (about 08:00–16:00 UTC with two breaks) for 20 interpreters,
 * and today, relative to now, 12 of them online or gone (stored as events, sessions
 * derived from them exactly as the feed would).
 */
export async function seedInterpretersDemo(db: Database): Promise<void> {
  const ids: number[] = [];
  for (let i = 0; i < 30; i++) {
    const user = await findUserByUsername(db, `interpreter${String(i + 1).padStart(2, '0')}`);
    if (!user) continue;
    ids.push(user.id);
    const languages = [DEMO_PAIRS[i % DEMO_PAIRS.length]!];
    if (i % 4 === 0) languages.push(DEMO_PAIRS[(i + 2) % DEMO_PAIRS.length]!);
    const [team, team_ar] = DEMO_TEAMS[i % DEMO_TEAMS.length]!;
    await interpreters.upsertProfile(db, user.id, {
      languages,
      team,
      team_ar,
      extension: String(2001 + i),
    });
  }
  for (const [follower, picks] of [
    ['manager.wfm', [0, 1, 2, 3, 4]],
    ['rtm', [2, 6, 10]],
  ] as const) {
    const by = await findUserByUsername(db, follower);
    for (const p of picks) if (by && ids[p]) await interpreters.setFollow(db, by.id, ids[p], true);
  }
  const now = Date.now();
  const minute = 60_000;
  const midnight = new Date(new Date(now).toISOString().slice(0, 10)).getTime();
  for (const [i, userId] of ids.slice(0, 20).entries()) {
    const spans: [number, number | null][] = [];
    for (let d = 14; d >= 1; d--) {
      const day = midnight - d * 1440 * minute;
      // A day off a week, not the same day for everyone.
      if ((d + i) % 7 === 0) continue;
      const at = (h: number, m: number) => day + (h * 60 + m + ((i * 7 + d * 3) % 20) - 10) * minute;
      spans.push([at(8, 0), at(10, 30)], [at(10, 45), at(12, 45)], [at(13, 20), at(16, 0)]);
    }
    if (i < 12) {
      // Today: eight still online (some back from a break), four gone for now.
      const start = now - (45 + 20 * i) * minute;
      if (i % 3 === 2) spans.push([start - 120 * minute, now - (10 + i) * minute]);
      else if (i % 2 === 0) spans.push([start, start + 25 * minute], [start + 35 * minute, null]);
      else spans.push([start, null]);
    }
    const events: presence.NewPresenceEvent[] = spans.flatMap(([from, to], n) => [
      {
        sender: 'seed',
        source_id: `${userId}-${n}-on`,
        user_id: userId,
        online: true,
        at: new Date(from),
        source: 'integration' as const,
      },
      ...(to === null
        ? []
        : [
            {
              sender: 'seed',
              source_id: `${userId}-${n}-off`,
              user_id: userId,
              online: false,
              at: new Date(to),
              source: 'integration' as const,
            },
          ]),
    ]);
    await presence.insertEvents(db, events);
    // The open ones were seen just now: they last the expiry time (or, with the demo feed, on).
    const sessions = deriveSessions(events).map((x) => (x.ended_at ? x : { ...x, last_seen_at: new Date(now) }));
    await presence.insertSessions(db, userId, sessions);
  }
}
