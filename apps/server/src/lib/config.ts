import fs from 'node:fs';
import cronParser from 'cron-parser';
import { USER_TYPES } from '@portal/contracts';
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
    /** Directory and provider sign-ins create the portal account on first sign-in (0: only existing accounts are linked). */
    SSO_CREATE_USERS: bool.default(true),
    /** Portal passwords (0: refused for everyone but LOCAL_LOGIN_ACCOUNTS; sign in through the directory or provider). */
    LOCAL_LOGIN: bool.default(true),
    /** Break-glass usernames that keep their portal password when LOCAL_LOGIN=0 (comma-separated). */
    LOCAL_LOGIN_ACCOUNTS: commaList(),
    /** User types that must have a second factor: enrolled at their next sign-in (empty: nobody). */
    MFA_REQUIRED_TYPES: commaList('ADMIN,IT').pipe(z.array(z.enum(USER_TYPES))),
    /** An OpenID provider's own second factor (`amr`/`acr`) is enough: the portal asks for none. */
    OIDC_TRUST_MFA: bool.default(false),
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
    /**
     * Single sign-on (OpenID Connect): the provider's issuer URL (its discovery document is
     * `<issuer>/.well-known/openid-configuration`); unset, the login page offers no company
     * sign-in. The provider's redirect URI for the portal is `<PUBLIC_ORIGIN>/api/auth/oidc/callback/`.
     */
    OIDC_ISSUER: z.string().url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_SCOPES: z.string().default('openid profile email'),
    /** The claim that becomes the portal username (e.g. `preferred_username`, `upn`, `email`). */
    OIDC_USERNAME_CLAIM: z.string().min(1).default('preferred_username'),
    /** The claim listing the person's groups (ADMIN maps groups to user types). */
    OIDC_GROUPS_CLAIM: z.string().min(1).default('groups'),
    /** The login button's label, e.g. "Contoso" → "Sign in with Contoso"; unset: "Sign in with your company account". */
    OIDC_BUTTON_LABEL: z.string().trim().min(1).max(80).optional(),
    /**
     * Passkeys (WebAuthn): the origin pages are served from and the RP ID passkeys are made
     * for (a domain: browsers refuse IP addresses; `localhost` is allowed over http).
     * Unset: PUBLIC_ORIGIN, else the request's own scheme and Host; the RP ID is its host
     * name. Changing the RP ID later orphans every passkey made for the old one.
     */
    WEBAUTHN_ORIGIN: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        try {
          const url = new URL(v);
          if (/^https?:$/.test(url.protocol) && url.pathname === '/' && !url.search && !url.hash) return url.origin;
        } catch {
          /* reported below */
        }
        ctx.addIssue({ code: 'custom', message: 'expected an origin such as https://portal.example.com' });
        return z.NEVER;
      }),
    WEBAUTHN_RP_ID: z
      .string()
      .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i, 'expected a domain such as portal.example.com')
      .optional(),
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
    /**
     * Directory sign-in (README "Directory sign-in"): the directory's servers, tried in
     * order (comma-separated ldaps://host:636 or ldap://host:389). Unset: no directory.
     */
    LDAP_URL: commaList().refine((urls) => urls.every((u) => /^ldaps?:\/\/[^/]+\/?$/i.test(u)), {
      message: 'expected ldaps://host:636 or ldap://host:389 (comma-separated for several servers)',
    }),
    /** The service account that looks people up (search then bind); unset: direct bind with LDAP_USER_DN_TEMPLATE. */
    LDAP_BIND_DN: z.string().trim().min(1).optional(),
    LDAP_BIND_PASSWORD: z.string().optional(),
    /** Where people's entries are searched, e.g. ou=people,dc=example,dc=com. */
    LDAP_USER_BASE: z.string().trim().min(1).optional(),
    /** The entry of a username; `{username}` is replaced by the typed name, escaped (RFC 4515). */
    LDAP_USER_FILTER: z.string().default('(|(uid={username})(sAMAccountName={username}))'),
    /** Direct bind: the name bound as, e.g. uid={username},ou=people,dc=example,dc=com or {username}@corp.example. */
    LDAP_USER_DN_TEMPLATE: z.string().trim().min(1).optional(),
    /** The attribute of a person's entry listing their groups (identity mappings match its values). */
    LDAP_GROUP_ATTRIBUTE: z.string().trim().min(1).default('memberOf'),
    /** The attribute whose value becomes the portal username (default: uid, else sAMAccountName). */
    LDAP_USERNAME_ATTRIBUTE: z.string().trim().min(1).optional(),
    /** A PEM file of the CA(s) that signed the directory's certificate, when not a public one. */
    LDAP_CA_FILE: z.string().trim().min(1).optional(),
    /** ldap:// URLs are upgraded with StartTLS before any password is sent (0: plain, needs LDAP_ALLOW_PLAIN). */
    LDAP_STARTTLS: bool.default(true),
    /** Allow passwords over an unencrypted connection (a lab directory only). */
    LDAP_ALLOW_PLAIN: bool.default(false),
    /** How long one directory server may take to connect or answer. */
    LDAP_TIMEOUT: duration.default(10),
  })
  .refine((c) => !c.OIDC_ISSUER || c.OIDC_CLIENT_ID, {
    path: ['OIDC_CLIENT_ID'],
    message: 'required with OIDC_ISSUER',
  })
  .refine((c) => c.OCR_WORKER_TIMEOUT < c.OCR_PAGE_TIMEOUT, {
    // A page still being recognised when pg-boss hands it out again would count as an
    // attempt that died with its process, and two of those fail the page.
    path: ['OCR_WORKER_TIMEOUT'],
    message: 'must be shorter than OCR_PAGE_TIMEOUT',
  })
  .superRefine((c, ctx) => {
    if (c.LDAP_URL.length === 0) return;
    const problem = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (c.LDAP_URL.some((u) => /^ldap:/i.test(u)) && !c.LDAP_STARTTLS && !c.LDAP_ALLOW_PLAIN) {
      problem(
        'LDAP_URL',
        'ldap:// without StartTLS sends passwords in clear: use ldaps://, keep LDAP_STARTTLS on, or set LDAP_ALLOW_PLAIN=1',
      );
    }
    if (c.LDAP_BIND_DN) {
      if (!c.LDAP_BIND_PASSWORD) problem('LDAP_BIND_PASSWORD', 'required with LDAP_BIND_DN');
      if (!c.LDAP_USER_BASE) problem('LDAP_USER_BASE', 'required with LDAP_BIND_DN (where people are searched)');
    } else if (!c.LDAP_USER_DN_TEMPLATE) {
      problem('LDAP_BIND_DN', 'set LDAP_BIND_DN (search then bind) or LDAP_USER_DN_TEMPLATE (direct bind)');
    } else if (!c.LDAP_USER_DN_TEMPLATE.includes('{username}')) {
      problem('LDAP_USER_DN_TEMPLATE', 'must contain {username}');
    } else if (!c.LDAP_USER_DN_TEMPLATE.includes('=') && !c.LDAP_USER_BASE) {
      problem('LDAP_USER_BASE', 'required when LDAP_USER_DN_TEMPLATE is not a DN (where the own entry is read)');
    }
    if (!c.LDAP_USER_FILTER.includes('{username}')) problem('LDAP_USER_FILTER', 'must contain {username}');
    if (c.LDAP_CA_FILE && !fs.existsSync(c.LDAP_CA_FILE)) problem('LDAP_CA_FILE', `no such file: ${c.LDAP_CA_FILE}`);
  });

export type Config = z.infer<typeof ZEnv> & { jwtSecret?: string };

/** Settings whose empty value means "none", not "unset" (MFA_REQUIRED_TYPES= asks nobody). */
const EMPTY_MEANS_NONE = new Set(['MFA_REQUIRED_TYPES']);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const given = Object.entries(env).filter(([k, v]) => v !== '' || EMPTY_MEANS_NONE.has(k));
  const parsed = ZEnv.safeParse(Object.fromEntries(given));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
