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
}

export const mib = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MiB`;

export function fieldFailure(status: number, field: string, messages: TMessage[]): ApiError {
  return fieldsError({ [field]: messages }, status);
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
    const name = safeFilename(f.filename);
    if (size(f) > rules.maxBytes) {
      tooLarge = true;
      problems.push(msg('fileTooLarge', { name, limit: mib(rules.maxBytes) }));
      continue;
    }
    const t = type(f);
    if (!t || !rules.allowed.includes(t)) {
      problems.push(size(f) === 0 ? msg('fileEmpty', { name }) : msg('fileTypeRefused', { name }));
      continue;
    }
    checked.push(accept(f, filenameFor(f.filename, t), t));
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
