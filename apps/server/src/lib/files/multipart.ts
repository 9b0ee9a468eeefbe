import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { msg, type TMessage } from '@portal/contracts';
import { ApiError, badRequest, tooManyRequests, type FieldMessages } from '../errors.js';
import { ContentSniffer, safeFilename, type SniffedContentType } from './sniff.js';
import { fieldFailure, mib, type SpooledUpload, type UploadRules } from './uploads.js';

export interface MultipartOptions {
  /** Where file parts are spooled while a request runs (created when missing). */
  tempDir: string;
  /** Multipart requests one user may have in flight (per process); the next is answered 429. */
  maxInFlightPerUser?: number;
}

export type MultipartRules = Pick<UploadRules, 'maxFiles' | 'maxBytes' | 'field'> & {
  /** Types worth keeping: a part that can no longer be one of them stops being written at once. */
  allowed?: readonly SniffedContentType[];
  maxFieldBytes?: number;
  maxFields?: number;
  /**
   * Each file is judged alone (each becomes its own record): a file too large or of
   * another type does not refuse the request, and the files after it are still kept.
   */
  eachFileAlone?: boolean;
};

export interface MultipartForm {
  /** Text parts (the last value when a name repeats). */
  fields: Record<string, string>;
  /** File parts, spooled to temporary files that are removed when the request ends. */
  files: SpooledUpload[];
}

export interface MultipartReader {
  /**
   * Reads a multipart request within the rules, as `owner` (one of their in-flight
   * uploads): text fields into memory, file parts streamed to temporary files.
   */
  read(req: FastifyRequest, rules: MultipartRules, owner: number): Promise<MultipartForm>;
}

/**
 * A route's multipart body: `preValidation` turns multipart/form-data into the same body
 * the JSON clients send (the text parts, then validated by the route's own schema), and
 * `files(req)` hands the handler the spooled file parts (none for a JSON request).
 */
export function multipartBody(reader: MultipartReader, rules: MultipartRules, owner: (req: FastifyRequest) => number) {
  const uploadsOf = new WeakMap<FastifyRequest, SpooledUpload[]>();
  return {
    async preValidation(req: FastifyRequest): Promise<void> {
      if (!req.isMultipart()) return;
      const form = await reader.read(req, rules, owner(req));
      uploadsOf.set(req, form.files);
      req.body = form.fields;
    },
    files: (req: FastifyRequest): SpooledUpload[] => uploadsOf.get(req) ?? [],
  };
}

/** The upload directory of a data directory (tests look inside). */
export const uploadTempDir = (dataDir: string) => path.join(dataDir, 'tmp', 'uploads');

const DEFAULT_MAX_IN_FLIGHT = 2;
/** Seconds a refused client is asked to wait: uploads in flight end within seconds on an office network. */
const RETRY_AFTER_SECONDS = 5;
/** Files a crashed process left behind; no live request is this old. */
const STALE_MS = 24 * 3600 * 1000;

/** Failures of our own disk, kept apart from the client's malformed bodies (those are 400; these 500). */
class SpoolError extends Error {}

const onDisk = <T>(p: Promise<T>): Promise<T> =>
  p.catch((err: unknown) => {
    throw new SpoolError('spooling an upload failed', { cause: err });
  });

/** A request's temporary files and its in-flight slot: all given back once, when it ends. */
class RequestUploads {
  private readonly paths = new Set<string>();
  private ended = false;

  constructor(
    private readonly dir: string,
    private readonly release: () => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A new, empty temporary file only this process's user may read. */
  async create(): Promise<{ path: string; handle: fs.FileHandle }> {
    if (this.ended) throw badRequest('multipartMalformed');
    const file = path.join(this.dir, `upload-${crypto.randomUUID()}.part`);
    this.paths.add(file);
    const handle = await onDisk(fs.open(file, 'wx', 0o600));
    if (this.ended) {
      // The request ended while the file was being created: end() may have missed it.
      await handle.close();
      await this.remove(file);
      throw badRequest('multipartMalformed');
    }
    return { path: file, handle };
  }

  async remove(file: string): Promise<void> {
    this.paths.delete(file);
    await fs.rm(file, { force: true }).catch((err: unknown) => this.log.warn({ err }, 'removing an upload failed'));
  }

  /** Idempotent: the slot is freed and every file removed (an open one is unlinked; its handle closes later). */
  async end(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    this.release();
    await Promise.all([...this.paths].map((f) => this.remove(f)));
  }
}

const sessions = new WeakMap<FastifyRequest, RequestUploads>();

async function endUploads(req: FastifyRequest): Promise<void> {
  await sessions.get(req)?.end();
}

async function sweepStale(dir: string, log: FastifyBaseLogger): Promise<void> {
  const now = Date.now();
  for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
    if (!name.startsWith('upload-')) continue;
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > STALE_MS) {
      await fs.rm(file, { force: true }).catch((err: unknown) => log.warn({ err }, 'removing a stale upload failed'));
    }
  }
}

