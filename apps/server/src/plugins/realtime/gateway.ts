import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { errorFrame, msg, WS_CLOSE, ZWsClientMessage, type TWsChannel, type TWsServerMessage } from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import type { Authenticated } from '../../lib/actor.js';
import { ApiError, fieldError, isDatabaseUnavailable } from '../../lib/errors.js';
import { wsConnections } from '../../lib/metrics.js';
import type { EventBus } from './event-bus.js';

/**
 * The `?token=` a socket authenticates with. A repeated parameter arrives as an array:
 * refused on the field (which token was meant is not ours to guess).
 */
function socketToken(req: FastifyRequest): string | undefined {
  const token = (req.query as Record<string, unknown>).token;
  if (token === undefined || typeof token === 'string') return token;
  throw fieldError('token', 'socketOneToken');
}

/** One authenticated socket on one channel. */
export interface LiveConnection {
  readonly id: number;
  readonly channel: string;
  readonly user: UserRow;
  readonly sessionId: string;
  /** A message object, or its JSON already serialised (fan-out serialises once). */
  send(message: TWsServerMessage | Record<string, unknown> | string): void;
  close(code: number, reason: string): void;
}

export interface ChannelSpec {
  /** One of contracts' WS_CHANNELS, e.g. '/ws/notification/' (spec §7). */
  path: TWsChannel;
  /** Who may join, asked of the permissions module by the feature. */
  allow(user: UserRow): boolean;
  onOpen?(conn: LiveConnection): void | Promise<void>;
  /** After the socket closed (once its onOpen has finished), e.g. to release what it held. */
  onClose?(conn: LiveConnection): void | Promise<void>;
  /** Feature-specific client frames (anything but the gateway's own `ping`). */
  onMessage?(conn: LiveConnection, message: unknown): void | Promise<void>;
  /**
   * A channel for machines rather than browsers (the monitoring agent) brings its own
   * credential: `?token=` → the caller, instead of the user tokens and tickets.
   */
  authenticate?(token: string): Promise<Authenticated | null>;
  /** With `authenticate`: whether that credential still holds, when its user's sessions are revoked. */
  sessionAlive?(sessionId: string, userId: number): Promise<boolean>;
}

export interface GatewayOptions {
  heartbeatMs: number;
  /**
   * The origin pages are served from (PUBLIC_ORIGIN, e.g. https://portal.example.com);
   * undefined = the request's own scheme and Host.
   */
  publicOrigin?: string;
  /** Further origins allowed to open sockets (WS_ALLOWED_ORIGINS). */
  allowedOrigins: string[];
  maxMessageBytes: number;
  /** Close a consumer whose unsent data passes this (never let memory grow unbounded). */
  maxBufferedBytes: number;
  /** Incoming frames per second per socket (token bucket, burst of twice this). */
  messagesPerSecond: number;
  /** Sockets one user may hold on this server, all channels together (the next is closed 1008). */
  maxSocketsPerUser: number;
  /** At shutdown, how long clients get to answer the 1001 close before being cut. */
  closeGraceMs: number;
}

export const DEFAULT_GATEWAY_OPTIONS: GatewayOptions = {
  heartbeatMs: 30_000,
  allowedOrigins: [],
  maxMessageBytes: 64 * 1024,
  maxBufferedBytes: 1024 * 1024,
  messagesPerSecond: 20,
  maxSocketsPerUser: 20,
  closeGraceMs: 1000,
};

export interface Gateway {
  channel(spec: ChannelSpec): void;
  connections(channel?: string): Iterable<LiveConnection>;
  connectionsOf(userId: number): Iterable<LiveConnection>;
}

declare module 'fastify' {
  interface FastifyInstance {
    gateway: Gateway;
  }
}

interface Conn extends LiveConnection {
  spec: ChannelSpec;
  socket: WebSocket;
  missedPongs: number;
  strikes: number;
  tokens: number;
  lastRefill: number;
}

/** `scheme://host[:port]` as URL normalises it (case, default ports), or null. */
function normalOrigin(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Scheme AND host must match: a page on http://portal.example.com (a network attacker
 * can serve one) is not the https:// portal. The expected origin is PUBLIC_ORIGIN, or
 * else the request's own scheme (X-Forwarded-Proto under TRUST_PROXY) and Host.
 */
