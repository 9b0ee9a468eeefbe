import {
  canViewEventLogs,
  ZEventLogQuery,
  type TEventLog,
  type TEventLogFilter,
  type TEventLogQuery,
} from '@portal/contracts';
import type { AppContext } from '../../lib/context.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { pageEventLogs, type Keyset } from './event-logs.repository.js';

type Row = Awaited<ReturnType<typeof pageEventLogs>>[number];

function requireViewer(user: UserRow) {
  if (!canViewEventLogs(user)) throw forbidden();
}

const encodeCursor = (k: Keyset) => Buffer.from(`${k.at}|${k.id}`).toString('base64url');
function decodeCursor(cursor: string): Keyset {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || Number.isNaN(Date.parse(at)) || !/^\d+$/.test(id)) {
    throw badRequest('Invalid cursor.', { cursor: ['Invalid cursor.'] });
  }
  return { at, id: Number(id) };
}

export function presentEventLog(r: Row): TEventLog {
  return { ...r, at: new Date(r.at).toISOString() };
}

export async function listEventLogs(ctx: AppContext, user: UserRow, query: TEventLogQuery) {
  requireViewer(user);
  const q = ZEventLogQuery.parse(query);
  const rows = await pageEventLogs(ctx.db, q, q.cursor ? decodeCursor(q.cursor) : null, q.limit + 1);
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

/** Quotes as RFC 4180 wants, and defuses spreadsheet formulas (CSV injection). */
function csvField(v: unknown): string {
  let s =
    typeof v === 'string'
      ? v
      : v === null || v === undefined
        ? ''
        : typeof v === 'object'
          ? JSON.stringify(v)
          : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The filtered set as CSV, read in keyset batches: memory stays flat at any size. */
export async function* exportEventLogs(
  ctx: AppContext,
  user: UserRow,
  filter: TEventLogFilter,
): AsyncGenerator<string> {
  requireViewer(user);
  yield `${CSV_COLUMNS.join(',')}\r\n`;
  let after: Keyset | null = null;
  for (;;) {
    const rows = await pageEventLogs(ctx.db, filter, after, 1000);
    if (rows.length === 0) return;
    yield rows
      .map((r) => presentEventLog(r))
      .map((r) => CSV_COLUMNS.map((c) => csvField(r[c])).join(',') + '\r\n')
      .join('');
    const last = rows.at(-1)!;
    after = { at: new Date(last.at).toISOString(), id: last.id };
  }
}
