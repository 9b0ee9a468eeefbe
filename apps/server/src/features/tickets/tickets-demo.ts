import { STAFF_DEPARTMENTS, type TTicketDepartment } from '@portal/contracts';
import type { Database } from '../../db/database.js';
import { findUserByUsername } from '../users/index.js';
import { insertCannedReply, type CannedReplyValues } from './canned-replies.repository.js';
import { upsertSlaTargets, type SlaTargetRow } from './ticket-sla.repository.js';

const HOUR = 60;
const DAY = 24 * HOUR;

/** The same targets on every desk: a believable service level to breach in the demo. */
const DEMO_SLA_TARGETS: SlaTargetRow[] = [
  { priority: 'urgent', first_response_minutes: 30, resolution_minutes: 4 * HOUR },
  { priority: 'high', first_response_minutes: 2 * HOUR, resolution_minutes: DAY },
  { priority: 'normal', first_response_minutes: 4 * HOUR, resolution_minutes: 3 * DAY },
  { priority: 'low', first_response_minutes: DAY, resolution_minutes: 7 * DAY },
];

/** Canned replies of the IT and HR desks, each written by that desk's manager. */
const DEMO_CANNED_REPLIES: {
  author: string;
  replies: Omit<CannedReplyValues, 'department'>[];
  department: TTicketDepartment;
}[] = [
  {
    department: 'IT',
    author: 'manager.it',
    replies: [
      {
        title: 'Password reset',
        shortcut: 'reset',
        body: 'I have reset your password. Sign in with the temporary password sent to your email, then choose a new one when asked.',
      },
      {
        title: 'VPN reconnect steps',
        shortcut: 'vpn',
        body: 'Please disconnect the VPN, quit the client completely, and connect again. If it still drops, send us the time it happened and a screenshot of the client log.',
      },
      {
        title: 'Ask for a screenshot',
        shortcut: 'screenshot',
        body: 'Could you attach a screenshot of the error message? It helps us find the cause faster.',
      },
      {
        title: 'Hardware replacement on its way',
        shortcut: 'replacement',
        body: 'A replacement is on its way. The IT desk on floor 1 will call you when it is ready to collect; please bring the old device with you.',
      },
      {
        title: 'Restart and try again',
        shortcut: 'restart',
        body: 'Please restart your computer and try again. Let us know here if the problem comes back.',
      },
    ],
  },
  {
    department: 'HR',
    author: 'manager.hr',
    replies: [
      {
        title: 'Leave balance',
        shortcut: 'leave-balance',
        body: 'Your current leave balance is shown on your profile under Leaves. If the figure looks wrong, tell us which dates you think are missing and we will check them.',
      },
      {
        title: 'Salary certificate',
        shortcut: 'salary-certificate',
        body: 'We have requested your salary certificate. It is usually ready within two working days; we will attach it to this ticket.',
      },
      {
        title: 'Documents received',
        shortcut: 'received',
        body: 'Thank you, we have received your documents and added them to your file.',
      },
      {
        title: 'Sick leave note',
        shortcut: 'sick-note',
        body: 'Please attach the medical note for your sick leave here so we can record the days correctly.',
      },
    ],
  },
];

/** SLA targets for every desk, and the IT and HR desks' canned replies. */
export async function seedHelpDeskDemo(db: Database): Promise<void> {
  for (const department of STAFF_DEPARTMENTS) await upsertSlaTargets(db, department, DEMO_SLA_TARGETS, null);
  for (const desk of DEMO_CANNED_REPLIES) {
    const author = await findUserByUsername(db, desk.author);
    for (const r of desk.replies)
      await insertCannedReply(db, { ...r, department: desk.department }, author?.id ?? null);
  }
}
