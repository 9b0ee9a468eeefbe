import { canActOnDepartment, canManageReports, isStaff, type Actor } from '../users/permissions.js';
import type { TUserType } from '../users/user-types.js';

type ReportActor = Pick<Actor, 'username' | 'user_type' | 'is_manager' | 'is_director'>;

/** May a manager write a report about a user of this department (spec §6: people they may act on)? */
export function canReportOn(author: ReportActor | null | undefined, subject: { user_type: TUserType }): boolean {
  if (!author || !canManageReports({ ...author })) return false;
  if (author.user_type === 'ADMIN') return true;
  // Interpreters are reported on by the departments that work with them daily.
  if (subject.user_type === 'INTERPRETER') {
    return (['QUALITY', 'WFM', 'RTM', 'OPERATION', 'English Department'] as TUserType[]).includes(author.user_type);
  }
  return canActOnDepartment(author.user_type, subject.user_type);
}

/** Who reads every report in a scope, and the per-department summaries: ADMIN and directors. */
export function canReadAllReports(user: ReportActor | null | undefined): boolean {
  return !!user && isStaff(user) && (user.user_type === 'ADMIN' || user.is_director);
}

/**
 * May `reader` open a report by `author`? Its author; ADMIN; a director who may act on the
 * author's department (spec §6). Others get 404 as if it did not exist.
 */
export function canReadReport(
  reader: ReportActor | null | undefined,
  author: { username: string; user_type: TUserType },
): boolean {
  if (!reader || !isStaff(reader)) return false;
  if (reader.username === author.username || reader.user_type === 'ADMIN') return true;
  return reader.is_director && canActOnDepartment(reader.user_type, author.user_type);
}
