/**
 * Test data straight through the repositories (Outline's factories): a test that needs a
 * user, a ticket with an attachment, a shift, a KPI value, a report, an OCR job, an agent
 * with telemetry, a share call, a canned reply, an integration key or a leave request
 * creates exactly that in one call, on the real database of its test server, instead of
 * building it over HTTP or in SQL. Rules still apply where the test exercises them:
 * factories only set the stage (no permission checks, no event log, no notifications,
 * no live events). Every factory has defaults for what a test does not care about.
 *
 * Tests may import any feature's internals (the boundary rule exempts them); factories
 * keep that knowledge in one place. The few instants the application only writes as
 * "now" are moved by test-clock.repository.ts, the one test-only module with SQL.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import {
  languagePairKey,
  OCR_CONTENT_TYPES,
  type THalfDay,
  type TKpiDefinitionRequest,
  type TKpiPeriod,
  type TKpiUnit,
  type TLeaveStatus,
  type TLeaveTypeRequest,
  type TOcrContentType,
  type TOcrLanguage,
  type TReportType,
  type TShareConsent,
  type TStaffDepartment,
  type TTicketDepartment,
  type TTicketPriority,
  type TTicketStatus,
  type TUserType,
} from '@portal/contracts';
import type { Database } from '../src/db/database.js';
import type { UserRow } from '../src/db/schema.js';
import { hashPassword } from '../src/features/auth/index.js';
import { newIntegrationKey } from '../src/features/interpreters/integration-keys.service.js';
import { insertKey } from '../src/features/interpreters/interpreters.repository.js';
import { insertSessions } from '../src/features/interpreters/presence.repository.js';
import { insertAgent } from '../src/features/it/agents.repository.js';
import { insertCategoryRule, insertRedactionRule } from '../src/features/it/it.repository.js';
import * as telemetry from '../src/features/it/telemetry.repository.js';
import { ensurePartitions } from '../src/features/it/telemetry.service.js';
import * as kpi from '../src/features/kpi/kpi.repository.js';
import * as leaves from '../src/features/leaves/leaves.repository.js';
import { insertNotification } from '../src/features/notifications/notifications.repository.js';
import * as ocr from '../src/features/ocr/ocr.repository.js';
import * as reports from '../src/features/reports/reports.repository.js';
import * as share from '../src/features/share/share.repository.js';
import { insertCannedReply } from '../src/features/tickets/canned-replies.repository.js';
import { upsertSlaTargets, type SlaTargetRow } from '../src/features/tickets/ticket-sla.repository.js';
import { NEW_TICKET } from '../src/features/tickets/ticket-workflow.js';
import * as tickets from '../src/features/tickets/tickets.repository.js';
import { findUserByUsername, insertUser } from '../src/features/users/users.repository.js';
import * as wfm from '../src/features/wfm/wfm.repository.js';
import { checkUploads, storeFile, type SniffedContentType, type UploadRules } from '../src/lib/files/index.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { startTestServer, type TestServer } from './harness.js';
import { setEndpointSeen, setShareCallTimes, setTicketTimes, type TicketTimes } from './test-clock.repository.js';

/** A 1×1 PNG: the smallest file every upload rule accepts. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

// One hash for every factory user (argon2 is deliberately slow); they all sign in with DEMO_PASSWORD.
let passwordHash: Promise<string> | undefined;
const demoHash = () => (passwordHash ??= hashPassword(DEMO_PASSWORD));

const unique = (prefix: string) => `${prefix}.${crypto.randomBytes(4).toString('hex')}`;

/** A row a factory links to: only its id is read. */
type Ref = Pick<UserRow, 'id'>;
/** An uploaded file as a test gives it (its bytes decide its type, as for real uploads). */
export interface FileInput {
  filename: string;
  data: Buffer;
}

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
  owner: Ref;
  department?: TTicketDepartment;
  subject?: string;
  description?: string;
  priority?: TTicketPriority;
  /** Files attached to the ticket itself (checked like uploads: their bytes decide the type). */
  files?: FileInput[];
  /** Another status than open (closed: `closed_at` now, no longer waiting). */
  status?: TTicketStatus;
  /** Instants in the past (a ticket opened last month, first answered after ten minutes). */
  times?: TicketTimes;
}

