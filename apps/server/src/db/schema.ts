import type { ColumnType, Generated, Selectable } from 'kysely';
import type {
  TLeaveStatus,
  TOcrContentType,
  TOcrFailureReason,
  TOcrJobStatus,
  TOcrLanguage,
  TOcrPageMethod,
  TOcrPageStatus,
  TShareCallStatus,
  TShareConsent,
  TShareEndReason,
  TShareSignal,
  TStaffDepartment,
  TTicketDepartment,
  TTicketPriority,
  TTicketStatus,
  TUserType,
} from '@portal/contracts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  user_type: TUserType;
  is_director: Generated<boolean>;
  is_manager: Generated<boolean>;
  is_active: Generated<boolean>;
  phone: Generated<string>;
  avatar: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One row per issued access token (its jti): revocation is a row update, shared by every server. */
export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  ip: string;
  user_agent: string;
}

/** Shared request counters (per-address limits that hold across server processes). */
export interface RateLimitsTable {
  key: string;
  hits: number;
  window_ends: Timestamp;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  username_key: string;
  ip: string;
  at: Timestamp;
}

export interface PortalSettingsTable {
  key: string;
  value: string;
}

export interface WsTicketsTable {
  id: string;
  session_id: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Single-use sign-in state shared by every server (migration 0022): only the token's digest is kept. */
export interface AuthChallengesTable {
  id: string;
  purpose: string;
  user_id: number | null;
  data: ColumnType<unknown, string | undefined, string>;
  attempts: Generated<number>;
  /** The requesting address, for the challenges anyone may start (bounded per address). */
  address: string | null;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

/** A user's authenticator app (migration 0023): the secret encrypted, pending until confirmed. */
export interface UserTotpTable {
  user_id: number;
  secret: string;
  confirmed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_step: ColumnType<string | null, number | null | undefined, number | null>;
  created_at: Generated<Date>;
}

/** One-time recovery codes (keyed digests only). */
export interface UserRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Generated<Date>;
}

/** A directory or provider account linked to a portal user. */
export interface ExternalIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  provider: 'oidc' | 'ldap';
  subject: string;
  groups: ColumnType<string[], string | undefined, string>;
  /** The provider's claims as last seen, protocol claims dropped (migration 0025; `{}` for LDAP). */
  claims: ColumnType<Record<string, unknown>, string | undefined, string>;
  last_sign_in_at: Generated<Date>;
  created_at: Generated<Date>;
}

/** A WebAuthn credential (passkey) of a user; `public_key` is the COSE key. */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  public_key: Uint8Array;
  /** bigint (the counter is 32-bit unsigned); read as a number (database.ts). */
  sign_count: Generated<number>;
  transports: ColumnType<string[], string | undefined, string>;
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: boolean;
  name: string;
  created_at: Generated<Date>;
  last_used_at: Date | null;
}

