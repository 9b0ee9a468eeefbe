import type { WebFeature } from '../lib/feature';
import { authFeature } from '../features/auth';
import { eventLogsFeature } from '../features/event-logs';
import { homeFeature } from '../features/home';
import { interpretersFeature } from '../features/interpreters';
import { itFeature } from '../features/it';
import { kpiFeature } from '../features/kpi';
import { leavesFeature } from '../features/leaves';
import { notificationsFeature } from '../features/notifications';
import { ocrFeature } from '../features/ocr';
import { reportsFeature } from '../features/reports';
import { shareFeature } from '../features/share';
import { ticketsFeature } from '../features/tickets';
import { usersFeature } from '../features/users';
import { wfmFeature } from '../features/wfm';

/**
 * Every feature of the web app, once. The router takes their routes, the header menu their
 * entries in this order (spec §2's menu: Home, Dashboard, Legacy Dashboard, IT, WFM, OCR,
 * then share, KPI, reports and event logs, each for those who may open it), and the store
 * their data holders and listeners (in this order too: auth's first).
 */
export const webFeatures = [
  authFeature,
  homeFeature,
  notificationsFeature,
  ticketsFeature,
  leavesFeature,
  usersFeature,
  interpretersFeature,
  itFeature,
  wfmFeature,
  ocrFeature,
  shareFeature,
  kpiFeature,
  reportsFeature,
  eventLogsFeature,
] as const satisfies readonly WebFeature[];
