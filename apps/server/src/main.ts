import { parseArgs } from 'node:util';
import { loadConfig } from './lib/config.js';
import { DEMO_PASSWORD, demoUsers } from './seed/demo.js';
import { startServer } from './server.js';

async function main() {
  // `npm start -- --role=worker|api|all` (PORTAL_ROLE's values; the command line wins).
  const { values } = parseArgs({ options: { role: { type: 'string' } }, strict: true });
  const config = loadConfig(values.role === undefined ? process.env : { ...process.env, PORTAL_ROLE: values.role });
  const server = await startServer(config);
  const log = server.app.log;
  // Printed whatever LOG_LEVEL says: people and test harnesses wait for this line.
  console.log(
    `Staff portal listening on ${server.url} (${server.database.kind} database${config.PORTAL_ROLE === 'all' ? '' : `, role ${config.PORTAL_ROLE}`})`,
  );
  if (server.seeded > 0) {
    const names = demoUsers()
      .filter((u) => u.user_type !== 'INTERPRETER')
      .map((u) => u.username);
    // Printed for the newcomer who just ran `npm start`; these are public demo credentials.
    console.log(
      `\n  Portal: ${server.url}\n  Demo logins (password ${DEMO_PASSWORD}): ${names.join(', ')}, interpreter01…interpreter30\n`,
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: finishing requests in flight, then closing the database`);
    // Last resort only: close() cuts what is still open after SHUTDOWN_GRACE itself.
    const force = setTimeout(
      () => {
        log.error('shutdown took too long; exiting');
        process.exit(1);
      },
      (config.SHUTDOWN_GRACE + 15) * 1000,
    );
    force.unref();
    try {
      await server.close();
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
