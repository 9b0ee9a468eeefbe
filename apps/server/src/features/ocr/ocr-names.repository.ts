import type { Database } from '../../db/database.js';

/** OCR jobs named by their file's name, for the event log's readers (`ids`: at least one). */
export function ocrJobNames(db: Database, ids: readonly number[]) {
  return db
    .selectFrom('ocr_jobs')
    .select(['id', 'filename as name'])
    .where('id', 'in', [...ids])
    .execute();
}
