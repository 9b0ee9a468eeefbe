import { Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import type { DB } from '../../db/schema.js';

/**
 * The SQL of backup and restore. It reads and writes every portal table, by name from the
 * catalogue (never a fixed list: a table a migration adds is in the next backup by itself).
 * Every function takes the handle it runs on: inside a backup's snapshot or a restore's
 * transaction that is the transaction, and nothing here reaches for another connection.
 */
type Db = Kysely<any>;

/** Migration bookkeeping: rebuilt by the migrations a restore runs, never copied. */
const NOT_COPIED = ['portal_migrations', 'portal_migrations_lock'];

export interface ColumnInfo {
  name: string;
  type: string;
}

export interface TableInfo {
  name: string;
  /** Stored (not generated) columns, in table order: what a backup writes and a restore loads. */
  columns: ColumnInfo[];
  /** Primary-key columns, in key order (rows are written in this order). */
  key: string[];
  /**
   * A partitioned table's partitions (IT telemetry by day): made on demand by the ingest, so
   * a restore makes them before it loads the rows (which are read and written through the parent).
   */
  partitions?: PartitionInfo[];
}

export interface PartitionInfo {
  name: string;
  /** `FOR VALUES FROM (…) TO (…)`, as pg_get_expr writes it. */
  bound: string;
}

/**
 * The portal's tables in the `public` schema, parents before children (foreign keys),
 * then by name. pg-boss keeps its jobs in its own schema (`pgboss`): transient job state
 * that the servers re-create, so it is not part of a backup.
 */
export async function listTables(db: Db): Promise<TableInfo[]> {
  const { rows: tables } = await sql<{ name: string }>`
    select c.relname as name from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname`.execute(db);
  const { rows: columns } = await sql<{ table: string; name: string; type: string; key: number | null }>`
    select c.relname as table, a.attname as name, pg_catalog.format_type(a.atttypid, a.atttypmod) as type,
      array_position(i.indkey::int2[], a.attnum) as key
    from pg_catalog.pg_attribute a
    join pg_catalog.pg_class c on c.oid = a.attrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    left join pg_catalog.pg_index i on i.indrelid = c.oid and i.indisprimary
    where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      and a.attgenerated = ''
    order by c.relname, a.attnum`.execute(db);
  const { rows: fks } = await sql<{ child: string; parent: string }>`
    select distinct ch.relname as child, pa.relname as parent from pg_catalog.pg_constraint k
    join pg_catalog.pg_class ch on ch.oid = k.conrelid
    join pg_catalog.pg_class pa on pa.oid = k.confrelid
    join pg_catalog.pg_namespace n on n.oid = ch.relnamespace
    where k.contype = 'f' and n.nspname = 'public' and ch.relname <> pa.relname`.execute(db);

  const { rows: parts } = await sql<{ parent: string; name: string; bound: string }>`
    select pa.relname as parent, ch.relname as name, pg_catalog.pg_get_expr(ch.relpartbound, ch.oid) as bound
    from pg_catalog.pg_inherits i
    join pg_catalog.pg_class ch on ch.oid = i.inhrelid
    join pg_catalog.pg_class pa on pa.oid = i.inhparent
    join pg_catalog.pg_namespace n on n.oid = pa.relnamespace
    where n.nspname = 'public' and ch.relispartition
    order by pa.relname, ch.relname`.execute(db);

  const byName = new Map<string, TableInfo>();
  for (const t of tables) if (!NOT_COPIED.includes(t.name)) byName.set(t.name, { name: t.name, columns: [], key: [] });
  const keyed: Record<string, { name: string; pos: number }[]> = {};
  for (const c of columns) {
    const table = byName.get(c.table);
    if (!table) continue;
    table.columns.push({ name: c.name, type: c.type });
    if (c.key !== null) (keyed[c.table] ??= []).push({ name: c.name, pos: c.key });
  }
  for (const [name, cols] of Object.entries(keyed))
    byName.get(name)!.key = cols.sort((a, b) => a.pos - b.pos).map((c) => c.name);

  for (const p of parts) {
    const table = byName.get(p.parent);
    if (table) (table.partitions ??= []).push({ name: p.name, bound: p.bound });
  }

  // Topological order (Kahn), ties by name so two backups of one schema list tables alike.
  const parents = new Map<string, Set<string>>([...byName.keys()].map((n) => [n, new Set<string>()]));
  for (const fk of fks) if (byName.has(fk.child) && byName.has(fk.parent)) parents.get(fk.child)!.add(fk.parent);
  const ordered: TableInfo[] = [];
  const done = new Set<string>();
  while (done.size < byName.size) {
    const next = [...byName.keys()].filter((n) => !done.has(n) && [...parents.get(n)!].every((p) => done.has(p)));
    if (next.length === 0) throw new Error('the portal tables reference each other in a cycle');
    for (const n of next.sort()) {
      done.add(n);
      ordered.push(byName.get(n)!);
    }
  }
  return ordered;
}

/** The last migration applied, or null when the portal was never installed here. */
export async function lastMigration(db: Db): Promise<string | null> {
  const { rows: exists } = await sql<{
    t: string | null;
  }>`select to_regclass('public.portal_migrations')::text as t`.execute(db);
  if (!exists[0]?.t) return null;
  const { rows } = await sql<{ name: string }>`select name from portal_migrations order by name desc limit 1`.execute(
    db,
  );
  return rows[0]?.name ?? null;
}

/** Opens a cursor over a table's rows as JSON text (row_to_json: bytea as \x hex, exact numerics). */
export async function openRowCursor(db: Db, cursor: string, table: TableInfo): Promise<void> {
  const cols = sql.join(table.columns.map((c) => sql.ref(c.name)));
  const order = table.key.length ? sql`order by ${sql.join(table.key.map((k) => sql.ref(k)))}` : sql``;
  await sql`declare ${sql.id(cursor)} no scroll cursor for
    select row_to_json(x)::text as j from (select ${cols} from ${sql.table(table.name)} ${order}) x`.execute(db);
}

export async function fetchRows(db: Db, cursor: string, count: number): Promise<string[]> {
  const { rows } = await sql<{ j: string }>`fetch ${sql.raw(String(count))} from ${sql.id(cursor)}`.execute(db);
  return rows.map((r) => r.j);
}

export async function closeCursor(db: Db, cursor: string): Promise<void> {
  await sql`close ${sql.id(cursor)}`.execute(db);
}

/** Row counts of the named tables (absent tables: -1). */
export async function countRows(db: Db, tables: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const t of tables) {
    const { rows: exists } = await sql<{ t: string | null }>`select to_regclass(${`public.${t}`})::text as t`.execute(
      db,
    );
    if (!exists[0]?.t) {
      counts.set(t, -1);
      continue;
    }
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(t)}`.execute(db);
    counts.set(t, rows[0]!.n);
  }
  return counts;
}

/** How many tables the public schema holds (a database used by something else is not a portal's to drop). */
export async function publicTableCount(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')`.execute(db);
  return rows[0]?.n ?? 0;
}

