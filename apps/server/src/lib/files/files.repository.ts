import crypto from 'node:crypto';
import type { Database } from '../../db/database.js';
import type { SniffedContentType } from './sniff.js';
import type { CheckedUpload } from './uploads.js';

export interface StoredFile {
  id: number;
  filename: string;
  content_type: SniffedContentType;
  size: number;
}

/** Stores one checked file (inside the caller's transaction). */
export async function storeFile(db: Database, file: CheckedUpload, uploadedBy: number | null): Promise<StoredFile> {
  const row = await db
    .insertInto('files')
    .values({
      filename: file.filename,
      content_type: file.contentType,
      size: file.data.length,
      sha256: crypto.createHash('sha256').update(file.data).digest('hex'),
      data: file.data,
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
