// The KPI feature's public surface: its routes and the scheduled reminders.
import type { ServerFeature } from '../../lib/feature.js';
import { seedKpiDemo } from './kpi-demo.js';
import { kpiDefinitionNames } from './kpi-names.repository.js';
import { sendKpiReminders } from './kpi-reminders.service.js';
import { kpiRoutes } from './kpi.routes.js';
export { sendKpiReminders } from './kpi-reminders.service.js';
// For the reports' summaries: mean KPI attainment per department over a period.
export { kpiAttainmentByDepartment } from './kpi-figures.repository.js';

export const kpiFeature: ServerFeature = {
  name: 'kpi',
  // Definitions, values, scores, the missing list and scorecards.
  routes: [kpiRoutes],
  jobs: (ctx) =>
    // Every server runs it; a partial unique index tells each missing value once per kind.
    ctx.config.KPI_REMINDERS
      ? [
          {
            name: 'kpi.reminders',
            everyMs: 3600_000,
            ownTransactions: true,
            run: () => sendKpiReminders(ctx, new Date()),
          },
        ]
      : [],
  demo: { rows: (db, { timeZone }) => seedKpiDemo(db, timeZone) },
  eventLogActions: [
    'kpi.definition_changed',
    'kpi.definition_created',
    'kpi.record_changed',
    'kpi.recorded',
    'kpi.reminded',
    'kpi.reminder_due',
    'kpi.reminder_escalated',
  ],
  eventLogNames: { kpi_definition: kpiDefinitionNames },
};