export interface CannedReplyFactoryInput {
  department?: TTicketDepartment;
  title?: string;
  /** Unique within the desk, whatever its case (default: a fresh one). */
  shortcut?: string;
  body?: string;
  created_by?: Ref | null;
}

export interface LeaveFactoryInput {
  user: Ref;
  /** A seeded type's code (default `annual`), or a type a test made. */
  type?: string | { id: number };
  start_date: string;
  end_date?: string;
  half_day?: THalfDay;
  /** Working days it holds per year (default: one year, `days`). */
  days?: number;
  status?: TLeaveStatus;
  files?: FileInput[];
}

export interface LeaveTypeFactoryInput {
  name?: string;
  yearly_days?: number;
  carry_over_max_days?: number;
  half_days_allowed?: boolean;
  attachment_required_after_days?: number | null;
  counts_against_balance?: boolean;
  requires_hr_confirmation?: boolean;
  is_active?: boolean;
}

export interface NotificationFactoryInput {
  /** Its text: the factory's notifications are announcements (a person's words, shown as written). */
  message?: string;
  url?: string;
  levels?: TUserType[];
  recipients?: number[];
}

export interface ShiftFactoryInput {
  user: Ref;
  date: string;
  /** Wall-clock times in `time_zone` (an end before the start crosses midnight). */
  start?: string;
  end?: string;
  note?: string;
  /** The zone the times are in: the test server's TIME_ZONE (default the factories', else UTC). */
  time_zone?: string;
  /** Who planned it (default the user). */
  by?: Ref;
}

export interface KpiDefinitionFactoryInput {
  name?: string;
  description?: string;
  unit?: TKpiUnit;
  direction?: 'higher' | 'lower';
  target?: number;
  weight?: number;
  period?: TKpiPeriod;
  /** Departments (user types) it scores (default interpreters). */
  applies_to?: TUserType[];
  is_active?: boolean;
}

export interface KpiRecordFactoryInput {
  user: Ref;
  kpi: { id: number };
  /** The period's first day (any period, future ones too: no rule is asked). */
  period_start: string;
  value: number;
  note?: string;
  entered_by?: Ref | null;
}

export interface ReportFactoryInput {
  author: Ref;
  /** Whom it is about. */
  subjects?: Ref[];
  title?: string;
  type?: TReportType;
  period_from?: string;
  period_to?: string;
  body?: string;
  /** Submitted (default) or still a draft. */
  submitted?: boolean;
  files?: FileInput[];
}

export interface OcrJobFactoryInput {
  owner: Ref;
  /** The uploaded file (default a 1×1 PNG); its bytes decide its type. */
  file?: FileInput;
  language?: TOcrLanguage;
  shared_with?: TStaffDepartment | null;
  /** Pages opened from it, each waiting for recognition (default 1; 0: never opened). */
  pages?: number;
  /** Instead of `pages`: pages read from the document's own text layer, done and searchable at once. */
  texts?: string[];
  retention_days?: number;
}

export interface AgentFactoryInput {
  user: Pick<UserRow, 'id' | 'username'>;
  machine_id?: string;
  hostname?: string;
  platform?: 'linux' | 'win32' | 'darwin';
  version?: string;
}

/** An enrolled agent as telemetry names it. */
export interface AgentRef {
  id: number;
  user_id: number;
}

/** When a telemetry row happened: a Date, an ISO string or epoch milliseconds. */
type Instant = Date | string | number;

export interface AppEventInput {
  agent: AgentRef;
  at: Instant;
  title?: string;
  process?: string;
  heartbeat?: boolean;
  pid?: number | null;
  memory_bytes?: number | null;
  url?: string | null;
  opened_apps?: string[] | null;
}

export interface ActivityInput {
  agent: AgentRef;
  at: Instant;
  state: 'active' | 'idle' | 'locked' | 'offline';
  idle_seconds?: number;
}

export interface SampleInput {
  agent: AgentRef;
  at: Instant;
  kind: 'device' | 'network';
  /** The sample as the agent sends it, without `at`. */
  data: object;
}

export interface TelemetryFactoryInput {
  apps?: AppEventInput[];
  activity?: ActivityInput[];
  samples?: SampleInput[];
  /** Daily logs, replacing the agent's log of that day. */
  daily?: { agent: AgentRef; day: string; data: object }[];
  /** The machine's state now. */
  status?: { agent: AgentRef; state: 'active' | 'idle' | 'locked' | 'offline'; since: Instant; last_seen_at: Instant };
}

