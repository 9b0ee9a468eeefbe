import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

export const AGENT_VERSION: string = (
  JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export const ZAgentConfig = z.object({
  server: z.string().url(),
  agent_id: z.number().int(),
  credential: z.string().min(1),
  username: z.string(),
});
export type AgentConfig = z.infer<typeof ZAgentConfig>;

/** The agent's own directory (config, queue, the day so far): PORTAL_AGENT_HOME or ~/.config/portal-agent, mode 0700. */
export function agentHome(env = process.env): string {
  const home = env.PORTAL_AGENT_HOME || path.join(os.homedir(), '.config', 'portal-agent');
  fs.mkdirSync(home, { recursive: true, mode: 0o700 });
  fs.chmodSync(home, 0o700);
  return home;
}

/** Writes a file readable by its owner only, atomically. */
export function writePrivate(file: string, text: string) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

export function readConfig(home: string): AgentConfig | null {
  try {
    return ZAgentConfig.parse(JSON.parse(fs.readFileSync(path.join(home, 'config.json'), 'utf8')));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`${path.join(home, 'config.json')} is not a valid agent configuration: enroll again.`);
  }
}

export function writeConfig(home: string, config: AgentConfig) {
  writePrivate(path.join(home, 'config.json'), JSON.stringify(config, null, 2) + '\n');
}

/**
 * A stable id of this machine: PORTAL_AGENT_MACHINE_ID, else systemd's machine-id, else
 * one made up once and kept in the agent's directory (macOS, Windows).
 */
export function machineId(home: string, env = process.env): string {
  if (env.PORTAL_AGENT_MACHINE_ID) return env.PORTAL_AGENT_MACHINE_ID;
  for (const f of ['/etc/machine-id', '/var/lib/dbus/machine-id']) {
    try {
      const id = fs.readFileSync(f, 'utf8').trim();
      if (id.length >= 8) return id;
    } catch {
      /* not here */
    }
  }
  const file = path.join(home, 'machine-id');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const id = crypto.randomUUID();
    writePrivate(file, id);
    return id;
  }
}
