/**
 * The one storage module for uploads: reads multipart forms within limits, decides each
 * file's type from its bytes (never from its name), and keeps the bytes in the database
 * (`files`, bytea) so that every server process shares them.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { Database } from '../db/database.js';
import { ApiError, badRequest } from './errors.js';

/** The types this module recognises: magic numbers for PNG, JPEG, PDF; TXT = UTF-8 without NUL. */
export type SniffedContentType = 'image/png' | 'image/jpeg' | 'application/pdf' | 'text/plain';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PDF = Buffer.from('%PDF-', 'latin1');

/** What the bytes are, or null when they are none of the recognised types (or empty). */
export function sniffContentType(data: Uint8Array): SniffedContentType | null {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (buf.length === 0) return null;
  if (buf.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (buf.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  if (buf.subarray(0, PDF.length).equals(PDF)) return 'application/pdf';
  if (buf.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return 'text/plain';
  } catch {
    return null;
  }
}

/** Extensions a stored name may keep for each type; any other gets the first one appended. */
const EXTENSIONS: Record<SniffedContentType, readonly string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg', '.jpe'],
  'application/pdf': ['.pdf'],
  // Only names no desktop opens as something active (a text "page.html" becomes "page.html.txt").
  'text/plain': ['.txt', '.log', '.csv', '.md', '.json'],
};

const NAME_MAX = 150;

/** A display name safe for headers and disks: no path, no control characters, bounded. */
export function safeFilename(raw: string | undefined): string {
  let name = (raw ?? '').normalize('NFC');
  name = path.posix.basename(name.replace(/\\/g, '/'));
  name = name.replace(/[\u0000-\u001f\u007f-\u009f"<>:|?*\u202a-\u202e\u2066-\u2069]/g, '').trim();
  name = name.replace(/^\.+/, '');
  if ([...name].length > NAME_MAX) {
    const ext = path.extname(name).slice(0, 10);
    name = [...name.slice(0, name.length - ext.length)].slice(0, NAME_MAX - ext.length).join('') + ext;
  }
  return name || 'file';
}

/** The stored name: safe, with an extension that matches what the bytes are. */
export function filenameFor(raw: string | undefined, type: SniffedContentType): string {
  const name = safeFilename(raw);
  const ext = path.extname(name).toLowerCase();
  return EXTENSIONS[type].includes(ext) ? name : `${name}${EXTENSIONS[type][0]}`;
}

/** A file read from a request, not yet checked. */
export interface Upload {
  filename: string;
  data: Buffer;
}

/** A file whose bytes are one of the allowed types. */
export interface CheckedUpload extends Upload {
  contentType: SniffedContentType;
}

export interface UploadRules {
  maxFiles: number;
  maxBytes: number;
  allowed: readonly SniffedContentType[];
  /** The field errors are reported under. */
  field: string;
}

const mib = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MiB`;

function fieldFailure(status: number, field: string, messages: string[]): ApiError {
  return new ApiError(status, messages[0]!, { [field]: messages });
}

/** Checks count, size and content of every file; throws one 400/413 naming each bad file. */
export function checkUploads(files: readonly Upload[], rules: UploadRules): CheckedUpload[] {
  if (files.length > rules.maxFiles) {
    throw fieldFailure(400, rules.field, [`At most ${rules.maxFiles} files per message.`]);
  }
  const problems: string[] = [];
  let tooLarge = false;
  const checked: CheckedUpload[] = [];
  for (const f of files) {
    const name = safeFilename(f.filename);
    if (f.data.length > rules.maxBytes) {
      tooLarge = true;
      problems.push(`${name} is larger than ${mib(rules.maxBytes)}.`);
      continue;
    }
    const type = sniffContentType(f.data);
    if (!type || !rules.allowed.includes(type)) {
      problems.push(
        f.data.length === 0
          ? `${name} is empty.`
          : `${name} is not an allowed file type (its content must be PNG, JPEG, PDF or plain text).`,
      );
      continue;
    }
    checked.push({ filename: filenameFor(f.filename, type), data: f.data, contentType: type });
  }
  if (problems.length) throw fieldFailure(tooLarge ? 413 : 400, rules.field, problems);
  return checked;
}

// ---------------------------------------------------------------- multipart

/**
 * Registers @fastify/multipart in the calling plugin's scope only (other routes keep
 * answering 415 to multipart bodies). Limits are given per request by readMultipart.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    // readMultipart checks truncation itself, so the rest of the body is still read
    // and the client receives the 413 instead of a reset connection.
    throwFileSizeLimit: false,
    limits: { files: 1, fileSize: 1, fields: 20, fieldSize: 64 * 1024, parts: 40 },
  });
}

export interface MultipartForm {
  /** Text parts (the last value when a name repeats). */
  fields: Record<string, string>;
  files: Upload[];
}

/** Busboy decodes header parameters as latin1; browsers send UTF-8 file names. */
function utf8Name(name: string): string {
  if (!/[\u0080-\u00ff]/.test(name) || /[^\u0000-\u00ff]/.test(name)) return name;
  const bytes = Buffer.from(name, 'latin1');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return name;
  }
}

/**
 * Reads a whole multipart request into memory within the rules: at most `maxFiles`
 * files of at most `maxBytes` each (a bigger file is drained, not kept, and answers 413
 * on `rules.field`), text fields up to `maxFieldBytes`.
 */
export async function readMultipart(
  req: FastifyRequest,
  rules: Pick<UploadRules, 'maxFiles' | 'maxBytes' | 'field'> & { maxFieldBytes?: number; maxFields?: number },
): Promise<MultipartForm> {
  const maxFields = rules.maxFields ?? 20;
  const fields: Record<string, string> = {};
  const files: Upload[] = [];
  const oversize: string[] = [];
  const fieldErrors: Record<string, string[]> = {};
  try {
    const parts = req.parts({
      limits: {
        files: rules.maxFiles,
        fileSize: rules.maxBytes,
        fields: maxFields,
        fieldSize: rules.maxFieldBytes ?? 64 * 1024,
        parts: rules.maxFiles + maxFields,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (!part.file.truncated) chunks.push(chunk);
        }
        const filename = utf8Name(part.filename ?? '');
        if (part.file.truncated) {
          oversize.push(`${safeFilename(filename)} is larger than ${mib(rules.maxBytes)}.`);
          continue;
        }
        // A form's empty file input arrives as a nameless, empty part.
        if (size === 0 && !filename) continue;
        files.push({ filename, data: Buffer.concat(chunks) });
      } else {
        if (part.valueTruncated) (fieldErrors[part.fieldname] ??= []).push('This value is too long.');
        else fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    throw multipartError(err, rules);
  }
  if (oversize.length) throw fieldFailure(413, rules.field, oversize);
  const first = Object.entries(fieldErrors)[0];
  if (first) throw badRequest(`${first[0]}: ${first[1][0]}`, fieldErrors);
  return { fields, files };
}

function multipartError(err: unknown, rules: { maxFiles: number; field: string }): unknown {
  if (err instanceof ApiError) return err;
  const code = (err as { code?: string }).code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return fieldFailure(400, rules.field, [`At most ${rules.maxFiles} files per message.`]);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('Too many form fields.');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest('Malformed multipart body.');
    default:
      // Busboy's own parse errors ("Unexpected end of form", bad boundary…).
      if (err instanceof Error && !(err as { statusCode?: number }).statusCode) {
        return badRequest('Malformed multipart body.');
      }
      return err;
  }
}

// ---------------------------------------------------------------- storage

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

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends stored bytes as a download: the sniffed type, never rendered in the portal's
 * origin (attachment, nosniff, a sandboxing CSP).
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: { filename: string; content_type: SniffedContentType; data: Buffer },
): FastifyReply {
  return reply
    .header('content-type', file.content_type === 'text/plain' ? 'text/plain; charset=utf-8' : file.content_type)
    .header('content-disposition', contentDisposition(file.filename))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-cache')
    .send(file.data);
}
