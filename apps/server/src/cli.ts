import { parseArgs } from 'node:util';
import { ZCreateAccountRequest } from '@portal/contracts';
import { loadConfig } from './lib/config.js';
import { openDatabase } from './db/database.js';
import fs from 'node:fs';
import path from 'node:path';
import { migrateToLatest, pendingMigrations } from './db/migrate.js';
import { BACKUP_EXTENSION, checkRestorable, createBackup, restoreBackup } from './lib/backup/index.js';
import { ApiError } from './lib/errors.js';
import { createAccount } from './features/users/index.js';
import { verifyChain } from './features/event-logs/index.js';
import { createLocalBus, createPostgresBus } from './plugins/realtime/event-bus.js';

const HELP = `Usage: npm run portal -- <command> [options]

Commands:
  create-user   --username U --password P --type TYPE [--email E]
                [--first-name F] [--last-name L] [--director] [--manager]
                Create an account (TYPE is a user type such as ADMIN, HR, "G.I").
  migrate       [--dry-run]
                Run database migrations (--dry-run: list the pending ones, apply none).
  backup        [--to FILE]
                Write one consistent backup of everything (every table, stored files,
                the signing key) while the server runs. Default FILE:
                BACKUP_DIR (or .)/portal-backup-<timestamp>${BACKUP_EXTENSION}
  restore       --from FILE [--force]
                Check FILE whole, then restore it into an empty DATA_DIR or database
                (--force replaces a portal already there), upgrade it to this version's
                schema, and verify its row counts and event-log chain. Stop the
                server(s) first.
  verify-eventlog
                Check the event log's hash chain; reports the first broken link.
  help          Show this help.

Works on the embedded database in DATA_DIR (also while the server runs, through
its socket) or on DATABASE_URL.`;

class CliError extends Error {}

type Handle = Awaited<ReturnType<typeof openDatabase>>;

/** Opens the database (the running server's, when there is one) migrated to the latest schema. */
function withDatabase<T>(fn: (h: Handle, applied: string[]) => Promise<T>): Promise<T> {
  return withoutMigrating(true, async (handle) => fn(handle, await migrateToLatest(handle.db)));
}

/** Opens the database without migrating it: a backup records the schema as it is. */
async function withoutMigrating<T>(
  attach: boolean,
  fn: (h: Handle, config: ReturnType<typeof loadConfig>) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const handle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: 2,
    attachToRunningServer: attach,
  });
  try {
    return await fn(handle, config);
  } finally {
    await handle.close();
  }
}

async function backup(argv: string[]) {
  const { values } = parseArgs({ args: argv, options: { to: { type: 'string' } }, strict: true });
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const to = path.resolve(
    values.to ?? path.join(config.BACKUP_DIR ?? '.', `portal-backup-${stamp}${BACKUP_EXTENSION}`),
  );
  if (!fs.existsSync(path.dirname(to))) throw new CliError(`--to: the folder ${path.dirname(to)} does not exist`);
  if (fs.existsSync(to)) throw new CliError(`--to: ${to} already exists`);
  if (!config.DATABASE_URL && !fs.existsSync(path.join(path.resolve(config.DATA_DIR), 'pgdata'))) {
    throw new CliError(`no portal database in DATA_DIR (${path.resolve(config.DATA_DIR)}): nothing to back up`);
  }
  const manifest = await withoutMigrating(true, ({ db, kind }) =>
    createBackup(db, { to, databaseKind: kind, ...(kind === 'embedded' ? { dataDir: config.DATA_DIR } : {}) }),
  );
  const rows = Object.values(manifest.row_counts).reduce((a, b) => a + b, 0);
  const tables = Object.keys(manifest.row_counts).length;
  console.log(`Backup written: ${to} (${rows} rows in ${tables} tables, schema ${manifest.schema_version}).`);
}

async function restore(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: { from: { type: 'string' }, force: { type: 'boolean', default: false } },
    strict: true,
  });
  if (!values.from) throw new CliError('--from: name the backup file to restore');
  const from = path.resolve(values.from);
  // The whole file is checked before the target is opened (opening a new DATA_DIR creates it).
  const verified = await checkRestorable(from);
  // Not through a running server: the embedded DATA_DIR's lock refuses while one runs.
  const report = await withoutMigrating(false, ({ pool, kind }, config) =>
    restoreBackup(pool, from, {
      verified,
      force: values.force,
      target: kind === 'embedded' ? { kind, dataDir: config.DATA_DIR } : { kind },
      verifyEventLog: (db) => verifyChain(db),
    }),
  );
  const rows = Object.values(report.manifest.row_counts).reduce((a, b) => a + b, 0);
  const upgraded = report.upgraded.length ? `, upgraded through ${report.upgraded.at(-1)}` : '';
  console.log(
    `Restored ${from}: ${rows} rows (schema ${report.manifest.schema_version}${upgraded}); row counts and the event-log chain verified.`,
  );
}

async function migrate(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: { 'dry-run': { type: 'boolean', default: false } },
    strict: true,
  });
  if (values['dry-run']) {
    const pending = await withoutMigrating(true, ({ db }) => pendingMigrations(db));
    console.log(pending.length ? `Pending (not applied): ${pending.join(', ')}` : 'Migrations are up to date.');
    return;
  }
  const applied = await withDatabase(async (_h, names) => names);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Migrations are up to date.');
}

async function createUser(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      type: { type: 'string' },
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      director: { type: 'boolean', default: false },
      manager: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const parsed = ZCreateAccountRequest.safeParse({
    username: values.username,
    password: values.password,
    user_type: values.type,
    email: values.email ?? (values.username ? `${values.username}@portal.local` : undefined),
    first_name: values['first-name'],
    last_name: values['last-name'],
    is_director: values.director,
    is_manager: values.manager,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const flag =
      { user_type: 'type', first_name: 'first-name', last_name: 'last-name' }[String(issue.path[0])] ?? issue.path[0];
    throw new CliError(`--${String(flag)}: ${issue.message}`);
  }
  const user = await withDatabase(async ({ db, pool }) => {
    // On PostgreSQL the running servers hear about it (live notifications) too.
    const url = loadConfig().DATABASE_URL;
    const bus = url ? await createPostgresBus(url, pool, console) : createLocalBus();
    try {
      return await createAccount({ db, bus }, null, parsed.data);
    } finally {
      await bus.close();
    }
  });
  console.log(`Created ${user.user_type} user '${user.username}' (id ${user.id}).`);
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  switch (command) {
    case 'create-user':
      return createUser(rest);
    case 'migrate':
      return migrate(rest);
    case 'backup':
      return backup(rest);
    case 'restore':
      return restore(rest);
    case 'verify-eventlog': {
      const report = await withDatabase(({ db }) => verifyChain(db));
      if (report.broken) {
        throw new CliError(
          `event log broken at row ${report.broken.id}: ${report.broken.reason} (${report.checked} rows checked)`,
        );
      }
      console.log(`Event log intact: ${report.checked} rows, every link verified.`);
      return;
    }
    case undefined:
    case 'help':
    case '--help':
      console.log(HELP);
      return;
    default:
      throw new CliError(`Unknown command '${command}'. Run 'npm run portal -- help'.`);
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    // One clear line, never a stack trace, for anything a user can fix.
    const msg =
      err instanceof ApiError
        ? (Object.values(err.fields ?? {})[0]?.[0] ?? err.message)
        : err instanceof Error
          ? err.message
          : String(err);
    console.error(`error: ${msg}`);
    process.exit(1);
  },
);
