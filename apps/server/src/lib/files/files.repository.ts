import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { Database } from '../../db/database.js';
import type { SniffedContentType } from './sniff.js';
import type { CheckedSpooledUpload, CheckedUpload } from './upload-shapes.js';

export interface StoredFile {
  id: number;
  filename: string;
  content_type: SniffedContentType;
  size: number;
}

/** The bytes of a spooled upload, read back from its temporary file. */
async function spooledBytes(file: CheckedSpooledUpload): Promise<Buffer> {
  const data = await fs.readFile(file.path);
  // Checked while streaming; a file that changed since is not what was checked.
  if (data.length !== file.size) throw new Error(`temporary upload ${file.path} changed size`);
  return data;
}

/**
 * Stores one checked file (inside the caller's transaction). A spooled file is read
 * from disk here, so its bytes are in memory only for this insert: one file (at most
 * the upload limit, 10 MiB) at a time per request, as the bytea parameter must be sent
 * whole. Reading the disk is no network wait: the connection is not held for a client.
 */
export async function storeFile(
  db: Database,
  file: CheckedUpload | CheckedSpooledUpload,
  uploadedBy: number | null,
): Promise<StoredFile> {
  const spooled = 'path' in file;
  const data = spooled ? await spooledBytes(file) : file.data;
  const row = await db
    .insertInto('files')
    .values({
      filename: file.filename,
      content_type: file.contentType,
      size: data.length,
      sha256: spooled ? file.sha256 : crypto.createHash('sha256').update(data).digest('hex'),
      data,
      uploaded_by: uploadedBy,
    })
    .returning(['id', 'filename', 'content_type', 'size'])
    .executeTakeFirstOrThrow();
  return { ...row, content_type: row.content_type as SniffedContentType };
}

export async function readStoredFile(db: Database, id: number) {
  const row = await db
    .selectFrom('files')
    .select(['id', 'filename', 'content_type', 'size', 'data'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...row, content_type: row.content_type as SniffedContentType } : undefined;
}

/** Bytes of every file a user has uploaded (for the storage quota). */
export async function storageUsedBy(db: Database, userId: number): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('size'), eb.val('0')).as('used'))
    .where('uploaded_by', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.used);
}

/** Removes stored files (a feature's retention or delete; the rows pointing at them go first). */
export async function deleteStoredFiles(db: Database, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('files').where('id', 'in', ids).execute();
}
