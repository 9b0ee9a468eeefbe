import { z } from 'zod';

/** Every action the server records; the filter UI offers these. */
export const EVENT_ACTIONS = [
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  'auth.password_changed',
  'profile.updated',
  'account.created',
  'account.updated',
  'account.password_reset',
  'notification.announced',
  'ticket.created',
  'ticket.replied',
  'ticket.status_changed',
  'ticket.assigned',
] as const;

export const ZEventLog = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actor_id: z.number().int().nullable(),
    actor_username: z.string(),
    action: z.string(),
    target_type: z.string(),
    target_id: z.string(),
    ip: z.string(),
    user_agent: z.string(),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'EventLog' });
export type TEventLog = z.infer<typeof ZEventLog>;

export const ZEventLogFilter = z.object({
  actor: z.string().trim().max(64).optional(),
  action: z.string().trim().max(64).optional(),
  target_type: z.string().trim().max(64).optional(),
  target_id: z.string().trim().max(64).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type TEventLogFilter = z.infer<typeof ZEventLogFilter>;

export const ZEventLogQuery = ZEventLogFilter.extend({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TEventLogQuery = z.input<typeof ZEventLogQuery>;

export const ZEventLogPage = z.object({ results: z.array(ZEventLog), next_cursor: z.string().nullable() });
export type TEventLogPage = z.infer<typeof ZEventLogPage>;
