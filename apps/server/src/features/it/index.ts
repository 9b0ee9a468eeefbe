// The IT monitoring feature's public surface.
// Reads (it-list, a user's day), the rules IT defines, and the IT pages' live channel.
import type { ServerFeature } from '../../lib/feature.js';
import { itAgentRoutes } from './agent.routes.js';
import { runItDemoFeed, seedItDemo } from './demo-telemetry.js';
import { itRoutes } from './it.routes.js';
import { announceSilentAgents, maintainTelemetry } from './telemetry.service.js';

export const itFeature: ServerFeature = {
  name: 'it',
  // it-list, a user's day, redaction and category rules, /ws/it/; the agent's enrolment and channel.
  routes: [itRoutes, itAgentRoutes],
  jobs: (ctx, env) => [
    // Demo only, like the presence feed: three demo machines stay live (each event once, by seq).
    ...(env.demo && ctx.config.IT_DEMO_FEED
      ? [{ name: 'it.demo-feed', everyMs: 60_000, ownTransactions: true, run: () => runItDemoFeed(ctx) }]
      : []),
    // Every server runs it; creating and dropping day partitions are idempotent.
    { name: 'it.maintenance', everyMs: 3600_000, ownTransactions: true, run: () => maintainTelemetry(ctx) },
    // Every server runs it; each silence is claimed by one conditional update and announced once.
    { name: 'it.silence', everyMs: 30_000, ownTransactions: true, run: () => announceSilentAgents(ctx) },
  ],
  // The demo machines go through the real ingest, which needs the app's context.
  demo: { withApp: (ctx) => seedItDemo(ctx) },
  eventLogActions: [
    'agent.enrolled',
    'agent.revoked',
    'it.category_rule_created',
    'it.category_rule_deleted',
    'it.redaction_rule_created',
    'it.redaction_rule_deleted',
  ],
};
