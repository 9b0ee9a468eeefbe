import type { Config } from './config.js';
import type { Database } from '../db/database.js';
import type { EventBus } from '../plugins/realtime/event-bus.js';
import type { JobQueue } from './queue.js';

/** How access tokens are signed and checked (resolved once at start). */
export interface TokenSettings {
  secret: Uint8Array;
  ttlSeconds: number;
  issuer: string;
  audience: string;
}

/** What services need from the process: handed to every route through `app.ctx`. */
export interface AppContext {
  db: Database;
  config: Config;
  tokens: TokenSettings;
  bus: EventBus;
  /** The durable job queue (pg-boss), shared by every server process. */
  queue: JobQueue;
}