function originAllowed(req: FastifyRequest, publicOrigin: string | undefined, allowed: string[]): boolean {
  const raw = req.headers.origin;
  // Browsers always send Origin; other clients (the monitoring agent) cannot be hijacked.
  if (raw === undefined) return true;
  const origin = normalOrigin(raw);
  if (!origin) return false;
  if (allowed.some((a) => normalOrigin(a) === origin)) return true;
  // req.protocol and req.host honour X-Forwarded-Proto/-Host only under TRUST_PROXY.
  const own = publicOrigin ?? (req.host ? normalOrigin(`${req.protocol}://${req.host}`) : null);
  return origin === own;
}

/**
 * The socket gateway: authenticates (`?token=` access token or single-use ticket),
 * checks Origin (scheme and host), caps sockets per user, heartbeats, bounds queues and
 * message sizes and rates, and closes the sockets of revoked sessions. Features add
 * channels; they never touch `ws` directly.
 */
export interface GatewayPluginOptions {
  options?: Partial<GatewayOptions>;
  /** Revocations arrive on the bus (`sessions.revoked`). */
  subscribe: EventBus['subscribe'];
  /** `?token=` → the caller: a single-use ticket or an access token (the auth feature's). */
  authenticate(token: string): Promise<Authenticated | null>;
  /** Whether a socket's session still holds (re-checked when its user's sessions are revoked). */
  sessionAlive(sessionId: string, userId: number): Promise<boolean>;
}

