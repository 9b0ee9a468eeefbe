// The interpreters feature's public surface: the board, presence and integration keys.
export { interpretersRoutes } from './interpreters.routes.js';
export { authenticateIntegrationKey } from './integration-keys.service.js';
export {
  expireSilentSessions,
  heartbeat as presenceHeartbeat,
  receiveEvents as receivePresenceEvents,
  runDemoFeed,
  type PresenceSender,
} from './presence.service.js';
