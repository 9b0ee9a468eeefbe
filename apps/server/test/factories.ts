/**
 * Test data straight through the repositories (Outline's factories): a test that needs a
 * user, a ticket with an attachment or a notification creates exactly that in one call,
 * on the real database of its test server, instead of building it over HTTP as demo
 * users. Rules still apply where the test exercises them: factories only set the stage.
 *
 * Tests may import any feature's internals (the boundary rule exempts them); factories
 * keep that knowledge in one place.
 */
import crypto from 'node:crypto';
import type { THalfDay, TLeaveStatus, TTicketDepartment, TTicketPriority, TUserType } from '@portal/contracts';
import type { Database } from '../src/db/database.js';
import type { UserRow } from '../src/db/schema.js';
import { hashPassword } from '../src/features/auth/index.js';
import * as leaves from '../src/features/leaves/leaves.repository.js';
import { insertNotification } from '../src/features/notifications/notifications.repository.js';
import { upsertSlaTargets, type SlaTargetRow } from '../src/features/tickets/ticket-sla.repository.js';
import { NEW_TICKET } from '../src/features/tickets/ticket-workflow.js';
import * as tickets from '../src/features/tickets/tickets.repository.js';
import { insertUser } from '../src/features/users/users.repository.js';
import { checkUploads, storeFile, type SniffedContentType } from '../src/lib/files/index.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';

/** A 1×1 PNG: the smallest file every upload rule accepts. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

// One hash for every factory user (argon2 is deliberately slow); they all sign in with DEMO_PASSWORD.
let passwordHash: Promise<string> | undefined;
const demoHash = () => (passwordHash ??= hashPassword(DEMO_PASSWORD));

const unique = (prefix: string) => `${prefix}.${crypto.randomBytes(4).toString('hex')}`;

export interface UserFactoryInput {
  user_type?: TUserType;
  username?: string;
  first_name?: string;
  last_name?: string;
  is_director?: boolean;
  is_manager?: boolean;
  is_active?: boolean;
}

export interface TicketFactoryInput {
  owner: Pick<UserRow, 'id'>;
  department?: TTicketDepartment;
  subject?: string;
  description?: string;
  priority?: TTicketPriority;
  /** Files attached to the ticket itself (checked like uploads: their bytes decide the type). */
  files?: { filename: string; data: Buffer }[];
}

export interface LeaveFactoryInput {
  user: Pick<UserRow, 'id'>;
  /** A seeded type's code (default `annual`). */
  type?: string;
  start_date: string;
  end_date?: string;
  half_day?: THalfDay;
  /** Working days it holds per year (default: one year, `days`). */
  days?: number;
  status?: TLeaveStatus;
  files?: { filename: string; data: Buffer }[];
}

export interface NotificationFactoryInput {
  message?: string;
  url?: string;
  levels?: TUserType[];
  recipients?: number[];
}

export function factories(db: Database) {
  return {
    /** A user of the given type (HR by default) with a fresh username; password DEMO_PASSWORD. */
    async user(input: UserFactoryInput = {}): Promise<UserRow> {
      const user_type = input.user_type ?? 'HR';
      const username = input.username ?? unique(user_type.toLowerCase().replace(/[^a-z]+/g, ''));
      return insertUser(db, {
        username,
        email: `${username}@factory.example`,
        password_hash: await demoHash(),
        user_type,
        first_name: input.first_name ?? 'Test',
        last_name: input.last_name ?? user_type,
        is_director: input.is_director ?? false,
        is_manager: input.is_manager ?? false,
        is_active: input.is_active ?? true,
      });
    },

    /** An open ticket, waiting for its desk, with its attachment ids. */
    async ticket(input: TicketFactoryInput) {
      const row = await tickets.insertTicket(
        db,
        {
          owner_id: input.owner.id,
          department: input.department ?? 'IT',
          subject: input.subject ?? 'Factory ticket',
          description: input.description ?? 'Made by a test factory.',
          priority: input.priority ?? 'normal',
        },
        NEW_TICKET,
      );
      const attachments: { id: number; contentType: SniffedContentType }[] = [];
      const checked = checkUploads(input.files ?? [], {
        maxFiles: 5,
        maxBytes: 10 * 1024 * 1024,
        allowed: ['image/png', 'image/jpeg', 'application/pdf', 'text/plain'],
        field: 'attachments',
      });
      for (const file of checked) {
        const stored = await storeFile(db, file, input.owner.id);
        attachments.push({
          id: await tickets.linkAttachment(db, row.id, null, stored.id),
          contentType: file.contentType,
        });
      }
      return { ...row, attachments };
    },

    /** A desk's SLA targets for some priorities (the others keep theirs, or none). */
    async slaTargets(department: TTicketDepartment, rows: SlaTargetRow[]): Promise<void> {
      await upsertSlaTargets(db, department, rows, null);
    },

    /**
     * A stored leave request (no rules applied, no notifications: the stage for reads and
     * decisions), with its `submitted` timeline row and attachment ids.
     */
    async leave(input: LeaveFactoryInput) {
      const type = (await leaves.listTypes(db)).find((t) => t.code === (input.type ?? 'annual'))!;
      const days = input.days ?? 1;
      const id = await leaves.insertLeave(
        db,
        {
          user_id: input.user.id,
          leave_type_id: type.id,
          start_date: input.start_date,
          end_date: input.end_date ?? input.start_date,
          half_day: input.half_day ?? null,
          days,
          reason: 'Made by a test factory.',
          status: input.status ?? 'pending',
          recorded_by: null,
        },
        new Map([[Number(input.start_date.slice(0, 4)), days]]),
      );
      await leaves.insertLeaveEvent(db, { leave_id: id, event: 'submitted', actor_id: input.user.id, comment: '' });
      const attachments: number[] = [];
      for (const file of checkUploads(input.files ?? [], {
        maxFiles: 5,
        maxBytes: 10 * 1024 * 1024,
        allowed: ['image/png', 'image/jpeg', 'application/pdf', 'text/plain'],
        field: 'attachments',
      })) {
        const stored = await storeFile(db, file, input.user.id);
        attachments.push(await leaves.linkLeaveAttachment(db, id, stored.id));
      }
      return { id, type, attachments };
    },

    /** A stored notification (not pushed live: no bus event). */
    async notification(input: NotificationFactoryInput = {}): Promise<number> {
      return insertNotification(db, {
        message: input.message ?? 'Factory notification',
        url: input.url ?? '',
        notification_level: input.levels ?? [],
        recipients: input.recipients ?? [],
        sender_id: null,
      });
    },
  };
}

export type Factories = ReturnType<typeof factories>;
