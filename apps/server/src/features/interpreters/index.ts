// The interpreters feature's public surface: the board, presence and integration keys.
import type { ServerFeature } from '../../lib/feature.js';
import { seedInterpretersDemo } from './interpreters-demo.js';
import { interpretersRoutes } from './interpreters.routes.js';
import { expireSilentSessions, runDemoFeed } from './presence.service.js';
export { authenticateIntegrationKey } from './integration-keys.service.js';
export {
  expireSilentSessions,
  heartbeat as presenceHeartbeat,
  receiveEvents as receivePresenceEvents,
  runDemoFeed,
  type PresenceSender,
} from './presence.service.js';
// Demo data: the sessions the demo seeded, for WFM's demo shifts around them.
export { sessionsOf as presenceSessionsOf } from './presence.repository.js';
// For other features: the roster and teams (WFM, KPI), presence over time (WFM, reports).
export {
  interpreterRoster,
  interpreterSessionsBetween,
  interpreterTeams,
  interpretersOnlineHours,
  onlineSecondsWithin,
  type PresenceWindow,
  type RosterRow,
} from './interpreter-reads.repository.js';

export const interpretersFeature: ServerFeature = {
  name: 'interpreters',
  // The board, the presence feed (integration keys) and /ws/interpreters/.
  routes: [interpretersRoutes],
  jobs: (ctx, env) => [
    // Demo only: plays the telephony platform for the demo cast; each change carries the
    // minute's source_id, so with several servers it is applied once. The embedded
    // database is the demo's (seeded on its first start), so the feed runs there too.
    ...(env.demo && ctx.config.PRESENCE_DEMO_FEED
      ? [{ name: 'presence.demo-feed', everyMs: 60_000, ownTransactions: true, run: () => runDemoFeed(ctx) }]
      : []),
    // Every server runs it; a conditional update per session closes each one exactly once.
    {
      name: 'presence.expiry',
      everyMs: 60_000,
      ownTransactions: true,
      run: () => expireSilentSessions(ctx, ctx.config.PRESENCE_EXPIRY_MINUTES),
    },
  ],
  demo: { rows: seedInterpretersDemo },
  eventLogActions: [
    'integration_key.created',
    'integration_key.revoked',
    'interpreter.follow_settings_changed',
    'interpreter.followed',
    'interpreter.profile_changed',
    'interpreter.unfollowed',
  ],
};
