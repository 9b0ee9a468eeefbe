import crypto from 'node:crypto';
import {
  errorFrame,
  msg,
  ZShareClientSignal,
  WS_CHANNELS,
  type TBusEventOf,
  type TWsShareChannelMessage,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { LiveConnection } from '../../plugins/realtime/gateway.js';
import { withTx } from '../../lib/tx.js';
import { presentCall } from './share.presenter.js';
import * as repo from './share.repository.js';
import { endCallsOfEndpoint } from './share.service.js';

/** How often a server vouches for its connections (online = seen within ENDPOINT_FRESH_SECONDS). */
const HEARTBEAT_MS = 25_000;

/**
 * `/ws/share/`: every signed-in user may hold one (viewers, staff targets in any portal
 * tab, interpreters on their sharing page). Each connection gets a name (its endpoint),
 * recorded in the database so every server knows who is online; a call is bound to
 * two endpoints, and signals travel only between those two — the sender is always the
 * socket itself, whatever the message says.
 */
export function registerShareChannel(app: FastifyInstance): void {
  const { ctx } = app;
  const endpoints = new Map<string, LiveConnection>();
  const endpointOf = new WeakMap<LiveConnection, string>();
  const send = (c: LiveConnection, frame: TWsShareChannelMessage | string) => c.send(frame);

  app.gateway.channel({
    path: WS_CHANNELS.share,
    allow: () => true, // any signed-in user: whom they may watch or be watched by is checked per call
    async onOpen(conn) {
      const endpoint = crypto.randomUUID();
      await repo.insertEndpoint(ctx.db, endpoint, conn.user.id);
      endpoints.set(endpoint, conn);
      endpointOf.set(conn, endpoint);
      send(conn, { message: { command: 'share_hello', data: { endpoint } } });
    },
    async onClose(conn) {
      const endpoint = endpointOf.get(conn);
      if (!endpoint) return;
      endpoints.delete(endpoint);
      await endCallsOfEndpoint(ctx, endpoint, conn.user);
    },
    async onMessage(conn, message) {
      const parsed = ZShareClientSignal.safeParse(message);
      if (!parsed.success) {
        return send(conn, errorFrame(msg('shareSignalMalformed')));
      }
      const { call_id, signal } = parsed.data;
      const from = endpointOf.get(conn);
      const call = from ? await repo.findCall(ctx.db, call_id) : undefined;
      // Only the two connections of an active call (or the viewer's, answering early) exchange signals.
      const to =
        call && call.status === 'active'
          ? from === call.viewer_endpoint
            ? call.target_endpoint
            : from === call.target_endpoint
              ? call.viewer_endpoint
              : null
          : null;
      if (!call || !to) return send(conn, errorFrame(msg('shareNoSuchCall')));
      await withTx(ctx, async (tx) => {
        const id = await repo.insertSignal(tx.db, { call_id, to_endpoint: to, from_user: conn.user.id, signal });
        tx.publish({ type: 'share_signal', id: Number(id), endpoint: to });
      });
    },
  });

  const failed = (err: unknown) => app.log.warn({ err }, 'share: live delivery failed');

  async function deliverSignal(event: TBusEventOf<'share_signal'>) {
    const conn = endpoints.get(event.endpoint);
    if (!conn) return;
    const row = await repo.findSignal(ctx.db, event.id);
    if (!row || row.to_endpoint !== event.endpoint) return;
    send(conn, {
      message: { command: 'share_signal', data: { call_id: row.call_id, from: row.from_username, signal: row.signal } },
    });
  }

  async function deliverCall(event: TBusEventOf<'share_call'>) {
    const to = [...app.gateway.connections(WS_CHANNELS.share)].filter((c) => event.users.includes(c.user.id));
    if (to.length === 0) return;
    const row = await repo.findCall(ctx.db, event.id);
    if (!row) return;
    const text = JSON.stringify({ message: { command: 'share_call', data: presentCall(row) } });
    for (const c of to) send(c, text);
  }

  const offSignal = ctx.bus.subscribe('share_signal', (e) => void deliverSignal(e).catch(failed));
  const offCall = ctx.bus.subscribe('share_call', (e) => void deliverCall(e).catch(failed));

  const heartbeat = setInterval(() => {
    void repo.touchEndpoints(ctx.db, [...endpoints.keys()]).catch((err: unknown) => {
      app.log.warn({ err }, 'share: endpoint heartbeat failed');
    });
  }, HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    offSignal();
    offCall();
  });
}
