import { ApiError } from '../errors.js';
import { filenameFor, safeFilename, sniffContentType, type SniffedContentType } from './sniff.js';

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

export const mib = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MiB`;

export function fieldFailure(status: number, field: string, messages: string[]): ApiError {
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
