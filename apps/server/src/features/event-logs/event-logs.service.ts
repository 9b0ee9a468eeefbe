import { eventLogScope, type TEventLog, type TEventLogFilter, type TEventLogQueryParsed } from '@portal/contracts';
import type { AppContext } from '../../lib/context.js';
import type { UserRow } from '../../db/schema.js';
import { csvRow } from '../../lib/csv.js';
import { forbidden } from '../../lib/errors.js';
import { pageEventLogs, type EventLogScope, type Keyset } from './event-logs.repository.js';

type Row = Awaited<ReturnType<typeof pageEventLogs>>[number];

/** Which records the caller may read (permission first): all for ADMIN, their branch for a director. */
function requireScope(user: UserRow): EventLogScope {
  const scope = eventLogScope(user);
  if (!scope) throw forbidden();
  return scope;
}

// Decoded (and bounded) by the contract's ZEventLogCursor.
const encodeCursor = (k: Keyset) => Buffer.from(`${k.at}|${k.id}`).toString('base64url');

export function presentEventLog(r: Row): TEventLog {
  return { ...r, at: new Date(r.at).toISOString() };
}

/** `query` as the route's contract parsed it (the cursor already decoded). */
export async function listEventLogs(ctx: AppContext, user: UserRow, q: TEventLogQueryParsed) {
  const scope = requireScope(user);
  const rows = await pageEventLogs(ctx.db, q, scope, q.cursor ?? null, q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    results: page.map(presentEventLog),
    next_cursor:
      rows.length > q.limit && last ? encodeCursor({ at: new Date(last.at).toISOString(), id: last.id }) : null,
  };
}

const CSV_COLUMNS = [
  'id',
  'at',
  'actor_username',
  'action',
  'target_type',
  'target_id',
  'ip',
  'user_agent',
  'details',
] as const;

/** The filtered set as CSV, read in keyset batches: memory stays flat at any size. */
export async function* exportEventLogs(
  ctx: AppContext,
  user: UserRow,
  filter: TEventLogFilter,
): AsyncGenerator<string> {
  const scope = requireScope(user);
  yield csvRow(CSV_COLUMNS);
  let after: Keyset | null = null;
  for (;;) {
    const rows = await pageEventLogs(ctx.db, filter, scope, after, 1000);
    if (rows.length === 0) return;
    yield rows
      .map((r) => presentEventLog(r))
      .map((r) => csvRow(CSV_COLUMNS.map((c) => r[c])))
      .join('');
    const last = rows.at(-1)!;
    after = { at: new Date(last.at).toISOString(), id: last.id };
  }
}