/** Drops every table of the public schema (a forced restore rebuilds the schema from the migrations). */
export async function dropPortalTables(db: Db): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')`.execute(db);
  if (rows.length === 0) return;
  await sql`drop table if exists ${sql.join(rows.map((r) => sql.table(r.name)))} cascade`.execute(db);
}

/** Range bounds of timestamps or dates only, and plain names: a backup file is not trusted with other SQL. */
const SAFE_BOUND = /^FOR VALUES FROM \('[0-9 :.+-]+'\) TO \('[0-9 :.+-]+'\)$/;
const SAFE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Makes the partitions a backup's rows need (those a migration made already are kept). */
export async function createPartitions(db: Db, table: string, partitions: readonly PartitionInfo[]): Promise<void> {
  for (const p of partitions) {
    if (!SAFE_NAME.test(p.name) || !SAFE_BOUND.test(p.bound)) {
      throw new Error(`partition ${JSON.stringify(p.name)} of ${table} has a bound this restore does not accept`);
    }
    await sql`create table if not exists ${sql.table(p.name)} partition of ${sql.table(table)} ${sql.raw(p.bound)}`.execute(
      db,
    );
  }
}

/** Empties the tables (the rows the migrations seed): the backup brings its own. */
export async function emptyTables(db: Db, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  await sql`truncate ${sql.join(tables.map((t) => sql.table(t)))} restart identity cascade`.execute(db);
}

/** Inserts rows given as JSON object texts; types come from the table (json_populate_recordset). */
export async function insertRows(db: Db, table: TableInfo, rowsJson: readonly string[]): Promise<void> {
  const cols = sql.join(table.columns.map((c) => sql.ref(c.name)));
  await sql`insert into ${sql.table(table.name)} (${cols}) overriding system value
    select ${cols} from json_populate_recordset(null::${sql.table(table.name)}, ${`[${rowsJson.join(',')}]`}::json)`.execute(
    db,
  );
}

/** Moves each identity or serial sequence past the highest id loaded. */
export async function resetSequences(db: Db, table: TableInfo): Promise<void> {
  for (const c of table.columns) {
    const { rows } = await sql<{
      seq: string | null;
    }>`select pg_get_serial_sequence(${`public.${table.name}`}, ${c.name}) as seq`.execute(db);
    const seq = rows[0]?.seq;
    if (!seq) continue;
    await sql`select setval(${seq}::regclass, coalesce((select max(${sql.ref(c.name)}) from ${sql.table(table.name)}), 0) + 1, false)`.execute(
      db,
    );
  }
}

/** Timestamps written in UTC whatever the server's zone: two backups of the same rows read alike. */
export async function useUtc(db: Db): Promise<void> {
  await sql`set local timezone = 'UTC'`.execute(db);
}

/** `select version()`: PGlite's names its WebAssembly build. */
export async function serverVersion(db: Db): Promise<string> {
  const { rows } = await sql<{ v: string }>`select version() as v`.execute(db);
  return rows[0]?.v ?? '';
}

export async function beginTransaction(db: Db): Promise<void> {
  await sql`begin`.execute(db);
}

export async function commitTransaction(db: Db): Promise<void> {
  await sql`commit`.execute(db);
}

export async function rollbackTransaction(db: Db): Promise<void> {
  await sql`rollback`.execute(db);
}

/**
 * A handle whose every query goes to `client`: a transaction begun on it spans whatever
 * runs on it, the migrator's steps included (Kysely's own transactions cannot nest them).
 */
export function onOneConnection(client: pg.PoolClient): Kysely<DB> {
  const pool = { connect: async () => ({ query: client.query.bind(client), release: () => {} }), end: async () => {} };
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: pool as any }) });
}
