import {
  canActOnDepartment,
  canScoreKpi,
  canUseKpiPages,
  isStaff,
  periodStart,
  ZKpiRemindRequest,
  type TKpiPeriod,
  type TKpiRemindRequest,
} from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import type { AuditSource } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { forbidden } from '../../lib/errors.js';
import { withTx } from '../../lib/tx.js';
import { recordEvent } from '../event-logs/index.js';
import { notify } from '../notifications/index.js';
import { localDay, reminderPlan } from './kpi-scoring.js';
import { appliesTo } from './kpi-records.service.js';
import { missingValues, type MissingItem } from './kpi-scores.service.js';
import * as repo from './kpi.repository.js';

/** The scheduler itself, in the event log. */
const SYSTEM_SOURCE: AuditSource = { actorId: null, actorUsername: 'system', ip: '', userAgent: 'scheduler' };
const KPI_URL = '/kpi';

const nameOf = (u: { first_name: string; last_name: string; username: string }) =>
  `${u.first_name} ${u.last_name}`.trim() || u.username;

/**
 * Who enters `subject`'s values: every active staff member who may score them (QUALITY
 * and WFM for interpreters, the managers and directors above a staff member's
 * department). ADMIN may score anyone but is told only when nobody else may.
 */
export function enterersOf(staff: readonly repo.PersonRow[], subject: repo.PersonRow): repo.PersonRow[] {
  const may = staff.filter((u) => u.id !== subject.id && canScoreKpi(u, subject));
  const regular = may.filter((u) => u.user_type !== 'ADMIN');
  return regular.length > 0 ? regular : may;
}

/** The managers and directors who may act on the enterers' departments (ADMIN when there are none). */
export function managersOf(
  staff: readonly repo.PersonRow[],
  enterers: readonly repo.PersonRow[],
  subject: repo.PersonRow,
): repo.PersonRow[] {
  const departments = [...new Set(enterers.map((u) => u.user_type))];
  const managers = staff.filter(
    (u) =>
      u.id !== subject.id &&
      (u.is_manager || u.is_director) &&
      departments.some((d) => canActOnDepartment(u.user_type, d)),
  );
  return managers.length > 0 ? managers : staff.filter((u) => u.id !== subject.id && u.user_type === 'ADMIN');
}

/** Missing values grouped by person (one notification per person and period). */
function byPerson(items: readonly MissingItem[]): MissingItem[][] {
  const groups = new Map<number, MissingItem[]>();
  for (const item of items) groups.set(item.person.id, [...(groups.get(item.person.id) ?? []), item]);
  return [...groups.values()];
}

/** The parameters of a reminder about one person's missing values of one period. */
const missingParams = (items: readonly MissingItem[], period: TKpiPeriod, start: string) => ({
  name: nameOf(items[0]!.person),
  period: { period, start },
  kpis: items.map((i) => ({ name: i.kpi.name, name_ar: i.kpi.name_ar })),
});

/**
 * One-click reminders from the missing list: for each item the caller may score and that
 * is still missing, whoever enters it is told (one notification per person and period)
 * and a 'manual' reminder is recorded. Items outside the caller's scope, already
 * recorded or of a retired KPI are skipped. Answers how many items and people were told.
 */