export interface ShareEndpointFactoryInput {
  user: Ref;
  /** Last vouched for this many seconds from now (negative: ago; default now). */
  seen_in_seconds?: number;
}

export interface ShareCallFactoryInput {
  viewer: Ref;
  target: Ref;
  /** The viewer's connection (default a fresh one, vouched for now). */
  viewer_endpoint?: string;
  /** The target's connection (an active call's; default a fresh one for an active call). */
  target_endpoint?: string | null;
  reason?: string;
  consent?: TShareConsent;
  max_seconds?: number;
  /** Accepted and running (default), or still requested. */
  active?: boolean;
  /** Requested and started this many seconds from now (negative: ago). */
  requested_in_seconds?: number;
  started_in_seconds?: number;
}

export interface IntegrationKeyFactoryInput {
  name?: string;
  created_by?: Ref | null;
}

export interface PresenceSessionFactoryInput {
  user: Ref;
  started_at: Date;
  /** Null: still online. */
  ended_at?: Date | null;
  last_seen_at?: Date;
  source?: 'agent' | 'integration' | 'self';
}

export interface FactoryOptions {
  /** The test server's TIME_ZONE, for shifts (default UTC). */
  timeZone?: string;
}

/** What each upload rule of the features accepts; factories store whatever a test gives them. */
const UPLOAD_RULES: UploadRules = {
  maxFiles: 5,
  maxBytes: 10 * 1024 * 1024,
  allowed: ['image/png', 'image/jpeg', 'application/pdf', 'text/plain'],
  field: 'attachments',
};

const toDate = (at: Instant) => new Date(at);

