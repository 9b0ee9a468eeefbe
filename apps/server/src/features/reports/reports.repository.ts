import { sql, type ExpressionBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { TReportStatus, TReportType, TUserType } from '@portal/contracts';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { deleteStoredFiles } from '../../lib/files/index.js';

type Db = Database;

// ---------------------------------------------------------------- people

/** Users by username, as the report rules see them (unknown names are simply absent). */
export function findPeople(db: Db, usernames: readonly string[]) {
  if (usernames.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'username', 'user_type', 'is_active'])
    .where('username', 'in', [...usernames])
    .execute();
}

/** Active directors of these departments (who hear of a submitted report). */
export async function activeDirectorIds(db: Db, types: readonly TUserType[], except: number): Promise<number[]> {
  if (types.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('is_active', '=', true)
    .where('is_director', '=', true)
    .where('user_type', 'in', [...types])
    .where('id', '<>', except)
    .execute();
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- reports

export interface ReportValues {
  title: string;
  type: TReportType;
  period_from: string;
  period_to: string;
  body: string;
}

export async function insertReport(
  db: Db,
  authorId: number,
  v: ReportValues,
  supersedesId: number | null,
): Promise<number> {
  const row = await db
    .insertInto('reports')
    .values({ ...v, author_id: authorId, status: 'draft', supersedes_id: supersedesId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateReport(db: Db, id: number, v: ReportValues): Promise<void> {
  await db
    .updateTable('reports')
    .set({ ...v, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Submits a draft; false when it was no longer a draft (a concurrent submit won). */
export async function markSubmitted(db: Db, id: number): Promise<boolean> {
  const r = await db
    .updateTable('reports')
    .set({ status: 'submitted', submitted_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A submitted report replaced by its successor; false when it was not (or no longer) submitted. */
export async function markSuperseded(db: Db, id: number): Promise<boolean> {
  const r = await db
    .updateTable('reports')
    .set({ status: 'superseded', updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'submitted')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Locks a report's row for a write that depends on its status. */
export async function lockReport(db: Db, id: number) {
  return db
    .selectFrom('reports')
    .select(['id', 'author_id', 'status', 'supersedes_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function deleteReport(db: Db, id: number): Promise<number[]> {
  const files = await db.selectFrom('report_attachments').select('file_id').where('report_id', '=', id).execute();
  await db.deleteFrom('reports').where('id', '=', id).execute();
  // The files belong to the report alone: their bytes go with it.
  await deleteStoredFiles(
    db,
    files.map((f) => f.file_id),
  );
  return files.map((f) => f.file_id);
}

export async function replaceSubjects(db: Db, reportId: number, userIds: readonly number[]): Promise<void> {
  await db.deleteFrom('report_subjects').where('report_id', '=', reportId).execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('report_subjects')
    .values(userIds.map((user_id) => ({ report_id: reportId, user_id })))
    .execute();
}

export async function linkAttachment(db: Db, reportId: number, fileId: number): Promise<void> {
  await db.insertInto('report_attachments').values({ report_id: reportId, file_id: fileId }).execute();
}

/** Removes these attachments of the report (ids of other reports are ignored); answers how many went. */
export async function removeAttachments(db: Db, reportId: number, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const gone = await db
    .deleteFrom('report_attachments')
    .where('report_id', '=', reportId)
    .where('id', 'in', [...ids])
    .returning('file_id')
    .execute();
  await deleteStoredFiles(
    db,
    gone.map((g) => g.file_id),
  );
  return gone.length;
}

type ReportScope = ExpressionBuilder<DB & { r: DB['reports'] }, 'r'>;

/** A report with its author, subjects, attachments and successor, in one row. */
function reportsWithEverything(db: Db) {
  return db
    .selectFrom('reports as r')
    .innerJoin('users as a', 'a.id', 'r.author_id')
    .leftJoin('reports as nx', 'nx.supersedes_id', 'r.id')
    .select([
      'r.id',
      'r.author_id',
      'r.title',
      'r.type',
      'r.status',
      'r.period_from',
      'r.period_to',
      'r.body',
      'r.supersedes_id',
      'r.created_at',
      'r.updated_at',
      'r.submitted_at',
      'nx.id as superseded_by',
      'nx.status as successor_status',
      'a.username as author_username',
      'a.first_name as author_first_name',
      'a.last_name as author_last_name',
      'a.user_type as author_user_type',
    ])
    .select((eb) => [
      jsonArrayFrom(
        (eb as unknown as ReportScope)
          .selectFrom('report_subjects as rs')
          .innerJoin('users as su', 'su.id', 'rs.user_id')
          .select(['su.id', 'su.username', 'su.first_name', 'su.last_name', 'su.user_type'])
          .whereRef('rs.report_id', '=', 'r.id')
          .orderBy('su.username'),
      ).as('subjects'),
      jsonArrayFrom(
        (eb as unknown as ReportScope)
          .selectFrom('report_attachments as ra')
          .innerJoin('files as f', 'f.id', 'ra.file_id')
          .select(['ra.id', 'f.filename', 'f.content_type', 'f.size'])
          .whereRef('ra.report_id', '=', 'r.id')
          .orderBy('ra.id'),
      ).as('attachments'),
    ]);
}

export type ReportRow = NonNullable<Awaited<ReturnType<typeof findReport>>>;

export function findReport(db: Db, id: number) {
  return reportsWithEverything(db).where('r.id', '=', id).executeTakeFirst();
}

export interface ReportFilter {
  /** Only this author's. */
  authorId?: number;
  /** Only reports whose author is of these departments ('all': any). */
  authorTypes: readonly TUserType[] | 'all';
  /** Drafts are their author's alone: lists of others' reports leave them out. */
  includeDrafts: boolean;
  status?: TReportStatus;
  type?: TReportType;
  subject?: string;
  search?: string;
}

/** One page of reports, newest change first, with the total count. */
export async function listReports(db: Db, f: ReportFilter, limit: number, offset: number) {
  let q = reportsWithEverything(db);
  if (f.authorId !== undefined) q = q.where('r.author_id', '=', f.authorId);
  if (f.authorTypes !== 'all') {
    if (f.authorTypes.length === 0) return { count: 0, rows: [] };
    q = q.where('a.user_type', 'in', [...f.authorTypes]);
  }
  if (!f.includeDrafts) q = q.where('r.status', '<>', 'draft');
  if (f.status) q = q.where('r.status', '=', f.status);
  if (f.type) q = q.where('r.type', '=', f.type);
  if (f.subject) {
    const subject = f.subject;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('report_subjects as fs')
          .innerJoin('users as fu', 'fu.id', 'fs.user_id')
          .select('fs.user_id')
          .whereRef('fs.report_id', '=', 'r.id')
          .where('fu.username', '=', subject),
      ),
    );
  }
  if (f.search) q = q.where('r.title', 'ilike', `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const rows = await q
    .select(sql<string>`count(*) over ()`.as('total'))
    .orderBy('r.updated_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { count: rows.length ? Number(rows[0]!.total) : 0, rows };
}

/** An attachment of a report, with the report's author (the visibility rule looks at them). */
export function findAttachment(db: Db, reportId: number, attachmentId: number) {
  return db
    .selectFrom('report_attachments as ra')
    .innerJoin('reports as r', 'r.id', 'ra.report_id')
    .innerJoin('users as a', 'a.id', 'r.author_id')
    .select(['ra.id', 'ra.file_id', 'a.username', 'a.user_type'])
    .where('ra.id', '=', attachmentId)
    .where('ra.report_id', '=', reportId)
    .executeTakeFirst();
}
