import type { TOcrJob, TUserRef } from '@portal/contracts';

export const OCR_PATHS = {
  list: '/ocr',
  job: (id: number, page?: number) => `/ocr/${id}${page ? `?page=${page}` : ''}`,
} as const;

/** "First Last", or the username when the account has no name. */
export function ownerName(user: Pick<TUserRef, 'username' | 'first_name' | 'last_name'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.username;
}

/** The job is still waiting or working (it may be cancelled). */
export const isActive = (job: Pick<TOcrJob, 'status'>) => job.status === 'queued' || job.status === 'running';

/** The job may be tried again. */
export const isRetryable = (job: Pick<TOcrJob, 'status'>) => job.status === 'failed' || job.status === 'cancelled';

/** Pages handled so far (recognised or failed), out of the known total. */
export const pagesHandled = (job: Pick<TOcrJob, 'pages_done' | 'pages_failed'>) => job.pages_done + job.pages_failed;
