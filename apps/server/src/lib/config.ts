import cronParser from 'cron-parser';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** "12h", "30m", "45s", "2d" or a number of seconds. */
const duration = z.string().transform((v, ctx) => {
  const m = /^(\d+)\s*([smhd]?)$/.exec(v.trim());
  if (!m) {
    ctx.addIssue({ code: 'custom', message: 'expected a duration such as 12h, 30m or 3600' });
    return z.NEVER;
  }
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2] as '' | 's' | 'm' | 'h' | 'd'];
  return Number(m[1]) * unit;
});

/** A comma-separated list, each item trimmed, empty ones dropped. */
const commaList = (fallback = '') =>
  z
    .string()
    .default(fallback)
    .transform((v) =>
      v
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    );

/**
 * A cron expression as pg-boss's schedules read it (its own cron-parser): five fields, or a
 * name such as @daily. Seconds are refused: pg-boss looks at its schedules once a minute at most.
 */
const cron = z.string().transform((v, ctx) => {
  const text = v.trim().replace(/\s+/g, ' ');
  const fields = text.split(' ');
  let problem = '';
  if (fields.length !== 5 && !(fields.length === 1 && /^@[a-z]+$/.test(text))) {
    problem = `${fields.length} field${fields.length === 1 ? '' : 's'}`;
  } else {
    try {
      // A time that never comes (30 February) throws here too.
      cronParser.parseExpression(text).next();
    } catch (err) {
      problem = (err as Error).message;
    }
  }
  if (problem) {
    ctx.addIssue({
      code: 'custom',
      message: `expected cron syntax such as "0 2 * * *" (minute hour day month weekday): ${problem}`,
    });
    return z.NEVER;
  }
  return text;
});

