import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { ApiError, badRequest } from '../errors.js';
import { safeFilename } from './sniff.js';
import { fieldFailure, mib, type Upload, type UploadRules } from './uploads.js';

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
