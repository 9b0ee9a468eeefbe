import { msg, type TLeaveTypeRequest, type TMessage } from '@portal/contracts';
import type { Database } from '../../db/database.js';
import {
  approvedOnly,
  balanceFor,
  CARRY_OVER_YEARS_BACK,
  firstShortfall,
  withPending,
  yearsReached,
  type BalanceType,
  type Shortfall,
  type YearUsage,
} from './leave-rules.js';
import * as repo from './leaves.repository.js';

/**
 * The balance invariant: no year's available balance of a counted type goes
 * below zero. A request reaches the years it takes days from and, through what they carry
 * over, the years after; each check covers all of them. Callers run these inside their
 * transaction with the requester's row locked (and the type's), so two changes at once
 * cannot both pass on the same figures.
 */

type Person = Pick<repo.PersonRow, 'id' | 'created_at'>;

const firstYearOf = (person: { created_at: Date | string }) => new Date(person.created_at).getUTCFullYear();

function kindOf(type: Pick<repo.LeaveTypeRow, 'yearly_days' | 'carry_over_max_days' | 'counts_against_balance'>) {
  return {
    yearly_days: Number(type.yearly_days),
    carry_over_max_days: Number(type.carry_over_max_days),
    counts_against_balance: type.counts_against_balance,
  } satisfies BalanceType;
}

/** A year's available balance, 0 for a type that keeps none (its figures are only usage). */
function available(kind: BalanceType, firstYear: number, usageOf: (year: number) => YearUsage) {
  return (year: number) => (kind.counts_against_balance ? balanceFor(kind, year, firstYear, usageOf).available : 0);
}

/** Usage by year from rows of one person and type (a year without a row holds nothing). */
function usageFrom(rows: readonly ({ year: number } & YearUsage)[]) {
  const byYear = new Map(rows.map((r) => [r.year, r]));
  return (year: number): YearUsage => ({
    approved: byYear.get(year)?.approved ?? 0,
    pending: byYear.get(year)?.pending ?? 0,
  });
}

/** `person`'s usage of one type around `years` (back far enough for carry-over), maybe without one request. */
async function usageAround(db: Database, person: Person, typeId: number, years: number[], exceptLeave?: number) {
  const rows = await repo.usage(db, person.id, Math.min(...years) - CARRY_OVER_YEARS_BACK, Math.max(...years), {
    leaveType: typeId,
    exceptLeave,
  });
  return usageFrom(rows);
}

/** The refusal's words: what was left in that year and what the change takes from it. */
export const balanceShortMessage = (typeName: string, s: Shortfall) =>
  msg('leaveBalanceShort', { count: s.available, type: typeName, year: s.year, days: s.takes });

/** Where adding `days` per year to what `person` holds of `type` overdraws a year (null: it fits). */
async function shortfallAdding(
  db: Database,
  person: Person,
  type: repo.LeaveTypeRow,
  days: ReadonlyMap<number, number>,
  only: { exceptLeave?: number; approved?: boolean },
): Promise<Shortfall | null> {
  if (!type.counts_against_balance || days.size === 0) return null;
  const years = yearsReached(days.keys());
  const held = await usageAround(db, person, type.id, years, only.exceptLeave);
  const usageOf = only.approved ? approvedOnly(held) : held;
  const kind = kindOf(type);
  const firstYear = firstYearOf(person);
  return firstShortfall(
    years,
    available(kind, firstYear, usageOf),
    available(kind, firstYear, withPending(usageOf, days)),
  );
}

/**
 * Where a new request of `days` per year would overdraw `person`: against everything they
 * hold (pending requests keep their days until decided). Null when it fits.
 */
export const requestShortfall = (
  db: Database,
  person: Person,
  type: repo.LeaveTypeRow,
  days: ReadonlyMap<number, number>,
) => shortfallAdding(db, person, type, days, {});

/**
 * Where approving request `leaveId` (holding `days` per year) would overdraw `person`,
 * counting what is approved only: of several requests that together no longer fit (held
 * before this check existed, say), the first approved wins and the rest are refused.
 */
export const approvalShortfall = (
  db: Database,
  person: Person,
  type: repo.LeaveTypeRow,
  leaveId: number,
  days: ReadonlyMap<number, number>,
) => shortfallAdding(db, person, type, days, { exceptLeave: leaveId, approved: true });

/** Who a changed allowance would overdraw, where, and which field lowered it. */
export interface AllowanceShortfall {
  field: 'yearly_days' | 'carry_over_max_days' | 'counts_against_balance';
  message: TMessage;
}

/**
 * Whether HR's change of a type's allowance would take anyone's balance below zero in any
 * year they hold days in (or carry into). Policy: refused, naming the first person and
 * year — the allowance applies to every year, past ones included, so lowering it below
 * what someone already holds would overdraw them. Raising needs no check.
 */
export async function allowanceShortfall(
  db: Database,
  old: repo.LeaveTypeRow,
  next: Pick<TLeaveTypeRequest, 'name' | 'yearly_days' | 'carry_over_max_days' | 'counts_against_balance'>,
): Promise<AllowanceShortfall | null> {
  const before = kindOf(old);
  const after = kindOf(next);
  const field =
    after.yearly_days < before.yearly_days
      ? 'yearly_days'
      : after.carry_over_max_days < before.carry_over_max_days
        ? 'carry_over_max_days'
        : after.counts_against_balance && !before.counts_against_balance
          ? 'counts_against_balance'
          : null;
  if (!field || !after.counts_against_balance) return null;
  const rows = await repo.usageOfType(db, old.id);
  const people = new Map<number, typeof rows>();
  for (const r of rows) people.set(r.user_id, [...(people.get(r.user_id) ?? []), r]);
  for (const held of people.values()) {
    const who = held[0]!;
    const usageOf = usageFrom(held);
    const firstYear = firstYearOf(who);
    const short = firstShortfall(
      yearsReached(held.map((r) => r.year)),
      available(before, firstYear, usageOf),
      available(after, firstYear, usageOf),
    );
    if (short) {
      const name = `${who.first_name} ${who.last_name}`.trim() || who.username;
      const count = Math.round(-short.after * 10) / 10;
      return { field, message: msg('leaveAllowanceShort', { name, count, type: next.name, year: short.year }) };
    }
  }
  return null;
}