export async function remindMissing(
  ctx: AppContext,
  caller: UserRow,
  input: TKpiRemindRequest,
  source: AuditSource,
): Promise<{ reminded: number; recipients: number }> {
  if (!canUseKpiPages(caller)) throw forbidden();
  const req = ZKpiRemindRequest.parse(input);
  const people = await repo.activePeople(ctx.db);
  const byUsername = new Map(people.map((p) => [p.username, p]));
  const defs = new Map((await repo.listDefinitions(ctx.db, { active: true })).map((d) => [d.id, d]));
  const staff = people.filter(isStaff);

  // Group the asked items by period, then keep those still missing there.
  const asked = new Map<string, { period: TKpiPeriod; start: string; items: MissingItem[] }>();
  const seen = new Set<string>();
  for (const item of req.items) {
    const person = byUsername.get(item.username);
    const kpi = defs.get(item.kpi);
    if (!person || !kpi || !canScoreKpi(caller, person) || !appliesTo(kpi, person.user_type)) continue;
    const start = periodStart(kpi.period, item.period);
    const key = `${kpi.period}:${start}`;
    if (seen.has(`${key}:${person.id}:${kpi.id}`)) continue;
    seen.add(`${key}:${person.id}:${kpi.id}`);
    const group = asked.get(key) ?? { period: kpi.period, start, items: [] };
    group.items.push({ person, kpi });
    asked.set(key, group);
  }
  const batches: { period: TKpiPeriod; start: string; items: MissingItem[] }[] = [];
  for (const group of asked.values()) {
    const still = new Set(
      (await missingValues(ctx.db, [...new Set(group.items.map((i) => i.person))], group.period, group.start)).map(
        (m) => `${m.person.id}:${m.kpi.id}`,
      ),
    );
    const items = group.items.filter((i) => still.has(`${i.person.id}:${i.kpi.id}`));
    if (items.length > 0) batches.push({ ...group, items });
  }
  const reminded = batches.reduce((n, b) => n + b.items.length, 0);
  if (reminded === 0) return { reminded: 0, recipients: 0 };

  const told = new Set<number>();
  await withTx(ctx, async (tx) => {
    for (const batch of batches) {
      await repo.insertManualReminders(
        tx.db,
        batch.items.map((i) => ({
          user_id: i.person.id,
          kpi_id: i.kpi.id,
          period_start: batch.start,
          sent_by: caller.id,
        })),
      );
      for (const items of byPerson(batch.items)) {
        const recipients = enterersOf(staff, items[0]!.person)
          .filter((u) => u.id !== caller.id)
          .map((u) => u.id);
        if (recipients.length === 0) continue;
        recipients.forEach((id) => told.add(id));
        await notify(tx, {
          kind: 'kpiDue',
          params: missingParams(items, batch.period, batch.start),
          url: KPI_URL,
          recipients,
          senderId: caller.id,
        });
      }
    }
    await recordEvent(tx.db, source, {
      action: 'kpi.reminded',
      targetType: 'kpi_reminder',
      details: { items: reminded, recipients: told.size },
    });
  });
  return { reminded, recipients: told.size };
}

/**
 * The scheduled reminders (hourly, on every server): `dueDays` days before a period
 * closes, whoever enters each missing value is told once ('due'); within a week after it
 * closed, the managers of those people are told once ('escalated'). "Once" is the partial
 * unique index on kpi_reminders: each person's rows are inserted with ON CONFLICT DO
 * NOTHING in their own transaction, and only the rows this run wrote are notified, so
 * several servers (or runs) never tell twice. `now` is a parameter for the tests' clock.
 * Answers how many missing values it reminded about.
 */
export async function sendKpiReminders(
  ctx: Pick<AppContext, 'db' | 'bus' | 'config'>,
  now: Date,
  dueDays: number = ctx.config.KPI_REMINDER_DAYS,
): Promise<number> {
  const plan = reminderPlan(localDay(now, ctx.config.TIME_ZONE), dueDays);
  if (plan.length === 0) return 0;
  // Read before any transaction: the embedded pool has one connection.
  const people = await repo.activePeople(ctx.db);
  const staff = people.filter(isStaff);
  let sent = 0;
  for (const { kind, period, period_start } of plan) {
    for (const items of byPerson(await missingValues(ctx.db, people, period, period_start))) {
      const subject = items[0]!.person;
      const enterers = enterersOf(staff, subject);
      const recipients = (kind === 'due' ? enterers : managersOf(staff, enterers, subject)).map((u) => u.id);
      sent += await withTx(ctx, async (tx) => {
        const written = new Set(
          await repo.insertAutoReminders(
            tx.db,
            kind,
            items.map((i) => ({ user_id: subject.id, kpi_id: i.kpi.id, period_start, sent_by: null })),
          ),
        );
        const fresh = items.filter((i) => written.has(i.kpi.id));
        if (fresh.length === 0) return 0;
        if (recipients.length > 0) {
          await notify(tx, {
            kind: kind === 'due' ? 'kpiDue' : 'kpiOverdue',
            params: missingParams(fresh, period, period_start),
            url: KPI_URL,
            recipients,
          });
        }
        await recordEvent(tx.db, SYSTEM_SOURCE, {
          action: kind === 'due' ? 'kpi.reminder_due' : 'kpi.reminder_escalated',
          targetType: 'user',
          targetId: subject.id,
          details: { period_start, kpis: fresh.map((i) => i.kpi.id) },
        });
        return fresh.length;
      });
    }
  }
  return sent;
}
