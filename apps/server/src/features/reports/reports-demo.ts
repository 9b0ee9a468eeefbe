import type { Database } from '../../db/database.js';
import { storeFile } from '../../lib/files/index.js';
import { findUserByUsername } from '../users/index.js';
import * as reports from './reports.repository.js';

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const plusDays = (day: string, n: number) => isoDate(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

interface DemoReport {
  author: string;
  title: string;
  type: reports.ReportValues['type'];
  subjects: string[];
  /** Days back from today: the period's first and last day. */
  period: [number, number];
  body: string;
  submitted?: boolean;
  /** Index in DEMO_REPORTS of the submitted report this one replaces (then submitted too). */
  supersedes?: number;
  attachment?: { filename: string; text: string };
}

const DEMO_REPORTS: DemoReport[] = [
  {
    author: 'manager.it',
    title: 'Help desk monthly summary',
    type: 'monthly_summary',
    subjects: ['it'],
    period: [60, 31],
    body: '<h2>Highlights</h2><p>The desk closed <strong>118</strong> tickets; the median first reply took 22 minutes.</p><ul><li>Laptop refresh finished for the Medical team.</li><li>Two VPN outages, both under an hour.</li></ul>',
    submitted: true,
  },
  {
    author: 'manager.it',
    title: 'Help desk monthly summary (corrected)',
    type: 'monthly_summary',
    subjects: ['it'],
    period: [60, 31],
    body: '<h2>Highlights</h2><p>The desk closed <strong>121</strong> tickets (three were counted late); the median first reply took 22 minutes.</p>',
    supersedes: 0,
    attachment: { filename: 'ticket-counts.txt', text: 'week,opened,closed\n1,31,29\n2,30,33\n3,28,30\n4,29,29\n' },
  },
  {
    author: 'manager.hr',
    title: 'تقييم أداء ربع سنوي',
    type: 'evaluation',
    subjects: ['hr'],
    period: [90, 1],
    body: '<p>أنجزت هالة 42 ملفًا للتوظيف خلال الربع، وكانت نسبة الرضا 95٪.</p><p><em>Next step:</em> a recruitment workshop in the coming month.</p>',
    submitted: true,
  },
  {
    author: 'manager.wfm',
    title: 'Schedule adherence coaching',
    type: 'coaching',
    subjects: ['interpreter01', 'interpreter02'],
    period: [14, 0],
    body: '<p>Both interpreters logged in late on three days. We agreed on a reminder ten minutes before each shift.</p>',
  },
  {
    author: 'manager.ops',
    title: 'Dropped call on the legal line',
    type: 'incident',
    subjects: ['interpreter03'],
    period: [3, 3],
    body: '<p>A court call dropped after 12 minutes; the interpreter called the client back within two minutes.</p><blockquote>The client thanked the team for the quick call-back.</blockquote>',
    submitted: true,
  },
];

/** A handful of manager reports: drafts and submitted, one replaced, one in Arabic, one with a file. */
export async function seedReportsDemo(db: Database): Promise<void> {
  const ids: number[] = [];
  for (const r of DEMO_REPORTS) {
    const author = await findUserByUsername(db, r.author);
    const subjects = await reports.findPeople(db, r.subjects);
    if (!author || subjects.length !== r.subjects.length) continue;
    const replaces = r.supersedes === undefined ? null : (ids[r.supersedes] ?? null);
    const id = await reports.insertReport(
      db,
      author.id,
      {
        title: r.title,
        type: r.type,
        period_from: plusDays(isoDate(new Date()), -r.period[0]),
        period_to: plusDays(isoDate(new Date()), -r.period[1]),
        body: r.body,
      },
      replaces,
    );
    ids.push(id);
    await reports.replaceSubjects(
      db,
      id,
      subjects.map((s) => s.id),
    );
    if (r.attachment) {
      const data = Buffer.from(r.attachment.text);
      const file = await storeFile(db, { filename: r.attachment.filename, data, contentType: 'text/plain' }, author.id);
      await reports.linkAttachment(db, id, file.id);
    }
    if (r.submitted || replaces !== null) await reports.markSubmitted(db, id);
    if (replaces !== null) await reports.markSuperseded(db, replaces);
  }
}
