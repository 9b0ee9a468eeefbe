// The IT monitoring feature's public surface.
// Reads (it-list, a user's day), the rules IT defines, and the IT pages' live channel.
export { itRoutes } from './it.routes.js';
// The desktop agent: enrolment, agents, its channel; telemetry upkeep and the demo feed.
export { itAgentRoutes } from './agent.routes.js';
export { maintainTelemetry } from './telemetry.service.js';
export { runItDemoFeed, seedItDemo } from './demo-telemetry.js';
