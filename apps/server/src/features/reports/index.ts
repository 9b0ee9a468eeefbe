// The reports feature's public surface.
import type { ServerFeature } from '../../lib/feature.js';
import { reportNames } from './report-names.repository.js';
import { seedReportsDemo } from './reports-demo.js';
import { reportsRoutes } from './reports.routes.js';

export const reportsFeature: ServerFeature = {
  name: 'reports',
  // Drafts, submit, supersede, their PDF and the per-department summaries; multipart for create/edit.
  routes: [reportsRoutes],
  demo: { rows: seedReportsDemo },
  eventLogActions: ['report.created', 'report.deleted', 'report.submitted', 'report.superseded', 'report.updated'],
  eventLogNames: { report: reportNames },
};
