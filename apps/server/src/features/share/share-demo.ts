import type { Database } from '../../db/database.js';
import * as repo from './share.repository.js';

const MIN = 60_000;

/**
 * Demo data: a fortnight of quality calls — coaching sessions, a declined request, a
 * missed one, one cut by the length limit, an IT helping hand — and consent given at
 * hiring for the first ten interpreters (their calls start with a notice).
 */
export async function seedShareDemo(
  db: Database,
  idOf: (username: string) => Promise<number | undefined>,
): Promise<void> {
  const now = Date.now();
  const past: {
    viewer: string;
    target: string;
    reason: string;
    daysAgo: number;
    minutes: number | null;
    end: 'viewer' | 'target' | 'declined' | 'unanswered' | 'time_limit';
    note?: string;
  }[] = [
    {
      viewer: 'quality',
      target: 'interpreter03',
      reason: 'Live coaching: medical call terminology',
      daysAgo: 1,
      minutes: 18,
      end: 'viewer',
    },
    {
      viewer: 'quality',
      target: 'interpreter07',
      reason: 'Monthly quality score, court session',
      daysAgo: 2,
      minutes: null,
      end: 'declined',
      note: 'Confidential legal call in progress',
    },
    {
      viewer: 'quality',
      target: 'interpreter12',
      reason: 'Follow-up on last week’s score',
      daysAgo: 3,
      minutes: 30,
      end: 'time_limit',
    },
    {
      viewer: 'admin',
      target: 'it',
      reason: 'Checking the new VPN client with IT',
      daysAgo: 4,
      minutes: 6,
      end: 'target',
    },
    {
      viewer: 'director.gi',
      target: 'english.department',
      reason: 'Reviewing the translation workflow',
      daysAgo: 6,
      minutes: 11,
      end: 'viewer',
    },
    {
      viewer: 'quality',
      target: 'interpreter15',
      reason: 'New hire: first week shadowing',
      daysAgo: 8,
      minutes: null,
      end: 'unanswered',
    },
    {
      viewer: 'quality',
      target: 'interpreter02',
      reason: 'Arabic–English call flow, scoring',
      daysAgo: 10,
      minutes: 22,
      end: 'viewer',
    },
  ];
  for (const c of past) {
    const viewer = await idOf(c.viewer);
    const target = await idOf(c.target);
    if (viewer === undefined || target === undefined) continue;
    // Spread over the working day, not all at the hour of the seed.
    const requested = new Date(now - c.daysAgo * 24 * 60 * MIN - (((c.daysAgo * 5) % 7) + 1) * 53 * MIN);
    const started = c.minutes === null ? null : new Date(requested.getTime() + 0.4 * MIN);
    const ended = started ? new Date(started.getTime() + c.minutes! * MIN) : new Date(requested.getTime() + MIN);
    await repo.insertPastCall(db, {
      viewer_id: viewer,
      target_id: target,
      reason: c.reason,
      consent: 'ask',
      status: c.end === 'declined' ? 'declined' : c.end === 'unanswered' ? 'missed' : 'ended',
      end_reason: c.end,
      ended_by: c.end === 'viewer' ? viewer : c.end === 'target' || c.end === 'declined' ? target : null,
      requested_at: requested,
      started_at: started,
      ended_at: ended,
      decline_note: c.note ?? null,
    });
  }
  const admin = await idOf('admin');
  for (let i = 1; i <= 10; i++) {
    const id = await idOf(`interpreter${String(i).padStart(2, '0')}`);
    if (id !== undefined && admin !== undefined) await repo.upsertConsent(db, id, true, admin);
  }
}