/** ADMIN's rules from directory groups and provider claims to user types (migration 0025). */
export interface IdentityMappingsTable {
  id: Generated<number>;
  position: number;
  match_kind: 'group' | 'claim';
  /** The claim's name for a claim rule; '' for a group rule. */
  claim: Generated<string>;
  value: string;
  user_type: TUserType;
  is_manager: Generated<boolean>;
  is_director: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface NotificationsTable {
  id: Generated<number>;
  /** A kind of contracts' NOTIFICATION_KINDS (a newer server's may be unknown to an older one). */
  kind: string;
  /** The kind's parameters (jsonb; written as JSON text). */
  params: ColumnType<Record<string, unknown>, string | undefined, string>;
  url: Generated<string>;
  timestamp: Timestamp;
  notification_level: ColumnType<string[], string[] | undefined, string[]>;
  recipients: ColumnType<number[], number[] | undefined, number[]>;
  sender_id: number | null;
}

export interface NotificationReadsTable {
  notification_id: number;
  user_id: number;
  read_at: Timestamp;
}

export interface EventLogsTable {
  id: ColumnType<number, never, never>;
  at: Timestamp;
  actor_id: number | null;
  actor_username: Generated<string>;
  action: string;
  target_type: Generated<string>;
  target_id: Generated<string>;
  ip: Generated<string>;
  user_agent: Generated<string>;
  details: ColumnType<Record<string, unknown>, string | undefined, never>;
  prev_hash: string;
  hash: string;
}

export interface FilesTable {
  id: Generated<number>;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  data: Buffer;
  uploaded_by: number | null;
  created_at: Timestamp;
}

export interface TicketsTable {
  id: Generated<number>;
  owner_id: number;
  department: TTicketDepartment;
  subject: string;
  description: string;
  priority: TTicketPriority;
  status: TTicketStatus;
  created_at: Timestamp;
  updated_at: Timestamp;
  first_response_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  waiting_since: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  assignee_id: ColumnType<number | null, number | null | undefined, number | null>;
  first_response_escalated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  resolution_escalated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface TicketRepliesTable {
  id: Generated<number>;
  ticket_id: number;
  author_id: number;
  body: string;
  is_desk: boolean;
  internal: Generated<boolean>;
  created_at: Timestamp;
}

export interface TicketSlaTargetsTable {
  department: TTicketDepartment;
  priority: TTicketPriority;
  first_response_minutes: number | null;
  resolution_minutes: number | null;
  updated_at: Timestamp;
  updated_by: number | null;
}

export interface CannedRepliesTable {
  id: Generated<number>;
  department: TTicketDepartment;
  title: string;
  shortcut: string;
  body: string;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TicketAttachmentsTable {
  id: Generated<number>;
  ticket_id: number;
  reply_id: number | null;
  file_id: number;
}

/** A calendar date `YYYY-MM-DD` (the pg `date` parser keeps it as text). */
type CalendarDate = ColumnType<string, string, string>;

export interface LeaveTypesTable {
  id: Generated<number>;
  code: string | null;
  name: string;
  name_ar: ColumnType<string | null, string | null | undefined, string | null>;
  yearly_days: ColumnType<number, number | undefined, number>;
  carry_over_max_days: ColumnType<number, number | undefined, number>;
  half_days_allowed: Generated<boolean>;
  attachment_required_after_days: number | null;
  counts_against_balance: Generated<boolean>;
  requires_hr_confirmation: Generated<boolean>;
  is_active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LeaveHolidaysTable {
  id: Generated<number>;
  date: CalendarDate;
  name: string;
  name_ar: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface LeaveRequestsTable {
  id: Generated<number>;
  user_id: number;
  leave_type_id: number;
  start_date: CalendarDate;
  end_date: CalendarDate;
  half_day: 'first' | 'second' | null;
  days: number;
  reason: Generated<string>;
  status: ColumnType<TLeaveStatus, TLeaveStatus | undefined, TLeaveStatus>;
  recorded_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LeaveRequestYearsTable {
  leave_id: number;
  year: number;
  days: number;
}

export interface LeaveEventsTable {
  id: Generated<number>;
  leave_id: number;
  event: string;
  actor_id: number | null;
  at: Timestamp;
  comment: Generated<string>;
}

export interface LeaveAttachmentsTable {
  id: Generated<number>;
  leave_id: number;
  file_id: number;
}

export interface InterpreterProfilesTable {
  user_id: number;
  languages: ColumnType<string[], string[] | undefined, string[]>;
  team: Generated<string>;
  team_ar: ColumnType<string | null, string | null | undefined, string | null>;
  extension: Generated<string>;
  updated_at: Timestamp;
}

export interface InterpreterFollowsTable {
  follower_id: number;
  interpreter_id: number;
  created_at: Timestamp;
}

export interface FollowSettingsTable {
  user_id: number;
  notify_when_online: Generated<boolean>;
}

export interface IntegrationKeysTable {
  id: Generated<number>;
  name: string;
  prefix: string;
  key_hash: string;
  created_by: number | null;
  created_at: Timestamp;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface PresenceEventsTable {
  id: Generated<number>;
  sender: string;
  source_id: string;
  user_id: number;
  online: boolean;
  at: ColumnType<Date, Date | string, Date | string>;
  source: 'agent' | 'integration' | 'self';
  received_at: Timestamp;
}

export interface PresenceSessionsTable {
  id: Generated<number>;
  user_id: number;
  started_at: ColumnType<Date, Date | string, Date | string>;
  ended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_seen_at: ColumnType<Date, Date | string, Date | string>;
  source: 'agent' | 'integration' | 'self';
}

export interface ShiftsTable {
  id: Generated<number>;
  user_id: number;
  /** DATE, read as text (YYYY-MM-DD). */
  shift_date: string;
  start_time: string;
  end_time: string;
  starts_at: ColumnType<Date, Date | string, Date | string>;
  ends_at: ColumnType<Date, Date | string, Date | string>;
  note: Generated<string>;
  updated_by: number | null;
  updated_at: Generated<Date>;
}

export interface StaffingRequirementsTable {
  language_key: string;
  language: string;
  hours: number[];
  updated_by: number | null;
  updated_at: Generated<Date>;
}

export interface KpiDefinitionsTable {
  id: Generated<number>;
  name: string;
  name_ar: ColumnType<string | null, string | null | undefined, string | null>;
  description: Generated<string>;
  unit: 'percent' | 'count' | 'seconds' | 'score';
  direction: 'higher' | 'lower';
  /** NUMERIC, read as a number (db/database.ts). */
  target: number;
  weight: number;
  period: 'weekly' | 'monthly';
  applies_to: string[];
  is_active: Generated<boolean>;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface KpiRecordsTable {
  id: Generated<number>;
  user_id: number;
  kpi_id: number;
  /** DATE, read as text (YYYY-MM-DD). */
  period_start: string;
  value: number;
  note: Generated<string>;
  entered_by: number | null;
  entered_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface KpiRecordHistoryTable {
  id: Generated<number>;
  record_id: number;
  value: number;
  note: string;
  changed_by: number | null;
  changed_at: ColumnType<Date, Date | string, Date | string>;
}

export interface KpiRemindersTable {
  id: Generated<number>;
  user_id: number;
  kpi_id: number;
  period_start: string;
  kind: 'manual' | 'due' | 'escalated';
  sent_by: number | null;
  sent_at: Generated<Date>;
}

export interface ReportsTable {
  id: Generated<number>;
  author_id: number;
  title: string;
  type: 'evaluation' | 'incident' | 'coaching' | 'monthly_summary';
  status: Generated<'draft' | 'submitted' | 'superseded'>;
  period_from: string;
  period_to: string;
  body: Generated<string>;
  supersedes_id: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  submitted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface ReportSubjectsTable {
  report_id: number;
  user_id: number;
}

export interface ReportAttachmentsTable {
  id: Generated<number>;
  report_id: number;
  file_id: number;
}

export interface ItAgentsTable {
  id: Generated<number>;
  user_id: number;
  machine_id: string;
  hostname: string;
  platform: 'linux' | 'win32' | 'darwin';
  version: string;
  credential_hash: string;
  /** BIGINT, read as a number (db/database.ts). */
  last_seq: Generated<number>;
  clock_offset_ms: Generated<number>;
  /** The UTC day `rows_on_day` counts (`YYYY-MM-DD`; migration 0016). */
  rows_day: string | null;
  /** Telemetry rows stored for this agent on `rows_day` (the per-day ingest cap). */
  rows_on_day: Generated<number>;
  /** The machine's state as its agent last reported it (migration 0018; null: never reported). */
  state: 'active' | 'idle' | 'locked' | 'offline' | null;
  /** Since when `state` holds; a new period starts when the agent reports after a silence. */
  state_since: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the IT pages were last told this machine fell silent. */
  silence_reported_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  enrolled_at: Generated<Date>;
  last_seen_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_by: number | null;
}

/** Partitioned by day of `at` (insert-only). */
export interface ItAppEventsTable {
  agent_id: number;
  user_id: number;
  seq: number;
  at: ColumnType<Date, Date | string, Date | string>;
  received_at: Generated<Date>;
  heartbeat: boolean;
  title: string;
  process: string;
  pid: number | null;
  memory_bytes: number | null;
  url: string | null;
  /** JSON array of process names, or null when the event did not look. */
  opened_apps: ColumnType<string[] | null, string | null, string | null>;
}

/** Partitioned by day of `at` (insert-only). */
export interface ItActivityEventsTable {
  agent_id: number;
  user_id: number;
  seq: number;
  at: ColumnType<Date, Date | string, Date | string>;
  received_at: Generated<Date>;
  state: 'active' | 'idle' | 'locked' | 'offline';
  idle_seconds: number;
}

/** Partitioned by day of `at` (insert-only); `data` is a device or network sample without `at`. */
export interface ItSamplesTable {
  agent_id: number;
  user_id: number;
  seq: number;
  at: ColumnType<Date, Date | string, Date | string>;
  received_at: Generated<Date>;
  kind: 'device' | 'network';
  data: ColumnType<Record<string, unknown>, string, string>;
}

export interface ItDailyLogsTable {
  user_id: number;
  agent_id: number;
  /** DATE, read as text (YYYY-MM-DD). */
  day: string;
  data: ColumnType<Record<string, unknown>, string, string>;
  updated_at: Generated<Date>;
}

export interface ItRedactionRulesTable {
  id: Generated<number>;
  pattern: string;
  description: Generated<string>;
  created_by: number | null;
  created_at: Generated<Date>;
}

export interface ItCategoryRulesTable {
  id: Generated<number>;
  field: 'process' | 'title' | 'site';
  pattern: string;
  category: 'productive' | 'neutral' | 'unproductive';
  created_by: number | null;
  created_at: Generated<Date>;
}

export interface OcrJobsTable {
  id: Generated<number>;
  owner_id: number;
  file_id: number;
  filename: string;
  content_type: TOcrContentType;
  size: number;
  language: TOcrLanguage;
  status: Generated<TOcrJobStatus>;
  shared_with: TStaffDepartment | null;
  pages: number | null;
  pages_done: Generated<number>;
  pages_failed: Generated<number>;
  confidence: number | null;
  error: TOcrFailureReason | null;
  result_pdf: Buffer | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  expires_at: Timestamp;
}

export interface ShareCallsTable {
  id: Generated<number>;
  viewer_id: number;
  target_id: number;
  reason: string;
  status: Generated<TShareCallStatus>;
  consent: TShareConsent;
  viewer_endpoint: string;
  target_endpoint: string | null;
  max_seconds: number;
  requested_at: Timestamp;
  started_at: Timestamp | null;
  ended_at: Timestamp | null;
  ended_by: number | null;
  end_reason: TShareEndReason | null;
  decline_note: string | null;
}

export interface ShareSnapshotsTable {
  id: Generated<number>;
  call_id: number;
  file_id: number;
  taken_by: number | null;
  taken_at: Timestamp;
}

export interface ShareEndpointsTable {
  id: string;
  user_id: number;
  opened_at: Timestamp;
  seen_at: Timestamp;
}

export interface ShareSignalsTable {
  id: Generated<string>;
  call_id: number;
  to_endpoint: string;
  from_user: number;
  signal: ColumnType<TShareSignal, string, string>;
  created_at: Timestamp;
}

export interface ShareConsentTable {
  user_id: number;
  consent_at_hiring: boolean;
  set_by: number | null;
  set_at: Timestamp;
}

export interface OcrPagesTable {
  job_id: number;
  number: number;
  status: Generated<TOcrPageStatus>;
  method: TOcrPageMethod | null;
  image: Buffer | null;
  width: number | null;
  height: number | null;
  text: Generated<string>;
  /** TOcrWord[] as JSON (written as text). */
  words: ColumnType<unknown[], string | undefined, string>;
  confidence: number | null;
  pdf: Buffer | null;
  error: TOcrFailureReason | null;
  attempts: Generated<number>;
  finished_at: Timestamp | null;
  /** `text` as contracts' ocrSearchText normalises it (word forms), for the search vector. */
  search_text: Generated<string>;
  /** Generated from `search_text` (simple configuration); only read in SQL. */
  search: Generated<string>;
}

export interface DB {
  ocr_jobs: OcrJobsTable;
  ocr_pages: OcrPagesTable;
  share_calls: ShareCallsTable;
  share_snapshots: ShareSnapshotsTable;
  share_endpoints: ShareEndpointsTable;
  share_signals: ShareSignalsTable;
  share_consent: ShareConsentTable;
  it_agents: ItAgentsTable;
  it_app_events: ItAppEventsTable;
  it_activity_events: ItActivityEventsTable;
  it_samples: ItSamplesTable;
  it_daily_logs: ItDailyLogsTable;
  it_redaction_rules: ItRedactionRulesTable;
  it_category_rules: ItCategoryRulesTable;
  files: FilesTable;
  tickets: TicketsTable;
  ticket_replies: TicketRepliesTable;
  ticket_attachments: TicketAttachmentsTable;
  ticket_sla_targets: TicketSlaTargetsTable;
  canned_replies: CannedRepliesTable;
  leave_types: LeaveTypesTable;
  leave_holidays: LeaveHolidaysTable;
  leave_requests: LeaveRequestsTable;
  leave_request_years: LeaveRequestYearsTable;
  leave_events: LeaveEventsTable;
  leave_attachments: LeaveAttachmentsTable;
  interpreter_profiles: InterpreterProfilesTable;
  interpreter_follows: InterpreterFollowsTable;
  follow_settings: FollowSettingsTable;
  integration_keys: IntegrationKeysTable;
  presence_events: PresenceEventsTable;
  presence_sessions: PresenceSessionsTable;
  shifts: ShiftsTable;
  staffing_requirements: StaffingRequirementsTable;
  kpi_definitions: KpiDefinitionsTable;
  kpi_records: KpiRecordsTable;
  kpi_record_history: KpiRecordHistoryTable;
  kpi_reminders: KpiRemindersTable;
  reports: ReportsTable;
  report_subjects: ReportSubjectsTable;
  report_attachments: ReportAttachmentsTable;
  ws_tickets: WsTicketsTable;
  auth_challenges: AuthChallengesTable;
  external_identities: ExternalIdentitiesTable;
  identity_mappings: IdentityMappingsTable;
  user_totp: UserTotpTable;
  user_recovery_codes: UserRecoveryCodesTable;
  passkeys: PasskeysTable;
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
  event_logs: EventLogsTable;
  portal_settings: PortalSettingsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  rate_limits: RateLimitsTable;
}

export type UserRow = Selectable<UsersTable>;
