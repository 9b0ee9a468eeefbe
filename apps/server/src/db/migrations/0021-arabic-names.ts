import { sql, type Kysely } from 'kysely';

/**
 * Arabic names beside the English ones an administrator types: public holidays, leave
 * types, KPI definitions and interpreters' teams. Null means "none given": pages then show
 * the English name (contracts' `pickLocalName`). The leave types every install starts with get theirs here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table leave_types add column if not exists name_ar text`.execute(db);
  await sql`alter table leave_holidays add column if not exists name_ar text`.execute(db);
  await sql`alter table kpi_definitions add column if not exists name_ar text`.execute(db);
  await sql`alter table interpreter_profiles add column if not exists team_ar text`.execute(db);
  // The types every install starts with (0008) get their Arabic names, unless HR renamed
  // them since. Literal here: a migration must not change with app code.
  await sql`
    update leave_types t set name_ar = v.name_ar
    from (values
      ('annual', 'Annual leave', 'إجازة سنوية'),
      ('casual', 'Casual leave', 'إجازة عارضة'),
      ('sick', 'Sick leave', 'إجازة مرضية'),
      ('unpaid', 'Unpaid leave', 'إجازة بدون راتب'),
      ('maternity', 'Maternity leave', 'إجازة أمومة'),
      ('bereavement', 'Bereavement leave', 'إجازة وفاة')
    ) as v(code, name, name_ar)
    where t.code = v.code and t.name = v.name and t.name_ar is null`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
