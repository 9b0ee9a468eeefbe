import type { Database } from '../db/database.js';
import { serverFeatures } from '../features.js';
import { countUsers } from '../features/users/index.js';
import type { AppContext } from '../lib/context.js';

// The demo cast's published password and names (printed by main.ts, signed in by tests).
export { DEMO_PASSWORD, demoUsers } from '../features/users/index.js';

/**
 * The demo's first phase, before the app exists: each feature's rows, in the feature
 * list's order (the users feature first, every other one names the cast). Only into an
 * empty users table; answers how many users were created. `timeZone`: the portal's wall
 * clock (TIME_ZONE) the demo shifts are planned in.
 */
export async function seedDemo(db: Database, timeZone = 'UTC'): Promise<number> {
  if ((await countUsers(db)) > 0) return 0;
  for (const feature of serverFeatures) await feature.demo?.rows?.(db, { timeZone });
  return countUsers(db);
}

/** The second phase, once the app's context exists and before it listens (data that goes through a service). */
export async function seedDemoWithApp(ctx: AppContext): Promise<void> {
  for (const feature of serverFeatures) await feature.demo?.withApp?.(ctx);
}

/** The last phase, once the server listens and its job queue runs (data finished in the background). */
export async function seedDemoWhenRunning(ctx: AppContext): Promise<void> {
  for (const feature of serverFeatures) await feature.demo?.whenRunning?.(ctx);
}
