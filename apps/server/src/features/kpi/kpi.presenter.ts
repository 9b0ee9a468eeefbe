import { periodEnd, type TKpiDefinition, type TKpiRecord, type TUserRef, type TUserType } from '@portal/contracts';
import { attainment } from './kpi-scoring.js';
import type { DefinitionRow, HistoryRow, RecordRow } from './kpi.repository.js';

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : d);

export function presentDefinition(d: DefinitionRow): TKpiDefinition {
  return {
    id: d.id,
    name: d.name,
    name_ar: d.name_ar,
    description: d.description,
    unit: d.unit,
    direction: d.direction,
    target: d.target,
    weight: d.weight,
    period: d.period,
    applies_to: d.applies_to as TUserType[],
    is_active: d.is_active,
    updated_at: iso(d.updated_at),
  };
}

export function userRef(u: { id: number; username: string; first_name: string; last_name: string; user_type: string }) {
  return {
    id: u.id,
    username: u.username,
    first_name: u.first_name,
    last_name: u.last_name,
    user_type: u.user_type as TUserType,
  } satisfies TUserRef;
}

/** The `e_*` columns of a joined user who may be gone (entered by, changed by). */
function enteredBy(r: {
  e_id: number | null;
  e_username: string | null;
  e_first_name: string | null;
  e_last_name: string | null;
  e_user_type: string | null;
}): TUserRef | null {
  return r.e_id === null
    ? null
    : userRef({
        id: r.e_id,
        username: r.e_username ?? '',
        first_name: r.e_first_name ?? '',
        last_name: r.e_last_name ?? '',
        user_type: r.e_user_type ?? '',
      });
}

export function presentRecord(r: RecordRow, history: readonly HistoryRow[] = []): TKpiRecord {
  return {
    id: r.id,
    user: userRef({ ...r, id: r.user_id }),
    kpi: {
      id: r.kpi_id,
      name: r.kpi_name,
      name_ar: r.kpi_name_ar,
      unit: r.kpi_unit,
      direction: r.kpi_direction,
      target: r.kpi_target,
      weight: r.kpi_weight,
      period: r.kpi_period,
    },
    period_start: r.period_start,
    period_end: periodEnd(r.kpi_period, r.period_start),
    value: r.value,
    attainment: attainment(r.kpi_direction, r.kpi_target, r.value),
    note: r.note,
    entered_by: enteredBy(r),
    entered_at: iso(r.entered_at),
    updated_at: iso(r.updated_at),
    history: history.map((h) => ({
      value: h.value,
      note: h.note,
      changed_by: enteredBy(h),
      changed_at: iso(h.changed_at),
    })),
  };
}
