import { isStaff, type Actor } from '../users/permissions.js';
import type { TStaffDepartment } from '../users/user-types.js';

/** What the OCR rules need of a job. */
export interface OcrJobAccessFacts {
  owner: { username: string };
  shared_with: TStaffDepartment | null;
}

/** Who may upload documents for OCR: every signed-in member of staff (spec §2: `ocr`, login required). */
export function canUseOcr(user: Actor | null | undefined): boolean {
  return isStaff(user);
}

/**
 * Who may see a job and its results: its owner, ADMIN, and — when the owner shared it
 * with a department — that department's members. Everyone else is answered 404.
 */
export function canSeeOcrJob(user: Actor | null | undefined, job: OcrJobAccessFacts): boolean {
  if (!user || !canUseOcr(user)) return false;
  if (user.user_type === 'ADMIN' || user.username === job.owner.username) return true;
  return job.shared_with !== null && job.shared_with === user.user_type;
}

/** Who may cancel, retry, share or delete a job: its owner and ADMIN. */
export function canManageOcrJob(user: Actor | null | undefined, job: OcrJobAccessFacts): boolean {
  if (!user || !canUseOcr(user)) return false;
  return user.user_type === 'ADMIN' || user.username === job.owner.username;
}