export function factories(db: Database, options: FactoryOptions = {}) {
  /** Files checked as uploads and stored, by `by`. */
  const storeUploads = async (
    files: readonly FileInput[],
    by: number,
    allowed: readonly SniffedContentType[] = UPLOAD_RULES.allowed,
  ) => {
    const stored: { id: number; contentType: SniffedContentType }[] = [];
    for (const file of checkUploads(files, { ...UPLOAD_RULES, allowed })) {
      stored.push({ id: (await storeFile(db, file, by)).id, contentType: file.contentType });
    }
    return stored;
  };
  /** Telemetry rows count up from here, in the order given (as an agent numbers its events). */
  let seq = 0;

  const make = {
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

    /** A seeded user (the demo cast: `hr`, `manager.it`, `interpreter01`, …) by username. */
    async existingUser(username: string): Promise<UserRow> {
      const row = await findUserByUsername(db, username);
      if (!row) throw new Error(`no user ${username}`);
      return row;
    },

    /** An open ticket, waiting for its desk (or in `status`, at `times`), with its attachment ids. */
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
      for (const file of await storeUploads(input.files ?? [], input.owner.id)) {
        attachments.push({
          id: await tickets.linkAttachment(db, row.id, null, file.id),
          contentType: file.contentType,
        });
      }
      if (input.status && input.status !== 'open') {
        const closed = input.status === 'closed';
        await tickets.updateTicket(db, row.id, {
          status: input.status,
          ...(closed ? { closed_at: 'now' as const, waiting_since: null } : {}),
        });
      }
      if (input.times) await setTicketTimes(db, row.id, input.times);
      return { ...row, status: input.status ?? row.status, attachments };
    },

    /** A desk's SLA targets for some priorities (the others keep theirs, or none). */
    async slaTargets(department: TTicketDepartment, rows: SlaTargetRow[]): Promise<void> {
      await upsertSlaTargets(db, department, rows, null);
    },

    /** A canned reply of a desk (IT by default); no cap or shortcut check beyond the table's own. */
    async cannedReply(input: CannedReplyFactoryInput = {}) {
      const shortcut = input.shortcut ?? unique('canned').replace('.', '-');
      const values = {
        department: input.department ?? 'IT',
        title: input.title ?? `Factory reply ${shortcut}`,
        shortcut,
        body: input.body ?? 'Made by a test factory.',
      };
      return { id: await insertCannedReply(db, values, input.created_by?.id ?? null), ...values };
    },

    /**
     * A stored leave request (no rules applied, no notifications: the stage for reads and
     * decisions), with its `submitted` timeline row and attachment ids.
     */
    async leave(input: LeaveFactoryInput) {
      const wanted = input.type ?? 'annual';
      const type = (await leaves.listTypes(db)).find((t) =>
        typeof wanted === 'string' ? t.code === wanted : t.id === wanted.id,
      );
      if (!type) throw new Error(`no leave type ${JSON.stringify(wanted)}`);
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
      for (const file of await storeUploads(input.files ?? [], input.user.id)) {
        attachments.push(await leaves.linkLeaveAttachment(db, id, file.id));
      }
      return { id, type, attachments };
    },

    /** A leave type HR might add (no code: not one of the seeded ones); 10 days a year by default. */
    async leaveType(input: LeaveTypeFactoryInput = {}) {
      return leaves.insertType(db, {
        code: null,
        name: input.name ?? unique('Factory leave'),
        yearly_days: input.yearly_days ?? 10,
        carry_over_max_days: input.carry_over_max_days ?? 0,
        half_days_allowed: input.half_days_allowed ?? true,
        attachment_required_after_days: input.attachment_required_after_days ?? null,
        counts_against_balance: input.counts_against_balance ?? true,
        requires_hr_confirmation: input.requires_hr_confirmation ?? false,
        is_active: input.is_active ?? true,
      });
    },

    /** A public holiday (one a day). */
    async holiday(date: string, name = 'Factory holiday') {
      return leaves.insertHoliday(db, date, name);
    },

    /** A stored notification (not pushed live: no bus event). */
    async notification(input: NotificationFactoryInput = {}): Promise<number> {
      return insertNotification(db, {
        kind: 'announcement',
        params: { text: input.message ?? 'Factory notification' },
        url: input.url ?? '',
        notification_level: input.levels ?? [],
        recipients: input.recipients ?? [],
        sender_id: null,
      });
    },

    /** A planned shift (08:00–16:00 by default), its instants in the portal's zone; answers its id. */
    async shift(input: ShiftFactoryInput): Promise<number> {
      return wfm.insertShift(
        db,
        {
          user_id: input.user.id,
          date: input.date,
          start: input.start ?? '08:00',
          end: input.end ?? '16:00',
          note: input.note ?? '',
        },
        input.time_zone ?? options.timeZone ?? 'UTC',
        (input.by ?? input.user).id,
      );
    },

    /** A language pair's staffing requirement, planned by `by`: the same number every hour (default 1). */
    async staffing(language: string, by: Ref, perHour = 1) {
      const key = languagePairKey(language);
      await wfm.upsertStaffing(db, key, language, Array<number>(24).fill(perHour), by.id);
      return { key, language };
    },

    /** A KPI definition (a monthly percentage for interpreters, target 90, by default). */
    async kpiDefinition(input: KpiDefinitionFactoryInput = {}) {
      return kpi.insertDefinition(db, {
        name: input.name ?? unique('Factory KPI'),
        description: input.description ?? '',
        unit: input.unit ?? 'percent',
        direction: input.direction ?? 'higher',
        target: input.target ?? 90,
        weight: input.weight ?? 1,
        period: input.period ?? 'monthly',
        applies_to: input.applies_to ?? ['INTERPRETER'],
        is_active: input.is_active ?? true,
        created_by: null,
      });
    },

    /** A KPI value of one person for one period; answers its id. */
    async kpiRecord(input: KpiRecordFactoryInput): Promise<number> {
      const [id] = await kpi.insertRecords(db, [
        {
          user_id: input.user.id,
          kpi_id: input.kpi.id,
          period_start: input.period_start,
          value: input.value,
          note: input.note ?? '',
          entered_by: input.entered_by?.id ?? null,
        },
      ]);
      return id!;
    },

    /** A report (submitted by default) about its subjects, with its attachment ids. */
    async report(input: ReportFactoryInput) {
      const period_from = input.period_from ?? '2026-01-05';
      const id = await reports.insertReport(
        db,
        input.author.id,
        {
          title: input.title ?? 'Factory report',
          type: input.type ?? 'evaluation',
          period_from,
          period_to: input.period_to ?? period_from,
          body: input.body ?? '<p>Made by a test factory.</p>',
        },
        null,
      );
      await reports.replaceSubjects(
        db,
        id,
        (input.subjects ?? []).map((u) => u.id),
      );
      for (const file of await storeUploads(input.files ?? [], input.author.id)) {
        await reports.linkAttachment(db, id, file.id);
      }
      if (input.submitted ?? true) await reports.markSubmitted(db, id);
      const row = (await reports.findReport(db, id))!;
      return { id, status: row.status, attachments: row.attachments.map((a) => a.id) };
    },

    /**
     * An OCR job whose pages are opened and wait for recognition; never queued, so no worker
     * touches it (the stage for reads, sharing, cancelling and deleting).
     */
    async ocrJob(input: OcrJobFactoryInput) {
      const given = input.file ?? { filename: 'scan.png', data: TINY_PNG };
      const [file] = await storeUploads([given], input.owner.id, OCR_CONTENT_TYPES);
      const id = await ocr.insertJob(db, {
        owner_id: input.owner.id,
        file_id: file!.id,
        filename: given.filename,
        content_type: file!.contentType as TOcrContentType,
        size: given.data.length,
        language: input.language ?? 'eng',
        shared_with: input.shared_with ?? null,
        retentionDays: input.retention_days ?? 180,
      });
      const pages = input.texts?.length ?? input.pages ?? 1;
      if (pages > 0) {
        await ocr.storeOpenedPages(
          db,
          id,
          Array.from({ length: pages }, (_, i) => ({
            number: i + 1,
            image: TINY_PNG,
            width: 1,
            height: 1,
            textLayer: input.texts ? { text: input.texts[i]!, words: [] } : null,
          })),
        );
      }
      return { id, file_id: file!.id };
    },

    /** An enrolled monitoring agent of the user (its credential is never used: tests of enrolment use the API). */
    async agent(input: AgentFactoryInput) {
      const values = {
        user_id: input.user.id,
        machine_id: input.machine_id ?? unique(`machine-${input.user.username}`),
        hostname: input.hostname ?? `pc-${input.user.username}`,
        platform: input.platform ?? ('linux' as const),
        version: input.version ?? '1.0.0',
        credential_hash: crypto.randomBytes(32).toString('hex'),
      };
      return { id: await insertAgent(db, values), ...values };
    },

    /**
     * Telemetry stored as the ingest stores it (its day partitions made as the ingest makes
     * them), so reads and live delivery are tested apart from the agent socket. Nothing is
     * published: a live test publishes the bus event itself.
     */
    async telemetry(input: TelemetryFactoryInput): Promise<void> {
      const rows = [...(input.apps ?? []), ...(input.activity ?? []), ...(input.samples ?? [])];
      await ensurePartitions(
        { db },
        rows.map((r) => toDate(r.at)),
      );
      const base = (r: { agent: AgentRef; at: Instant }) => ({
        agent_id: r.agent.id,
        user_id: r.agent.user_id,
        seq: ++seq,
        at: toDate(r.at),
      });
      await telemetry.insertAppEvents(
        db,
        (input.apps ?? []).map((a) => ({
          ...base(a),
          heartbeat: a.heartbeat ?? false,
          title: a.title ?? 'Factory window',
          process: a.process ?? 'factory',
          pid: a.pid === undefined ? 4242 : a.pid,
          memory_bytes: a.memory_bytes === undefined ? 1_048_576 : a.memory_bytes,
          url: a.url ?? null,
          opened_apps: a.opened_apps ? JSON.stringify(a.opened_apps) : null,
        })),
      );
      await telemetry.insertActivityEvents(
        db,
        (input.activity ?? []).map((a) => ({ ...base(a), state: a.state, idle_seconds: a.idle_seconds ?? 0 })),
      );
      await telemetry.insertSamples(
        db,
        (input.samples ?? []).map((x) => ({ ...base(x), kind: x.kind, data: JSON.stringify(x.data) })),
      );
      for (const d of input.daily ?? []) {
        await telemetry.upsertDailyLog(db, {
          user_id: d.agent.user_id,
          agent_id: d.agent.id,
          day: d.day,
          data: JSON.stringify(d.data),
        });
      }
      if (input.status) {
        const st = input.status;
        await telemetry.saveStatus(
          db,
          st.agent.id,
          { state: st.state, since: toDate(st.since) },
          toDate(st.last_seen_at),
        );
      }
    },

    /** A redaction rule of IT's (stored as is: no slow-pattern check). */
    async redactionRule(pattern: string, description = '') {
      return insertRedactionRule(db, { pattern, description }, null);
    },

    /** A category rule of IT's (stored as is: no slow-pattern check). */
    async categoryRule(rule: {
      field: 'process' | 'title' | 'site';
      pattern: string;
      category: 'productive' | 'neutral' | 'unproductive';
    }) {
      return insertCategoryRule(db, rule, null);
    },

    /** A share connection of the user, as a socket's server records it; answers its id. */
    async shareEndpoint(input: ShareEndpointFactoryInput): Promise<string> {
      const id = crypto.randomUUID();
      await share.insertEndpoint(db, id, input.user.id);
      if (input.seen_in_seconds !== undefined) await setEndpointSeen(db, id, input.seen_in_seconds);
      return id;
    },

    /** A share call of viewer → target (active by default) on connections of theirs. */
    async shareCall(input: ShareCallFactoryInput) {
      const active = input.active ?? true;
      const viewer_endpoint = input.viewer_endpoint ?? (await make.shareEndpoint({ user: input.viewer }));
      const target_endpoint =
        input.target_endpoint !== undefined
          ? input.target_endpoint
          : active
            ? await make.shareEndpoint({ user: input.target })
            : null;
      const id = await share.insertCall(db, {
        viewer_id: input.viewer.id,
        target_id: input.target.id,
        reason: input.reason ?? 'Made by a test factory',
        consent: input.consent ?? 'ask',
        viewer_endpoint,
        target_endpoint,
        max_seconds: input.max_seconds ?? 1800,
        active,
      });
      await setShareCallTimes(db, id, {
        requested_at: input.requested_in_seconds,
        started_at: input.started_in_seconds,
      });
      return { id, viewer_endpoint, target_endpoint };
    },

    /** A snapshot of a call, taken by `by` (a 1×1 PNG by default); answers its id. */
    async shareSnapshot(call: { id: number }, by: Ref, file: FileInput = { filename: 'frame.png', data: TINY_PNG }) {
      const [stored] = await storeUploads([file], by.id, ['image/png', 'image/jpeg']);
      return share.insertSnapshot(db, call.id, stored!.id, by.id);
    },

    /** A live integration key, with the plain key a caller sends in `x-api-key`. */
    async integrationKey(input: IntegrationKeyFactoryInput = {}) {
      const { key, ...stored } = newIntegrationKey();
      const row = await insertKey(db, {
        ...stored,
        name: input.name ?? 'Factory integration',
        created_by: input.created_by?.id ?? null,
      });
      return { ...row, key };
    },

    /** An interpreter's online session as presence derives it (ended unless `ended_at` is null). */
    async presenceSession(input: PresenceSessionFactoryInput): Promise<void> {
      const ended_at = input.ended_at === undefined ? new Date(input.started_at.getTime() + 3600_000) : input.ended_at;
      await insertSessions(db, input.user.id, [
        {
          started_at: input.started_at,
          ended_at,
          last_seen_at: input.last_seen_at ?? ended_at ?? input.started_at,
          source: input.source ?? 'agent',
        },
      ]);
    },
  };
  return make;
}

