// The shapes an upload takes on its way to storage, apart from the checks (uploads.ts)
// and the storage (files.repository.ts), which both need them.
import type { SniffedContentType } from './sniff.js';

/** A file held in memory, not yet checked (factories and small callers). */
export interface Upload {
  filename: string;
  data: Buffer;
}

/** A file whose bytes are one of the allowed types. */
export interface CheckedUpload extends Upload {
  contentType: SniffedContentType;
}

/**
 * A file part as multipart.ts streamed it: to a temporary file, its type sniffed and
 * its hash computed on the way, never whole in memory. Not yet checked.
 */
export interface SpooledUpload {
  /** As the client sent it (UTF-8). */
  filename: string;
  /** Bytes received. */
  size: number;
  /** What the bytes are, or null: none of the allowed types (or empty). */
  contentType: SniffedContentType | null;
  /** The temporary file (0600, removed when the request ends); null when the bytes were not kept. */
  path: string | null;
  /** sha256 (hex) of the kept bytes; null when none were kept. */
  sha256: string | null;
  /** Past the size limit (only read without being refused at once when files are judged each alone). */
  truncated?: boolean;
}

/** A spooled file whose bytes are one of the allowed types, ready for storeFile. */
export interface CheckedSpooledUpload {
  filename: string;
  contentType: SniffedContentType;
  size: number;
  sha256: string;
  path: string;
}
