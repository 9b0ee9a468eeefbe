import {
  eventLogRefKey,
  eventLogRefs,
  eventLogScope,
  type TEventLog,
  type TEventLogFilter,
  type TEventLogName,
  type TEventLogQueryParsed,
  type TEventLogRefType,
} from '@portal/contracts';
import type { AppContext } from '../../lib/context.js';
import type { EventLogNameLookup, EventLogNameLookups } from '../../lib/feature.js';
import type { UserRow } from '../../db/schema.js';
import { csvRow } from '../../lib/csv.js';
import { forbidden } from '../../lib/errors.js';
import { pageEventLogs, userNames, type EventLogScope, type Keyset } from './event-logs.repository.js';

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

/**
 * The names of the records a page points at, asked of the features that own them at read
 * time (one query per type): rows are hash-chained and never rewritten, so old rows get
 * names too, and renaming a record renames it everywhere. People are read here (every
 * feature may read the people directory); a type no feature names stays a number.
 */
async function namesOf(
  ctx: AppContext,
  rows: readonly TEventLog[],
  lookups: EventLogNameLookups,
): Promise<Record<string, TEventLogName>> {
  const wanted = new Map<TEventLogRefType, Set<number>>();
  for (const row of rows) {
    for (const [type, id] of eventLogRefs(row)) wanted.set(type, (wanted.get(type) ?? new Set()).add(id));
  }
  const names: Record<string, TEventLogName> = {};
  for (const [type, ids] of wanted) {
    const lookup: EventLogNameLookup | undefined = type === 'user' ? userNames : lookups[type];
    if (!lookup) continue;
    for (const r of await lookup(ctx.db, [...ids])) {
      names[eventLogRefKey(type, r.id)] = { name: r.name, code: r.code ?? null };
    }
  }
  return names;
}

/** `query` as the route's contract parsed it (the cursor already decoded). */
export async function listEventLogs(
  ctx: AppContext,
  user: UserRow,
  q: TEventLogQueryParsed,
  lookups: EventLogNameLookups,
) {
  const scope = requireScope(user);
  const rows = await pageEventLogs(ctx.db, q, scope, q.cursor ?? null, q.limit + 1);
  const page = rows.slice(0, q.limit).map(presentEventLog);
  const last = page.at(-1);
  return {
    results: page,
    next_cursor: rows.length > q.limit && last ? encodeCursor({ at: last.at, id: last.id }) : null,
    names: await namesOf(ctx, page, lookups),
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
