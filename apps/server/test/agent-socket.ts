/**
 * The monitoring agent's side, for IT tests: an agent enrolled through the real enrolment
 * route, and its real `/ws/agent/` socket speaking the agent protocol. (Tests that only
 * need an agent row and stored telemetry use the factories instead.)
 */
import { itAgentEndpoints, type TAgentEnrollRequest } from '@portal/contracts';
import { call } from './client.js';
import { DEMO_PASSWORD, openSocket, ready, type TestServer } from './harness.js';

let machine = 0;
/** An enrolment of a fresh machine for `username`, with the demo password. */
export const enrollBody = (username: string, extra: Partial<TAgentEnrollRequest> = {}): TAgentEnrollRequest => ({
  username,
  password: DEMO_PASSWORD,
  machine_id: `machine-${++machine}-${Date.now()}`,
  hostname: 'desk-07',
  platform: 'linux',
  version: '1.0.0',
  ...extra,
});

export async function enrollAgent(s: TestServer, username: string, extra: Partial<TAgentEnrollRequest> = {}) {
  const res = await call(s.api, itAgentEndpoints.enrollAgent, { body: enrollBody(username, extra) });
  if (res.status !== 201) throw new Error(`enrolment of ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** An agent socket that has said hello; `send` answers the next ack, `sendBatch` the next ack or refusal. */
export async function agentSocket(s: TestServer, credential: string) {
  const sock = openSocket(s.url, '/ws/agent/', credential);
  await ready(sock);
  sock.ws.send(JSON.stringify({ command: 'hello', version: '1.0.0', agent_time: new Date().toISOString() }));
  const welcome = await sock.next((m) => m.message?.command === 'welcome');
  let n = 0;
  const sendBatch = async (events: unknown[], agentTime = new Date().toISOString()) => {
    const batch = `b${++n}`;
    sock.ws.send(JSON.stringify({ command: 'events', batch, agent_time: agentTime, events }));
    return (
      await sock.next((m) => ['ack', 'refused'].includes(m.message?.command) && m.message.batch === batch, 30_000)
    ).message;
  };
  return {
    sock,
    welcome: welcome.message,
    sendBatch,
    async send(events: unknown[], agentTime?: string) {
      const answer = await sendBatch(events, agentTime);
      if (answer.command !== 'ack') throw new Error(`batch refused: ${JSON.stringify(answer)}`);
      return answer;
    },
  };
}

/** An app switch as the agent sends it. */
export const appEvent = (seq: number, title: string, at = new Date().toISOString(), process = 'chrome') => ({
  kind: 'app',
  seq,
  at,
  heartbeat: false,
  title,
  process,
  pid: 4242,
  memory_bytes: 1024,
  url: null,
  opened_apps: ['chrome', 'zoiper'],
});
