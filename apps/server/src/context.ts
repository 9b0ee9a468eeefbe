import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { TokenSettings } from './features/auth/tokens.js';
import type { EventBus } from './plugins/realtime/event-bus.js';

/** What services need from the process: handed to every route through `app.ctx`. */
export interface AppContext {
  db: Database;
  config: Config;
  tokens: TokenSettings;
  bus: EventBus;
}
