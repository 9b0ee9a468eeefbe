import os from 'node:os';
import { fillPath, itAgentEndpoints, type TAgentEnrollRequest } from '@portal/contracts';
import { AGENT_VERSION, machineId, writeConfig, type AgentConfig } from './config.js';

/** The portal's base address, without a trailing slash (http(s) only). */
export function normalServer(raw: string): string {
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error('The server address must start with http:// or https://.');
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/**
 * Exchanges the password (used once, never kept) for an agent credential bound to this
 * machine and user, and saves it in config.json (mode 0600).
 */
export async function enroll(home: string, server: string, username: string, password: string): Promise<AgentConfig> {
  const base = normalServer(server);
  const platform = (['linux', 'darwin', 'win32'] as const).find((p) => p === process.platform);
  if (!platform) throw new Error(`This platform (${process.platform}) is not supported.`);
  const body: TAgentEnrollRequest = {
    username,
    password,
    machine_id: machineId(home),
    hostname: os.hostname(),
    platform,
    version: AGENT_VERSION,
  };
  const endpoint = itAgentEndpoints.enrollAgent;
  const res = await fetch(`${base}/api${fillPath(endpoint.path, {})}`, {
    method: endpoint.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  if (!res.ok) {
    const b = json as { message?: string; extra?: { fields?: Record<string, unknown> } } | null;
    const fields = b?.extra?.fields ? ` ${JSON.stringify(b.extra.fields)}` : '';
    throw new Error(`Enrollment refused (HTTP ${res.status}): ${b?.message ?? text.slice(0, 200)}${fields}`);
  }
  const e = endpoint.responses[201].parse(json);
  const config: AgentConfig = { server: base, agent_id: e.agent_id, credential: e.credential, username: e.username };
  writeConfig(home, config);
  return config;
}
