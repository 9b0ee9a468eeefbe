import {
  ATTACHMENT_CONTENT_TYPES,
  ATTACHMENTS_FIELD,
  canActOnDepartment,
  canManageReports,
  canReadReport,
  canReportOn,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_PER_MESSAGE,
  USER_TYPES,
  ZReportRequest,
  type TReport,
  type TReportRequest,
} from '@portal/contracts';
import type { Database } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import type { AuditSource } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { conflict, fieldError, forbidden, notFound, uniqueViolationField } from '../../lib/errors.js';
import {
  checkSpooledUploads,
  checkStorageQuota,
  storeFile,
  type SpooledUpload,
  type UploadRules,
} from '../../lib/files/index.js';
import { withTx, type Tx } from '../../lib/tx.js';
import { recordEvent } from '../event-logs/index.js';
import { notify } from '../notifications/index.js';
import { sanitizeReportHtml } from './report-html.js';
import { presentReport } from './reports.presenter.js';
import * as repo from './reports.repository.js';

/** The same files as tickets and leaves: PNG, JPEG, PDF or text by content, 5 × 10 MiB, the uploader's quota. */
export const REPORT_UPLOAD_RULES: UploadRules = {
  maxFiles: MAX_ATTACHMENTS_PER_MESSAGE,
  maxBytes: MAX_ATTACHMENT_BYTES,
  allowed: ATTACHMENT_CONTENT_TYPES,
  field: ATTACHMENTS_FIELD,
};

export const REPORT_NOT_FOUND = 'reportNotFound';
const ONLY_MANAGERS = 'reportsManagersOnly';
const SUBMITTED_IS_FINAL = 'reportSubmittedFinal';
const SUBMITTED_NOT_DELETED = 'reportSubmittedNotDeleted';

type ParsedRequest = ReturnType<typeof ZReportRequest.parse>;

const displayName = (u: { first_name: string; last_name: string; username: string }) =>
  `${u.first_name} ${u.last_name}`.trim() || u.username;

/** The subjects as user ids; every one must exist, be active and be someone the author may report on. */
async function resolveSubjects(db: Database, author: UserRow, usernames: readonly string[]): Promise<number[]> {
  const wanted = [...new Set(usernames)];
  const people = new Map((await repo.findPeople(db, wanted)).map((p) => [p.username, p]));
  const refused = wanted.filter((name) => {
    const p = people.get(name);
    return !p || !p.is_active || !canReportOn(author, p);
  });
  if (refused.length) throw fieldError('subjects', 'reportSubjectsRefused', { names: refused.join(', ') });
  return wanted.map((name) => people.get(name)!.id);
}

/**
 * The report a new one replaces: submitted, readable by the caller and theirs (ADMIN:
 * anyone's), and not already being replaced. Anything else is a 400 on `supersedes`
 * (a report the caller may not read is named as not found, as everywhere).
 */
async function checkSupersedes(db: Database, caller: UserRow, id: number): Promise<void> {
  const old = await repo.findReport(db, id);
  if (!old || !canReadReport(caller, { username: old.author_username, user_type: old.author_user_type })) {
    throw fieldError('supersedes', REPORT_NOT_FOUND);
  }
  if (old.author_id !== caller.id && caller.user_type !== 'ADMIN') {
    throw fieldError('supersedes', 'reportSupersedeAuthorOnly');
  }
  if (old.status !== 'submitted') throw fieldError('supersedes', 'reportSupersedeSubmittedOnly');
  if (old.superseded_by !== null) throw fieldError('supersedes', 'reportAlreadySuperseded');
}

interface Prepared {
  req: ParsedRequest;
  subjectIds: number[];
  body: string;
  files: ReturnType<typeof checkSpooledUploads>;
}

/** Everything that needs no lock, checked before the transaction: a refusal stores nothing. */
async function prepare(
  ctx: AppContext,
  caller: UserRow,
  input: TReportRequest,
  uploads: SpooledUpload[],
): Promise<Prepared> {
  const req = ZReportRequest.parse(input);
  const subjectIds = await resolveSubjects(ctx.db, caller, req.subjects);
  const files = checkSpooledUploads(uploads, REPORT_UPLOAD_RULES);
  await checkStorageQuota(ctx.db, caller.id, files, ctx.config.UPLOAD_QUOTA_MB * 1024 * 1024, ATTACHMENTS_FIELD);
  return { req, subjectIds, body: sanitizeReportHtml(req.body), files };
}

const valuesOf = (p: Prepared): repo.ReportValues => ({
  title: p.req.title,
  type: p.req.type,
  period_from: p.req.period_from,
  period_to: p.req.period_to,
  body: p.body,
});

