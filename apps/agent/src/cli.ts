import fs from 'node:fs';
import path from 'node:path';
import type { TAgentSettings } from '@portal/contracts';
import { AGENT_VERSION, agentHome, readConfig, writePrivate, type AgentConfig } from './config.js';
import { enroll } from './enroll.js';
import { Monitor } from './monitor.js';
import { desktopProbes } from './probes/index.js';
import { SiNetworkProbe, SiSystemProbe } from './probes/system.js';
import { DiskQueue } from './queue.js';
import { Transport } from './transport.js';
import { askHidden } from './prompt.js';

const USAGE = `Usage:
  npm run agent -- enroll --server URL --username USER   exchange your password once for this machine's credential
  npm run agent [-- run]                                 watch this desktop and report to the portal
  npm run agent -- status                                print what the agent would send now

Environment: PORTAL_AGENT_HOME (default ~/.config/portal-agent), PORTAL_AGENT_PASSWORD (scripted enrollment).`;

/** Exit codes: 1 usage or setup error, 2 the server refused the credential (revoked). */
const EXIT_REFUSED = 2;

const log = (message: string) => process.stderr.write(`${new Date().toISOString()} portal-agent: ${message}\n`);

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return args[i + 1];
  return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

function requireConfig(home: string): AgentConfig {
  const config = readConfig(home);
  if (!config)
    throw new Error('This machine is not enrolled: run `npm run agent -- enroll --server URL --username USER`.');
  return config;
}

async function cmdEnroll(home: string, args: string[]) {
  const server = option(args, 'server');
  const username = option(args, 'username');
  if (!server || !username) throw new Error(`enroll needs --server and --username.\n\n${USAGE}`);
  const password = process.env.PORTAL_AGENT_PASSWORD ?? (await askHidden(`Password for ${username}: `));
  const config = await enroll(home, server, username, password);
  process.stdout.write(`Enrolled as ${config.username} (agent ${config.agent_id}); run \`npm run agent\` to start.\n`);
}

async function cmdStatus(home: string) {
  const config = readConfig(home);
  const probes = desktopProbes();
  const settle = <T>(p: Promise<T>) =>
    p.then(
      (value) => value,
      (err: unknown) => ({ error: String((err as Error).message ?? err) }),
    );
  try {
    const queue = new DiskQueue(path.join(home, 'queue'));
    const out = {
      enrolled: config ? { server: config.server, username: config.username, agent_id: config.agent_id } : null,
      version: AGENT_VERSION,
      queue: { pending: queue.size, last_seq: queue.lastSeq, dropped: queue.dropped },
      active_window: await settle(probes.window.activeWindow()),
      opened_apps: await settle(probes.window.openedApps()),
      idle: await settle(probes.idle.idle()),
      device: await settle(new SiSystemProbe().device()),
      // Latency and loss are measured over the agent's connection, which `status` does not open.
      network: await settle(new SiNetworkProbe(async () => ({ latency_ms: null, loss_percent: null })).network()),
    };
    queue.close();
    process.stdout.write(JSON.stringify(out, null, 2) + '\n');
  } finally {
    probes.close();
  }
}

async function cmdRun(home: string) {
  const config = requireConfig(home);
  const queue = new DiskQueue(path.join(home, 'queue'));
  let settings: TAgentSettings = { idle_after_seconds: 120, call_processes: [] };
  const probes = desktopProbes();
  const dayFile = path.join(home, 'daily.json');
  let savedDay = null;
  try {
    savedDay = JSON.parse(fs.readFileSync(dayFile, 'utf8'));
  } catch {
    /* a new day */
  }
  let stopping = false;
  const transport = new Transport({
    server: config.server,
    credential: config.credential,
    version: AGENT_VERSION,
    queue,
    log,
    onWelcome(s, offset) {
      settings = s;
      log(`connected to ${config.server} as ${config.username} (clock offset ${offset} ms, ${queue.size} queued)`);
    },
    onRefused(code, reason) {
      log(
        `the server refused this agent's credential (${code} ${reason}): it was revoked or the account may not use it; enroll again.`,
      );
      stopping = true;
      probes.close();
      queue.close();
      process.exit(EXIT_REFUSED);
    },
  });
  const monitor = new Monitor({
    probes,
    system: new SiSystemProbe(),
    network: new SiNetworkProbe(() => transport.measure()),
    settings: () => settings,
    emit(e) {
      queue.append(e);
      transport.pump();
    },
    log,
    savedDay,
    saveDay: (day) => writePrivate(dayFile, JSON.stringify(day)),
  });
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    await monitor.stop();
    // Offline, the events wait in the queue for the next run; online, give them a moment to go.
    if (transport.connected) await transport.flush(3000);
    await transport.stop();
    probes.close();
    queue.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  transport.start();
  monitor.start();
  log(`running (version ${AGENT_VERSION}, ${queue.size} events queued)`);
}

async function main(argv: string[]) {
  const [first, ...rest] = argv;
  const command = !first || first.startsWith('--') ? 'run' : first;
  const args = command === first ? rest : argv;
  if (command === 'help' || args.includes('--help')) return void process.stdout.write(USAGE + '\n');
  const home = agentHome();
  if (command === 'enroll') return cmdEnroll(home, args);
  if (command === 'status') return cmdStatus(home);
  if (command === 'run') return cmdRun(home);
  throw new Error(`Unknown command "${command}".\n\n${USAGE}`);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`portal-agent: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