/** Every environment variable the server reads, parsed once (README lists them). */
const ZEnv = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** Parameterised queries kept prepared per database connection; 0 turns preparing off. */
    DATABASE_STATEMENT_CACHE: z.coerce.number().int().min(0).max(10_000).default(200),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    JWT_TTL: duration.default(12 * 3600),
    JWT_ISSUER: z.string().default('staff-portal'),
    JWT_AUDIENCE: z.string().default('staff-portal-api'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PORTAL_SEED_DEMO: bool.default(false),
    TRUST_PROXY: bool.default(false),
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
    LOGIN_WINDOW: duration.default(15 * 60),
    /** Refused sign-ins and password changes from one address per LOGIN_WINDOW, all accounts together. */
    LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).default(100),
    WEB_DIST: z.string().optional(),
    /** Extra origins allowed to open websockets (comma-separated); the server's own always is. */
    WS_ALLOWED_ORIGINS: commaList(),
    WS_HEARTBEAT: duration.default(30),
    /**
     * The address people open, e.g. https://portal.example.com: websockets must come from
     * exactly this scheme and host. Unset: the request's own scheme and Host.
     */
    PUBLIC_ORIGIN: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        let url: URL | undefined;
        try {
          url = new URL(v);
        } catch {
          /* reported below */
        }
        if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash) {
          ctx.addIssue({ code: 'custom', message: 'expected an origin such as https://portal.example.com' });
          return z.NEVER;
        }
        return url.origin;
      }),
    /** Send Strict-Transport-Security on every answer, not only on those that came over TLS. */
    HSTS: bool.default(false),
    /** After SIGTERM, how long requests in flight may take before their connections are cut. */
    SHUTDOWN_GRACE: duration.default(10),
    NOTIFICATION_RETENTION_DAYS: z.coerce.number().int().min(1).default(180),
    /** An open presence session with no sign of life for longer than this is closed at its last one. */
    PRESENCE_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
    /** How far before the server's clock a presence event's `at` may be (the telephony platform's delay); older ones are refused. */
    PRESENCE_MAX_PAST: duration.default(5 * 60),
    /** Clock tolerance for presence: how far ahead any event may be, and how far back a person's own report (their token or agent) may be. */
    PRESENCE_CLOCK_SKEW: duration.default(30),
    /** With the demo data (PORTAL_SEED_DEMO, or the embedded database): a feed plays the telephony platform for interpreter01…20 (0 turns it off). */
    PRESENCE_DEMO_FEED: bool.default(true),
    /** Days before a KPI period closes when whoever enters its missing values is reminded. */
    KPI_REMINDER_DAYS: z.coerce.number().int().min(0).max(27).default(2),
    /** The automatic KPI reminders and escalations (0 turns the hourly job off; one-click reminders stay). */
    KPI_REMINDERS: bool.default(true),
    /**
     * The portal's wall clock (IANA name): the days of WFM, shifts written as HH:MM, "today".
     * Shifts keep the instants computed when they were written; change it before planning.
     */
    TIME_ZONE: z
      .string()
      .default('UTC')
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'expected an IANA time zone such as UTC or Asia/Riyadh'),
    /** IT monitoring: days of telemetry kept (whole day partitions older than this are dropped). */
    IT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    /** IT monitoring: the agent counts a machine idle after this many seconds without input. */
    IT_IDLE_AFTER_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
    /** IT monitoring: processes whose audio session means a call is on (never idle meanwhile), comma-separated. */
    IT_CALL_PROCESSES: commaList('zoiper,microsip,linphone,baresip,teams,zoom,skype,interpreting-client'),
    /** IT monitoring: events one agent connection may send per second (a burst of one full batch is allowed). */
    IT_AGENT_MAX_EVENTS_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(200),
    /** IT monitoring: telemetry rows one agent may have stored per UTC day, counted in the database. */
    IT_AGENT_MAX_ROWS_PER_DAY: z.coerce.number().int().min(100).max(100_000_000).default(50_000),
    /** With the demo data: a feed plays desktop agents for the demo staff (0 turns it off). */
    IT_DEMO_FEED: bool.default(true),
    /**
     * What this process does besides answering HTTP: `all` (default) also works the job
     * queues (OCR); `api` never runs OCR; `worker` is meant for machines that only work the
     * queues (it still answers HTTP, e.g. health checks). `--role=` on the command line wins.
     */
    PORTAL_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    /** OCR: recognition threads in this process (default: one per core, less one for the server). */
    OCR_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
    /** OCR: days originals and results are kept before the retention job removes them. */
    OCR_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
    /** OCR: a page (or opening a document) taking longer than this is given up and retried. */
    OCR_PAGE_TIMEOUT: duration.default(300),
    /** OCR: retries of a failed page, with exponential backoff from OCR_RETRY_DELAY. */
    OCR_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
    OCR_RETRY_DELAY: duration.default(5),
    /**
     * OCR: pixels one page (or image) may declare; more is refused before decoding (at upload
     * when the header tells). Default 40 million: an A4 page at 600 dpi is 35 million.
     */
    OCR_MAX_PAGE_PIXELS: z.coerce.number().int().min(1_000_000).max(1_000_000_000).default(40_000_000),
    /** OCR: pixels all of a document's pages may declare together (default 400 million). */
    OCR_MAX_DOCUMENT_PIXELS: z.coerce.number().int().min(1_000_000).max(10_000_000_000).default(400_000_000),
    /** OCR: the JavaScript heap (MiB) of each thread that opens documents or recognises pages. */
    OCR_WORKER_HEAP_MB: z.coerce.number().int().min(64).max(8192).default(512),
    /** OCR: opening a document or recognising a page in a thread longer than this ends the thread (seconds). */
    OCR_WORKER_TIMEOUT: duration.default(240),
    /** With the demo data: a few demo documents are uploaded and recognised on the first start (0: none). */
    OCR_DEMO: bool.default(true),
    /** Report PDFs: threads that lay out PDFs at once (more requests wait their turn). */
    REPORT_PDF_THREADS: z.coerce.number().int().min(1).max(16).default(1),
    /** Report PDFs: the JavaScript heap (MiB) of each thread that lays out PDFs. */
    REPORT_PDF_MAX_HEAP_MB: z.coerce.number().int().min(64).max(4096).default(512),
    /** Report PDFs: laying out one PDF longer than this fails it and ends its thread (seconds). */
    REPORT_PDF_TIMEOUT: duration.default(60),
    /**
     * Job queue (pg-boss) upkeep: how often jobs whose worker vanished (a killed process)
     * are expired and handed to another attempt.
     */
    QUEUE_MAINTENANCE: duration.default(30),
    /** Scheduled backups: the folder they are written to (made if missing); unset, none are made. */
    BACKUP_DIR: z.string().trim().min(1).optional(),
    /** Scheduled backups: when, in cron syntax (minute hour day month weekday) on TIME_ZONE's clock. */
    BACKUP_SCHEDULE: cron.default('0 2 * * *'),
    /** Scheduled backups: how many of the newest are kept in BACKUP_DIR (older ones are removed). */
    BACKUP_KEEP: z.coerce.number().int().min(1).max(100_000).default(14),
    /** Screen sharing: viewers one person may have at once (a further request lands on call-exceed). */
    SHARE_MAX_VIEWERS: z.coerce.number().int().min(1).max(10).default(1),
    /** Screen sharing: the longest a call may run before it is ended (the viewer may ask again). */
    SHARE_MAX_CALL: duration.default(30 * 60),
    /** Screen sharing: a request nobody answers within this is recorded as missed. */
    SHARE_ANSWER_TIMEOUT: duration.default(60),
    /** Screen sharing: STUN servers for the browsers (comma-separated `stun:host:port`); none on one network. */
    SHARE_STUN_URLS: commaList(),
    /** Screen sharing: TURN servers (comma-separated `turn:host:3478`), e.g. Debian's coturn, for networks where peer-to-peer fails. */
    SHARE_TURN_URLS: commaList(),
    /** coturn's `static-auth-secret`: each browser gets a TURN username and password valid for an hour. */
    SHARE_TURN_SECRET: z.string().optional(),
    /**
     * Verified sessions kept in memory, so requests read no session row: seconds an entry
     * is trusted (revocation evicts at once through the bus; this is the last safety net),
     * 0 turns the cache off; and how many sessions at most.
     */
    SESSION_CACHE_TTL: duration.default(30),
    SESSION_CACHE_SIZE: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
    /** Bytes of attachments one user may have stored, in MiB (413 past it). */
    UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).default(200),
    /** Bearer token that /metrics requires (Prometheus `authorization` / `bearer_token`); at least 16 characters. */
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    /** Serve /metrics only on this port (its own listener on METRICS_HOST), not on PORT. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** The address METRICS_PORT's listener binds to (loopback by default). */
    METRICS_HOST: z.string().default('127.0.0.1'),
  })
  .refine((c) => c.OCR_WORKER_TIMEOUT < c.OCR_PAGE_TIMEOUT, {
    // A page still being recognised when pg-boss hands it out again would count as an
    // attempt that died with its process, and two of those fail the page.
    path: ['OCR_WORKER_TIMEOUT'],
    message: 'must be shorter than OCR_PAGE_TIMEOUT',
  });

export type Config = z.infer<typeof ZEnv> & { jwtSecret?: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
