import type { ServerFeature } from './lib/feature.js';
import { authFeature } from './features/auth/index.js';
import { eventLogsFeature } from './features/event-logs/index.js';
import { interpretersFeature } from './features/interpreters/index.js';
import { itFeature } from './features/it/index.js';
import { kpiFeature } from './features/kpi/index.js';
import { leavesFeature } from './features/leaves/index.js';
import { notificationsFeature } from './features/notifications/index.js';
import { ocrFeature } from './features/ocr/index.js';
import { reportsFeature } from './features/reports/index.js';
import { scheduledBackupsFeature } from './features/scheduled-backups/index.js';
import { shareFeature } from './features/share/index.js';
import { ticketsFeature } from './features/tickets/index.js';
import { usersFeature } from './features/users/index.js';
import { wfmFeature } from './features/wfm/index.js';

/**
 * Every feature of the server, once. app.ts registers their routes in this order (the
 * OpenAPI document lists paths in it), server.ts schedules their jobs, and the demo seed
 * runs feature by feature in it: users before anyone who names them, interpreters'
 * presence before the WFM shifts planned around it.
 */
export const serverFeatures: readonly ServerFeature[] = [
  authFeature,
  usersFeature,
  notificationsFeature,
  eventLogsFeature,
  ticketsFeature,
  leavesFeature,
  interpretersFeature,
  wfmFeature,
  kpiFeature,
  reportsFeature,
  itFeature,
  ocrFeature,
  shareFeature,
  scheduledBackupsFeature,
];