/** The directors who may act on the author's department hear of a submitted report (drafts stay private). */
async function submit(
  tx: Tx,
  caller: UserRow,
  id: number,
  title: string,
  supersedes: number | null,
  source: AuditSource,
) {
  if (!(await repo.markSubmitted(tx.db, id))) throw conflict(SUBMITTED_IS_FINAL);
  if (supersedes !== null) {
    if (!(await repo.markSuperseded(tx.db, supersedes))) {
      throw fieldError('supersedes', 'reportSupersedeSubmittedOnly');
    }
    await recordEvent(tx.db, source, {
      action: 'report.superseded',
      targetType: 'report',
      targetId: supersedes,
      details: { by: id },
    });
  }
  await recordEvent(tx.db, source, { action: 'report.submitted', targetType: 'report', targetId: id });
  const above = USER_TYPES.filter((t) => canActOnDepartment(t, caller.user_type));
  const directors = await repo.activeDirectorIds(tx.db, above, caller.id);
  if (directors.length) {
    await notify(tx, {
      kind: 'reportSubmitted',
      params: { name: displayName(caller), title },
      url: `/report/${id}`,
      recipients: directors,
      senderId: caller.id,
    });
  }
}

async function storeAttachments(tx: Tx, caller: UserRow, id: number, files: Prepared['files']) {
  for (const file of files) {
    const stored = await storeFile(tx.db, file, caller.id);
    await repo.linkAttachment(tx.db, id, stored.id);
  }
}

/** Two new reports racing to replace the same one: the second is told, not given a 500. */
function explainUnique(err: unknown): never {
  if (uniqueViolationField(err, { reports_supersedes_id_key: 'supersedes' })) {
    throw fieldError('supersedes', 'reportAlreadySuperseded');
  }
  throw err;
}

export async function createReport(
  ctx: AppContext,
  caller: UserRow,
  input: TReportRequest,
  uploads: SpooledUpload[],
  source: AuditSource,
): Promise<TReport> {
  if (!canManageReports(caller)) throw forbidden(ONLY_MANAGERS);
  const p = await prepare(ctx, caller, input, uploads);
  const supersedes = p.req.supersedes ?? null;
  if (supersedes !== null) await checkSupersedes(ctx.db, caller, supersedes);

  const id = await withTx(ctx, async (tx) => {
    const id = await repo.insertReport(tx.db, caller.id, valuesOf(p), supersedes);
    await repo.replaceSubjects(tx.db, id, p.subjectIds);
    await storeAttachments(tx, caller, id, p.files);
    await recordEvent(tx.db, source, {
      action: 'report.created',
      targetType: 'report',
      targetId: id,
      details: { type: p.req.type, subjects: p.subjectIds, supersedes, attachments: p.files.length },
    });
    if (p.req.submit) await submit(tx, caller, id, p.req.title, supersedes, source);
    return id;
  }).catch(explainUnique);
  return presentReport((await repo.findReport(ctx.db, id))!, caller.id);
}

/** The report for its author's change; others who may read it are refused (403), the rest never learn it exists. */
async function ownDraft(db: Database, caller: UserRow, id: number) {
  const row = await repo.findReport(db, id);
  if (!row || !canReadReport(caller, { username: row.author_username, user_type: row.author_user_type })) {
    throw notFound(REPORT_NOT_FOUND);
  }
  if (row.author_id !== caller.id) throw forbidden('reportEditAuthorOnly');
  return row;
}

export async function updateReport(
  ctx: AppContext,
  caller: UserRow,
  id: number,
  input: TReportRequest,
  uploads: SpooledUpload[],
  source: AuditSource,
): Promise<TReport> {
  // A report the caller may not read is not found, manager or not; its author who is no
  // longer a manager may not change it (403).
  const row = await ownDraft(ctx.db, caller, id);
  if (!canManageReports(caller)) throw forbidden(ONLY_MANAGERS);
  if (row.status !== 'draft') throw conflict(SUBMITTED_IS_FINAL);
  const p = await prepare(ctx, caller, input, uploads);
  if (p.req.supersedes !== undefined && p.req.supersedes !== row.supersedes_id) {
    throw fieldError('supersedes', 'reportSupersedeNewOnly');
  }

  await withTx(ctx, async (tx) => {
    const locked = await repo.lockReport(tx.db, id);
    if (!locked || locked.status !== 'draft') throw conflict(SUBMITTED_IS_FINAL);
    await repo.updateReport(tx.db, id, valuesOf(p));
    await repo.replaceSubjects(tx.db, id, p.subjectIds);
    const removed = await repo.removeAttachments(tx.db, id, p.req.remove_attachments ?? []);
    await storeAttachments(tx, caller, id, p.files);
    await recordEvent(tx.db, source, {
      action: 'report.updated',
      targetType: 'report',
      targetId: id,
      details: { subjects: p.subjectIds, attachments_added: p.files.length, attachments_removed: removed },
    });
    if (p.req.submit) await submit(tx, caller, id, p.req.title, locked.supersedes_id, source);
  });
  return presentReport((await repo.findReport(ctx.db, id))!, caller.id);
}

export async function deleteReport(ctx: AppContext, caller: UserRow, id: number, source: AuditSource): Promise<void> {
  const row = await ownDraft(ctx.db, caller, id);
  if (row.status !== 'draft') throw conflict(SUBMITTED_NOT_DELETED);
  await withTx(ctx, async (tx) => {
    const locked = await repo.lockReport(tx.db, id);
    if (!locked || locked.status !== 'draft') throw conflict(SUBMITTED_NOT_DELETED);
    const files = await repo.deleteReport(tx.db, id);
    await recordEvent(tx.db, source, {
      action: 'report.deleted',
      targetType: 'report',
      targetId: id,
      details: { title: row.title, attachments: files.length },
    });
  });
}