/**
 * Registers @fastify/multipart in the calling plugin's scope only (other routes keep
 * answering 415 to multipart bodies), with the hooks that remove a request's temporary
 * files when it ends: before the answer is sent (onSend), after it (onResponse), or when
 * the client goes away (onRequestAbort). Limits are given per request to `read`.
 */
export async function registerMultipart(app: FastifyInstance, options: MultipartOptions): Promise<MultipartReader> {
  await app.register(multipart, {
    // readForm checks truncation itself, so the rest of the body is still read
    // and the client receives the 413 instead of a reset connection.
    throwFileSizeLimit: false,
    limits: { files: 1, fileSize: 1, fields: 20, fieldSize: 64 * 1024, parts: 40 },
  });
  await fs.mkdir(options.tempDir, { recursive: true, mode: 0o700 });
  await sweepStale(options.tempDir, app.log);
  app.addHook('onSend', async (req, _reply: FastifyReply, payload) => {
    await endUploads(req);
    return payload;
  });
  app.addHook('onResponse', endUploads);
  app.addHook('onRequestAbort', endUploads);

  // Per process: the limit guards this process's disk, memory and database connection,
  // which are per process too. N servers let a user have N × max uploads in flight,
  // still a bound, and it costs no database round trip per request.
  const maxInFlight = options.maxInFlightPerUser ?? DEFAULT_MAX_IN_FLIGHT;
  const inFlight = new Map<number, number>();

  return {
    async read(req, rules, owner) {
      if (sessions.has(req)) throw new Error('a multipart request is read once');
      const count = inFlight.get(owner) ?? 0;
      if (count >= maxInFlight) {
        throw tooManyRequests(RETRY_AFTER_SECONDS, 'uploadsInProgress', { count: maxInFlight });
      }
      inFlight.set(owner, count + 1);
      const release = () => {
        const n = (inFlight.get(owner) ?? 1) - 1;
        if (n > 0) inFlight.set(owner, n);
        else inFlight.delete(owner);
      };
      const session = new RequestUploads(options.tempDir, release, req.log);
      sessions.set(req, session);
      // A client that left before now: its abort hook found no session to end.
      if (req.raw.aborted || req.raw.socket?.destroyed) {
        await session.end();
        throw badRequest('multipartMalformed');
      }
      try {
        return await readForm(req, rules, session);
      } catch (err) {
        // Refused: free the slot and the disk now, not when the answer has gone out.
        await session.end();
        throw err;
      }
    },
  };
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

type FileStream = AsyncIterable<Buffer> & { truncated: boolean; once(event: 'limit', listener: () => void): unknown };

interface SpooledPart {
  size: number;
  truncated: boolean;
  contentType: SniffedContentType | null;
  path: string | null;
  sha256: string | null;
}

/**
 * Streams one file part to a temporary file, sniffing and hashing on the way. Nothing
 * is written (or what was written is removed at once) when the part goes over the size
 * limit, can no longer be an allowed type, or `keep` is false (the request is already
 * refused: the part is still read, to name it in the answer). Each chunk is on disk
 * before the next is read, so a fast client waits on the disk instead of filling memory.
 */
async function spoolPart(
  stream: FileStream,
  allowed: readonly SniffedContentType[] | undefined,
  session: RequestUploads,
  keep: boolean,
): Promise<SpooledPart> {
  const sniffer = new ContentSniffer();
  const hash = crypto.createHash('sha256');
  let size = 0;
  let ruledOut = false;
  // In an object: the steps below run in closures, where TypeScript cannot follow a `let`.
  const spool: { out: { path: string; handle: fs.FileHandle } | null } = { out: null };
  const drop = async () => {
    keep = false;
    const out = spool.out;
    if (!out) return;
    spool.out = null;
    await out.handle.close().catch(() => undefined);
    await session.remove(out.path);
  };
  // Disk work runs one step at a time, so a drop never closes a file under a write.
  let disk: Promise<void> = Promise.resolve();
  const serial = (step: () => Promise<void>) => (disk = disk.then(step));
  // Busboy marks the part the moment it passes the limit and skips the rest of it: no
  // chunk may follow to tell the loop, so the file is dropped from here, at once.
  stream.once('limit', () => void serial(drop).catch(() => undefined));
  try {
    for await (const chunk of stream) {
      size += chunk.length;
      if (stream.truncated || ruledOut) continue;
      sniffer.push(chunk);
      if (allowed && sniffer.ruledOut(allowed)) {
        ruledOut = true;
        await serial(drop);
        continue;
      }
      if (!keep) continue;
      await serial(async () => {
        if (stream.truncated || !keep) return;
        spool.out ??= await session.create();
        hash.update(chunk);
        await onDisk(spool.out.handle.write(chunk));
      });
    }
    await disk;
    const contentType = ruledOut || stream.truncated ? null : sniffer.end();
    // Text cut in the middle of a UTF-8 sequence is only found at the end.
    if (!contentType || (allowed && !allowed.includes(contentType))) await drop();
    const kept = spool.out;
    if (kept) await onDisk(kept.handle.close());
    return {
      size,
      truncated: stream.truncated,
      contentType,
      path: kept?.path ?? null,
      sha256: kept ? hash.digest('hex') : null,
    };
  } catch (err) {
    await disk.catch(() => undefined);
    await drop();
    throw err;
  }
}

/**
 * Reads a whole multipart request within the rules: at most `maxFiles` files of at
 * most `maxBytes` each (a bigger file is drained, not kept, and answers 413 on
 * `rules.field`), text fields up to `maxFieldBytes`. File parts go to disk, never whole
 * into memory.
 */
async function readForm(req: FastifyRequest, rules: MultipartRules, session: RequestUploads): Promise<MultipartForm> {
  const maxFields = rules.maxFields ?? 20;
  const fields: Record<string, string> = {};
  const files: SpooledUpload[] = [];
  const oversize: TMessage[] = [];
  const fieldErrors: FieldMessages = {};
  // Once one file is refused the request will be: later files are read but not written.
  let refused = false;
  const discardAll = () => Promise.all(files.map((f) => (f.path ? session.remove(f.path) : undefined)));
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
        const filename = utf8Name(part.filename ?? '');
        const spooled = await spoolPart(part.file as FileStream, rules.allowed, session, !refused);
        if (spooled.truncated && rules.eachFileAlone) {
          files.push({ filename, size: spooled.size, contentType: null, path: null, sha256: null, truncated: true });
          continue;
        }
        if (spooled.truncated) {
          refused = true;
          oversize.push(msg('fileTooLarge', { name: safeFilename(filename), limit: mib(rules.maxBytes) }));
          continue;
        }
        // A form's empty file input arrives as a nameless, empty part.
        if (spooled.size === 0 && !filename) continue;
        if (!spooled.path && !rules.eachFileAlone) refused = true;
        const { size, contentType, path: file, sha256 } = spooled;
        files.push({ filename, size, contentType, path: file, sha256 });
      } else {
        if (part.valueTruncated) (fieldErrors[part.fieldname] ??= []).push(msg('formValueTooLong'));
        else fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    await discardAll();
    throw multipartError(err, rules);
  }
  if (oversize.length) {
    await discardAll();
    throw fieldFailure(413, rules.field, oversize);
  }
  const first = Object.entries(fieldErrors)[0];
  if (first) {
    await discardAll();
    throw new ApiError(400, msg('fieldProblem', { field: first[0], reason: first[1][0]! }), fieldErrors);
  }
  // Every byte arrived, but the client left before the answer: no hook will see this request end.
  if (req.raw.aborted) {
    await discardAll();
    throw badRequest('multipartMalformed');
  }
  return { fields, files };
}

function multipartError(err: unknown, rules: { maxFiles: number; field: string }): unknown {
  if (err instanceof ApiError) return err;
  // Our disk failed, not the client: a logged 500.
  if (err instanceof SpoolError) return err.cause;
  const code = (err as { code?: string }).code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return fieldFailure(400, rules.field, [msg('filesPerMessage', { count: rules.maxFiles })]);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('tooManyFormFields');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest('multipartMalformed');
    default:
      // Busboy's own parse errors ("Unexpected end of form", bad boundary…).
      if (err instanceof Error && !(err as { statusCode?: number }).statusCode) {
        return badRequest('multipartMalformed');
      }
      return err;
  }
}