export const gatewayPlugin = fp<GatewayPluginOptions>(
  async (app: FastifyInstance, { options, subscribe, authenticate, sessionAlive }) => {
    const opts = { ...DEFAULT_GATEWAY_OPTIONS, ...options };
    const all = new Set<Conn>();
    let nextId = 1;

    await app.register(websocket, {
      options: { maxPayload: opts.maxMessageBytes },
      // Shutdown: tell every client the server is going away (1001), then stop. A client
      // that never answers the close (asleep, gone, not reading) would hold the process for
      // ws's own 30 s close timeout: it is cut after closeGraceMs.
      preClose(done) {
        const wss = this.websocketServer;
        for (const socket of wss.clients) socket.close(WS_CLOSE.goingAway, 'server shutting down');
        const cut = setTimeout(() => {
          for (const socket of wss.clients) socket.terminate();
        }, opts.closeGraceMs);
        wss.close(() => {
          clearTimeout(cut);
          done();
        });
      },
    });

    const heartbeat = setInterval(() => {
      for (const c of all) {
        if (c.missedPongs >= 2) {
          c.socket.terminate();
          continue;
        }
        c.missedPongs++;
        c.socket.ping();
      }
    }, opts.heartbeatMs);
    heartbeat.unref();
    app.addHook('onClose', async () => clearInterval(heartbeat));

    // Revocation: re-check the session of each affected socket against the database.
    const unsubscribe = subscribe('sessions.revoked', ({ userId, exceptSessionId }) => {
      for (const c of all) {
        if (c.user.id !== userId || c.sessionId === exceptSessionId) continue;
        void (c.spec.sessionAlive ?? sessionAlive)(c.sessionId, c.user.id).then(
          (live) => live || c.close(WS_CLOSE.unauthorized, 'session ended'),
          () => undefined,
        );
      }
    });
    app.addHook('onClose', async () => unsubscribe());

    function accept(spec: ChannelSpec, socket: WebSocket, user: UserRow, sessionId: string): Conn {
      const conn: Conn = {
        id: nextId++,
        channel: spec.path,
        spec,
        user,
        sessionId,
        socket,
        missedPongs: 0,
        strikes: 0,
        tokens: opts.messagesPerSecond * 2,
        lastRefill: Date.now(),
        send(message) {
          if (socket.readyState !== socket.OPEN) return;
          if (socket.bufferedAmount > opts.maxBufferedBytes) {
            socket.terminate(); // a consumer this slow would only fall further behind
            return;
          }
          socket.send(typeof message === 'string' ? message : JSON.stringify(message));
        },
        close(code, reason) {
          if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason);
        },
      };
      return conn;
    }

    function overRate(c: Conn): boolean {
      const now = Date.now();
      c.tokens = Math.min(
        opts.messagesPerSecond * 2,
        c.tokens + ((now - c.lastRefill) / 1000) * opts.messagesPerSecond,
      );
      c.lastRefill = now;
      if (c.tokens < 1) return true;
      c.tokens -= 1;
      return false;
    }

    /** Each upgrade's authentication, from its preValidation hook to its handler. */
    const pending = new WeakMap<object, Authenticated | 'unavailable' | null>();

    const gateway: Gateway = {
      channel(spec) {
        app.get(
          spec.path,
          {
            websocket: true,
            config: { access: 'public' }, // authenticated below, from ?token=
            schema: { hide: true },
            // Authenticated before the upgrade, so the socket is tracked in the same tick the
            // client sees it open: a frame published right after "open" is never missed.
            preValidation: async (req, reply) => {
              if (!originAllowed(req, opts.publicOrigin, opts.allowedOrigins)) {
                return reply.status(403).send(new ApiError(403, msg('originNotAllowed')).toBody());
              }
              const token = socketToken(req);
              try {
                pending.set(req, token ? await (spec.authenticate ?? authenticate)(token) : null);
              } catch (err) {
                // The database is unreachable: not the client's fault, so 1013 "try again
                // later" once upgraded, never 4401, which would sign the user out.
                if (!isDatabaseUnavailable(err)) throw err;
                req.log.warn({ err }, 'websocket authentication: database unavailable');
                pending.set(req, 'unavailable');
              }
            },
          },
          (socket, req) => {
            const auth = pending.get(req) ?? null;
            pending.delete(req);
            // Close codes only reach the client after the upgrade, hence the checks here.
            if (auth === 'unavailable') return socket.close(WS_CLOSE.tooSlow, 'try again later');
            if (!auth) return socket.close(WS_CLOSE.unauthorized, 'not authenticated');
            if (!spec.allow(auth.user)) return socket.close(WS_CLOSE.forbidden, 'not allowed on this channel');
            // Checked and added in one synchronous step, so concurrent opens cannot overshoot.
            let held = 0;
            for (const c of all) if (c.user.id === auth.user.id) held++;
            if (held >= opts.maxSocketsPerUser) {
              return socket.close(WS_CLOSE.policy, `too many connections (limit ${opts.maxSocketsPerUser})`);
            }
            const conn = accept(spec, socket, auth.user, auth.sessionId);
            all.add(conn);
            wsConnections.inc({ channel: spec.path });
            socket.on('pong', () => (conn.missedPongs = 0));
            // Frames that arrive while onOpen runs wait for it.
            const early: unknown[] = [];
            let opened = false;
            socket.on('message', (raw: unknown) => (opened ? void handleFrame(spec, conn, raw) : early.push(raw)));
            const opening = (async () => {
              await spec.onOpen?.(conn);
              opened = true;
              for (const raw of early.splice(0)) void handleFrame(spec, conn, raw);
            })().catch((err: unknown) => {
              req.log.error({ err }, 'websocket open failed');
              socket.close(1011, 'server error');
            });
            socket.on('close', () => {
              all.delete(conn);
              wsConnections.dec({ channel: spec.path });
              if (spec.onClose)
                void opening
                  .then(() => spec.onClose!(conn))
                  .catch((err: unknown) => req.log.error({ err }, 'websocket close handler failed'));
            });
          },
        );
      },
      *connections(channel) {
        for (const c of all) if (!channel || c.channel === channel) yield c;
      },
      *connectionsOf(userId) {
        for (const c of all) if (c.user.id === userId) yield c;
      },
    };

    async function handleFrame(spec: ChannelSpec, conn: Conn, raw: unknown) {
      if (overRate(conn)) {
        // A client that keeps flooding after being told is closed.
        if (++conn.strikes > 20) return conn.close(WS_CLOSE.policy, 'rate limit');
        return conn.send(errorFrame(msg('socketTooManyMessages')));
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(raw));
      } catch {
        return conn.send(errorFrame(msg('socketMalformed')));
      }
      if (ZWsClientMessage.safeParse(parsed).success) return conn.send({ message: { command: 'pong', data: null } });
      if (!spec.onMessage) return conn.send(errorFrame(msg('socketUnknownCommand')));
      try {
        await spec.onMessage(conn, parsed);
      } catch (err) {
        // A refusal says itself; anything else is the server's fault, not words for the client.
        if (!(err instanceof ApiError)) app.log.error({ err }, 'socket message failed');
        conn.send(errorFrame(err instanceof ApiError ? err.said : msg('socketRequestFailed')));
      }
    }

    app.decorate('gateway', gateway);
  },
);