export type Factories = ReturnType<typeof factories>;

/**
 * A test file's own server and factories: started before its tests, stopped after them.
 * `ready` keeps them in the file's variables (and may set up more on them).
 */
export function serveTestFile(ready: (s: TestServer, make: Factories) => void | Promise<void>): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    await ready(server, factories(server.database.db));
  });
  afterAll(() => server?.stop());
}

/** A leave type as HR sends it (`POST /api/leaves/types/`): 5 days a year, counted, no HR step. */
export const leaveTypeBody = (name: string, extra: Partial<TLeaveTypeRequest> = {}): TLeaveTypeRequest => ({
  name,
  yearly_days: 5,
  carry_over_max_days: 0,
  half_days_allowed: true,
  attachment_required_after_days: null,
  counts_against_balance: true,
  requires_hr_confirmation: false,
  is_active: true,
  ...extra,
});

/** A KPI definition as sent to the API: a monthly percentage for the Vendor department (no demo KPIs apply there). */
export const kpiDefinitionBody = (name: string, extra: Partial<TKpiDefinitionRequest> = {}): TKpiDefinitionRequest => ({
  name,
  description: '',
  unit: 'percent',
  direction: 'higher',
  target: 80,
  weight: 1,
  period: 'monthly',
  applies_to: ['Vendor'],
  is_active: true,
  ...extra,
});
