import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorFrame,
  fillMessage,
  msg as said,
  AGENT_BATCH_MAX,
  canRunAgent,
  WS_CHANNELS,
  ZAgentClientMessage,
  WS_CLOSE,
  itAgentEndpoints as A,
  type TAgentAck,
  type TAgentRefused,
  type TAgentWelcome,
} from '@portal/contracts';
import { route } from '../../lib/endpoint.js';
import { caller, clientInfo, requestSource } from '../../plugins/auth.js';
import { limitFailuresPerAddress } from '../../plugins/rate-limit.js';
import * as agents from './agents.service.js';
import { EventRate } from './ingest-rules.js';
import * as telemetry from './telemetry.service.js';

/** The desktop agent: enrolment, the agents list and revocation, and its own channel. */
export const itAgentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Guessing passwords through enrolment is throttled like sign-in (shared across servers).
  await limitFailuresPerAddress(app, {
    db: ctx.db,
    shared: Boolean(ctx.config.DATABASE_URL),
    max: ctx.config.LOGIN_ADDRESS_MAX_FAILURES,
    windowMs: ctx.config.LOGIN_WINDOW * 1000,
    message: said('networkThrottled'),
  });

  route(app, A.enrollAgent, (req) => agents.enroll(ctx, req.body, clientInfo(req)), {
    config: { limitFailures: true },
  });

  route(app, A.listAgents, async (req) => agents.listAgents(ctx, caller(req).user));

  route(app, A.revokeAgent, async (req) => {
    await agents.revokeAgent(ctx, caller(req).user, req.params.id, requestSource(req));
    return null;
  });

  // One socket's batches are applied one after another, in the order they came: a later
  // batch taking the agent's lock first would make the earlier one's seqs look stored.
  const queues = new WeakMap<object, Promise<unknown>>();
  const inOrder = <T>(conn: object, work: () => Promise<T>): Promise<T> => {
    const next = (queues.get(conn) ?? Promise.resolve()).then(work, work);
    queues.set(
      conn,
      next.catch(() => undefined),
    );
    return next;
  };

  // Events per second per connection (in memory: a burst limit); rows per day are counted in the database.
  const rates = new WeakMap<object, EventRate>();
  const rateOf = (conn: object) => {
    let rate = rates.get(conn);
    if (!rate)
      rates.set(conn, (rate = new EventRate(ctx.config.IT_AGENT_MAX_EVENTS_PER_SECOND, AGENT_BATCH_MAX, Date.now())));
    return rate;
  };
  const refuse = (batch: string, reason: TAgentRefused['message']['reason'], seconds: number): TAgentRefused => ({
    message: {
      command: 'refused',
      batch,
      reason,
      retry_after_seconds: seconds,
      detail:
        reason === 'too_fast'
          ? fillMessage('agentTooFast', { limit: ctx.config.IT_AGENT_MAX_EVENTS_PER_SECOND, seconds })
          : fillMessage('agentDailyLimit', { limit: ctx.config.IT_AGENT_MAX_ROWS_PER_DAY, seconds }),
    },
  });

  app.gateway.channel({
    path: WS_CHANNELS.agent,
    allow: canRunAgent,
    authenticate: (token) => agents.authenticateAgent(ctx, token),
    sessionAlive: (sessionId, userId) => agents.agentAlive(ctx, sessionId, userId),
    async onMessage(conn, raw) {
      const parsed = ZAgentClientMessage.safeParse(raw);
      if (!parsed.success) {
        return conn.send(errorFrame(said('agentMalformed')));
      }
      const agentId = agents.agentIdOf(conn.sessionId);
      const msg = parsed.data;
      if (msg.command === 'hello') {
        const w = await telemetry.greet(ctx, agentId, msg.agent_time);
        const frame: TAgentWelcome = {
          message: { command: 'welcome', server_time: new Date().toISOString(), ...w },
        };
        return conn.send(frame);
      }
      const wait = rateOf(conn).take(msg.events.length, Date.now());
      if (wait > 0) return conn.send(refuse(msg.batch, 'too_fast', wait));
      const agent = {
        agentId,
        userId: conn.user.id,
        username: conn.user.username,
        isInterpreter: conn.user.user_type === 'INTERPRETER',
      };
      let result: Awaited<ReturnType<typeof telemetry.ingestBatch>>;
      try {
        result = await inOrder(conn, () => telemetry.ingestBatch(ctx, agent, msg));
      } catch (err) {
        // Never the database's words to a client; the agent keeps the batch and sends it again.
        app.log.error({ err, agentId }, 'agent batch not stored');
        return conn.send(errorFrame(said('agentBatchNotStored')));
      }
      if (result === 'revoked') return conn.close(WS_CLOSE.unauthorized, 'agent revoked');
      if ('refused' in result) return conn.send(refuse(msg.batch, result.refused, result.retry_after_seconds));
      const ack: TAgentAck = { message: { command: 'ack', batch: msg.batch, ...result } };
      conn.send(ack);
    },
  });
};
