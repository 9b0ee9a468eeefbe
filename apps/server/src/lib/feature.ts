import type { TEventAction, TEventLogRefType } from '@portal/contracts';
import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { Database } from '../db/database.js';
import type { AppContext } from './context.js';
import type { ScheduledJob } from './scheduler.js';

/** A feature's routes: a Fastify plugin registered under `/api` (any type provider). */
export type RoutesPlugin = FastifyPluginAsync<Record<never, never>, RawServerDefault, any>;

/** What the demo seed knows when it writes rows. */
export interface DemoSeedOptions {
  /** The portal's wall clock (TIME_ZONE), in which demo shifts and days are planned. */
  timeZone: string;
}

/**
 * Demo data, in three phases (each runs feature by feature, in the feature list's order,
 * and only when the demo is being seeded into an empty database).
 */
export interface DemoSeed {
  /** Before the app exists: rows written through the feature's repository (users come first). */
  rows?(db: Database, opts: DemoSeedOptions): Promise<void>;
  /** Once the app's context exists, before it listens: data that goes through a service (IT's ingest). */
  withApp?(ctx: AppContext): Promise<void>;
  /** Once it listens with its job queue started: data that finishes in the background (OCR). */
  whenRunning?(ctx: AppContext): Promise<void>;
}

/**
 * The names of some records of one type, by id, for the event log's readers (a subject, a
 * title, a person's name; a seeded leave type's code, which readers translate). Ids of
 * records gone since are simply absent.
 */
export type EventLogNameLookup = (
  db: Database,
  ids: readonly number[],
) => Promise<readonly { id: number; name: string; code?: string | null }[]>;
export type EventLogNameLookups = Partial<Record<TEventLogRefType, EventLogNameLookup>>;

/** How the process runs, as far as scheduled jobs care. */
export interface JobEnvironment {
  /** This database holds the demo (embedded, or PORTAL_SEED_DEMO): demo feeds may run. */
  demo: boolean;
}

/**
 * Everything the app needs of a feature, exported once from the feature's `index.ts` and
 * named in `src/features.ts`: the app registers, schedules and seeds by looping over that
 * list, so adding a feature adds one line there. Live channels, bus subscriptions and
 * queue workers stay inside the feature's routes plugin (it has the app and its context).
 */
export interface ServerFeature {
  /** The feature's folder name. */
  name: string;
  /** Route plugins, registered under `/api` in this order (the OpenAPI document follows it). */
  routes?: readonly RoutesPlugin[];
  /** Periodic jobs (lib/scheduler.ts), built once the app's context exists. */
  jobs?(ctx: AppContext, env: JobEnvironment): ScheduledJob[];
  demo?: DemoSeed;
  /** The event-log actions this feature records (each action belongs to exactly one feature). */
  eventLogActions?: readonly TEventAction[];
  /** How its records are named when event logs point at them (contracts' EVENT_LOG_REF_TYPES it owns). */
  eventLogNames?: EventLogNameLookups;
}
