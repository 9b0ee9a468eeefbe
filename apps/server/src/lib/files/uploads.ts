import { msg, type TMessage } from '@portal/contracts';
import type { Database } from '../../db/database.js';
import { fieldsError, type ApiError } from '../errors.js';
import { storageUsedBy } from './files.repository.js';
import { filenameFor, safeFilename, sniffContentType, type SniffedContentType } from './sniff.js';
import type { CheckedSpooledUpload, CheckedUpload, SpooledUpload, Upload } from './upload-shapes.js';

export type { Upload, CheckedUpload, SpooledUpload, CheckedSpooledUpload } from './upload-shapes.js';

export interface UploadRules {
  maxFiles: number;
  maxBytes: number;
  allowed: readonly SniffedContentType[];
  /** The field errors are reported under. */
  field: string;
  /** What a file of another type is told (default `fileTypeRefused`, naming the attachments' types). */
  typeRefused?: (name: string) => TMessage;
}

export const mib = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MiB`;

export function fieldFailure(status: number, field: string, messages: TMessage[]): ApiError {
  return fieldsError({ [field]: messages }, status);
}

/** One file's verdict: checked and kept, or refused with its message (`tooLarge`: a 413's reason). */
export type UploadVerdict<C> = { ok: true; file: C } | { ok: false; problem: TMessage; tooLarge: boolean };

function judge<T extends { filename: string }, C>(
  f: T,
  rules: UploadRules,
  tooBig: (f: T) => boolean,
  size: (f: T) => number,
  type: (f: T) => SniffedContentType | null,
  accept: (f: T, filename: string, type: SniffedContentType) => C,
): UploadVerdict<C> {
  const name = safeFilename(f.filename);
  if (tooBig(f))
    return { ok: false, problem: msg('fileTooLarge', { name, limit: mib(rules.maxBytes) }), tooLarge: true };
  const t = type(f);
  if (!t || !rules.allowed.includes(t)) {
    const problem =
      size(f) === 0 ? msg('fileEmpty', { name }) : (rules.typeRefused?.(name) ?? msg('fileTypeRefused', { name }));
    return { ok: false, problem, tooLarge: false };
  }
  return { ok: true, file: accept(f, filenameFor(f.filename, t), t) };
}

/**
 * The one set of rules for both kinds of upload: count, size, content. Throws one
 * 400/413 naming each bad file; `accept` builds the checked value of each good one.
 */
function checkEach<T extends { filename: string }, C>(
  files: readonly T[],
  rules: UploadRules,
  size: (f: T) => number,
  type: (f: T) => SniffedContentType | null,
  accept: (f: T, filename: string, type: SniffedContentType) => C,
): C[] {
  if (files.length > rules.maxFiles) {
    throw fieldFailure(400, rules.field, [msg('filesPerMessage', { count: rules.maxFiles })]);
  }
  const problems: TMessage[] = [];
  let tooLarge = false;
  const checked: C[] = [];
  for (const f of files) {
    const verdict = judge(f, rules, (x) => size(x) > rules.maxBytes, size, type, accept);
    if (verdict.ok) checked.push(verdict.file);
    else {
      problems.push(verdict.problem);
      tooLarge ||= verdict.tooLarge;
    }
  }
  if (problems.length) throw fieldFailure(tooLarge ? 413 : 400, rules.field, problems);
  return checked;
}

/** Checks count, size and content of every file in memory; throws one 400/413 naming each bad file. */
export function checkUploads(files: readonly Upload[], rules: UploadRules): CheckedUpload[] {
  return checkEach(
    files,
    rules,
    (f) => f.data.length,
    (f) => sniffContentType(f.data),
    (f, filename, contentType) => ({ filename, data: f.data, contentType }),
  );
}

/** The same checks for streamed files, from what was learnt while they arrived. */
export function checkSpooledUploads(files: readonly SpooledUpload[], rules: UploadRules): CheckedSpooledUpload[] {
  const checked = checkEach(
    files,
    rules,
    (f) => f.size,
    (f) => f.contentType,
    (f, filename, contentType) => ({ filename, contentType, size: f.size, path: f.path, sha256: f.sha256 }),
  );
  // A good file goes unkept only once another in the request was refused, and then
  // checkEach has thrown; anything else is a bug, not the client's fault.
  return checked.map((f) => {
    if (!f.path || !f.sha256) throw new Error(`spooled upload ${f.filename} has no bytes`);
    return { ...f, path: f.path, sha256: f.sha256 };
  });
}

/**
 * Judges each streamed file on its own (for forms where each file becomes its own record):
 * a verdict per file, in order. Only too many files refuses the whole request.
 */
export function judgeSpooledUploads(
  files: readonly SpooledUpload[],
  rules: UploadRules,
): UploadVerdict<CheckedSpooledUpload>[] {
  if (files.length > rules.maxFiles) {
    throw fieldFailure(400, rules.field, [msg('filesPerMessage', { count: rules.maxFiles })]);
  }
  return files.map((f) => {
    const verdict = judge(
      f,
      rules,
      (x) => x.truncated === true || x.size > rules.maxBytes,
      (x) => x.size,
      (x) => (x.path && x.sha256 ? x.contentType : null),
      (x, filename, contentType) => ({ filename, contentType, size: x.size, path: x.path!, sha256: x.sha256! }),
    );
    return verdict;
  });
}

/**
 * Each file's place in the user's storage quota, in order: null while the files so far
 * fit, `storageQuotaExceeded` for each that would take the user past `quotaBytes` (a
 * later, smaller file may still fit). The same race as checkStorageQuota's applies.
 */
export async function storageQuotaVerdicts(
  db: Database,
  userId: number,
  sizes: readonly number[],
  quotaBytes: number,
): Promise<(TMessage | null)[]> {
  if (sizes.every((n) => n === 0)) return sizes.map(() => null);
  let used = await storageUsedBy(db, userId);
  return sizes.map((incoming) => {
    if (used + incoming <= quotaBytes) {
      used += incoming;
      return null;
    }
    return msg('storageQuotaExceeded', { used: mib(used), quota: mib(quotaBytes), incoming: mib(incoming) });
  });
}

/**
 * Refuses files that would take the user past `quotaBytes` of stored uploads (413 on
 * `field`, saying the quota and the use). Asked before the transaction, so two requests
 * racing may both pass: the overshoot is bounded by the uploads a user may have in
 * flight (multipart.ts) times their size, and the next upload is refused.
 */
export async function checkStorageQuota(
  db: Database,
  userId: number,
  files: readonly { size: number }[],
  quotaBytes: number,
  field: string,
): Promise<void> {
  const incoming = files.reduce((n, f) => n + f.size, 0);
  if (incoming === 0) return;
  const used = await storageUsedBy(db, userId);
  if (used + incoming <= quotaBytes) return;
  throw fieldFailure(413, field, [
    msg('storageQuotaExceeded', { used: mib(used), quota: mib(quotaBytes), incoming: mib(incoming) }),
  ]);
}
