import type { DB } from './schema.js';

/**
 * Which feature owns each table (its folder under `features/`), or `shared` for the
 * tables of shared code (`lib/`: stored files, rate limits, portal settings). Only the
 * owner's `*.repository.ts` files query a table; another feature reads its data through
 * the owner's `index.ts`. The lint reads this map (`scripts/eslint/table-ownership.js`,
 * decision 0004), and the compiler keeps it complete: a new table in `DB` without an
 * owner does not type-check.
 */
export const TABLE_OWNERS = {
  // Accounts: the users feature manages them; auth keeps their credentials (password hash).
  users: ['users', 'auth'],
  sessions: 'auth',
  login_failures: 'auth',
  ws_tickets: 'auth',
  auth_challenges: 'auth',
  external_identities: 'auth',
  identity_mappings: 'auth',
  user_totp: 'auth',
  user_recovery_codes: 'auth',
  passkeys: 'auth',
  notifications: 'notifications',
  notification_reads: 'notifications',
  event_logs: 'event-logs',
  tickets: 'tickets',
  ticket_replies: 'tickets',
  ticket_attachments: 'tickets',
  ticket_sla_targets: 'tickets',
  canned_replies: 'tickets',
  leave_types: 'leaves',
  leave_holidays: 'leaves',
  leave_requests: 'leaves',
  leave_request_years: 'leaves',
  leave_events: 'leaves',
  leave_attachments: 'leaves',
  interpreter_profiles: 'interpreters',
  interpreter_follows: 'interpreters',
  follow_settings: 'interpreters',
  integration_keys: 'interpreters',
  presence_events: 'interpreters',
  presence_sessions: 'interpreters',
  shifts: 'wfm',
  staffing_requirements: 'wfm',
  kpi_definitions: 'kpi',
  kpi_records: 'kpi',
  kpi_record_history: 'kpi',
  kpi_reminders: 'kpi',
  reports: 'reports',
  report_subjects: 'reports',
  report_attachments: 'reports',
  it_agents: 'it',
  it_app_events: 'it',
  it_activity_events: 'it',
  it_samples: 'it',
  it_daily_logs: 'it',
  it_redaction_rules: 'it',
  it_category_rules: 'it',
  ocr_jobs: 'ocr',
  ocr_pages: 'ocr',
  share_calls: 'share',
  share_snapshots: 'share',
  share_endpoints: 'share',
  share_signals: 'share',
  share_consent: 'share',
  files: 'shared',
  rate_limits: 'shared',
  portal_settings: 'shared',
} as const satisfies Record<keyof DB, string | readonly string[]>;

/**
 * Tables every feature's repository may read (never write) in its own queries: the people
 * directory (names, department and roles, which the permission rules of spec §6 filter on
 * in the same query as the rows they guard) and the metadata of stored files (listed
 * beside each feature's own attachment rows).
 */
export const READ_BY_EVERY_FEATURE = ['users', 'files'] as const satisfies readonly (keyof DB)[];

/**
 * The reads across features the lint lets through, each with its reason (keep it short).
 * The event log's director scope (spec §6) counts a record about a ticket in a branch when
 * the ticket's desk is; the event log sits below every feature (tickets record into it),
 * so it cannot ask the tickets feature through its index.ts without an import cycle. The
 * way out is a scope written with each record, which needs a migration of the stored rows.
 */
export const CROSS_FEATURE_READS = {
  'event-logs': ['tickets'],
} as const satisfies Record<string, readonly (keyof DB)[]>;
