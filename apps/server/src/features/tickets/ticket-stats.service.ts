import { ZTicketStatsQuery, type TTicketStats, type TTicketStatsQuery, type TUserType } from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import type { AppContext } from '../../lib/context.js';
import { forbidden } from '../../lib/errors.js';
import { deskDepartments } from './ticket-reads.service.js';
import { presentWaiting } from './tickets.presenter.js';
import * as repo from './tickets.repository.js';

const DAY_MS = 86_400_000;

/** The desk's figures: SQL aggregates over the departments whose desk the caller is on. */
export async function ticketStats(ctx: AppContext, user: UserRow, query: TTicketStatsQuery): Promise<TTicketStats> {
  const q = ZTicketStatsQuery.parse(query);
  const departments = deskDepartments(user);
  if (departments.length === 0) throw forbidden('deskStatsMembersOnly');
  const now = new Date();
  const to = q.to ? new Date(q.to) : now;
  const from = q.from ? new Date(q.from) : new Date(to.getTime() - 30 * DAY_MS);
  const [counts, period, waiting] = await Promise.all([
    repo.openCounts(ctx.db, departments),
    repo.periodFigures(ctx.db, departments, from, to),
    repo.waitingTickets(ctx.db, departments, new Date(now.getTime() - q.waiting_minutes * 60_000), 100),
  ]);
  const zero = () => ({ open: 0, in_progress: 0, answered: 0, total: 0 });
  const byStatus = zero();
  const byDepartment = new Map<TUserType, ReturnType<typeof zero>>();
  for (const c of counts) {
    if (c.status === 'closed') continue;
    const n = Number(c.n);
    const d = byDepartment.get(c.department) ?? byDepartment.set(c.department, zero()).get(c.department)!;
    d[c.status] += n;
    d.total += n;
    byStatus[c.status] += n;
    byStatus.total += n;
  }
  const minutes = (s: number | null) => (s === null ? null : Math.round((s / 60) * 10) / 10);
  return {
    departments,
    from: from.toISOString(),
    to: to.toISOString(),
    open_by_status: byStatus,
    open_by_department: departments
      .filter((d) => byDepartment.has(d))
      .map((d) => ({ department: d, ...byDepartment.get(d)! })),
    created_in_period: period.created,
    closed_in_period: period.closed,
    median_first_response_minutes: minutes(period.medianFirstResponseSeconds),
    median_resolution_minutes: minutes(period.medianResolutionSeconds),
    waiting_minutes: q.waiting_minutes,
    waiting: waiting.rows.map((t) => presentWaiting(t, now)),
    waiting_count: waiting.count,
  };
}
