import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { serviceUnavailable } from '../lib/errors.js';

/**
 * Makes `app.close()` finish promptly whatever the clients do. Node's `server.close()`
 * waits for every connection, and `closeIdleConnections()` only ends keep-alive sockets
 * between requests: a connection that never sent a request (or only part of its headers)
 * kept the process alive until the 25 s hammer in main.ts. So, once closing:
 *  - sockets with no request being answered are destroyed at once, and new ones refused;
 *  - a request in flight may finish (its socket ends after the answer), for `graceMs`;
 *  - then every remaining HTTP connection is cut.
 * A request that still arrives (pipelined behind one in flight) gets the usual 503 shape.
 * Websockets are the gateway's (it closes them with 1001, then terminates stragglers).
 */
export function drainOnClose(app: FastifyInstance, graceMs: number): void {
  const server = app.server;
  const sockets = new Set<Socket>();
  /** Requests being answered on each socket (pipelining allows several). */
  const busy = new Map<Socket, number>();
  let closing = false;
  let cut: NodeJS.Timeout | undefined;

  server.on('connection', (socket: Socket) => {
    if (closing) return void socket.destroy();
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      busy.delete(socket);
    });
  });
  // Upgraded sockets belong to the websocket server from here on.
  server.on('upgrade', (req: IncomingMessage) => sockets.delete(req.socket));
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    res.once('close', () => {
      const left = (busy.get(socket) ?? 1) - 1;
      if (left > 0) return void busy.set(socket, left);
      busy.delete(socket);
      // The answer is written: end the connection (flushing it) rather than keep it alive.
      if (closing) socket.end();
    });
  });

  app.addHook('onRequest', async (_req, reply) => {
    if (!closing) return;
    void reply.header('connection', 'close');
    throw serviceUnavailable();
  });
  app.addHook('preClose', (done) => {
    closing = true;
    for (const socket of sockets) if (!busy.has(socket)) socket.destroy();
    cut = setTimeout(() => {
      for (const socket of sockets) socket.destroy();
    }, graceMs);
    cut.unref();
    done();
  });
  app.addHook('onClose', (_app, done) => {
    clearTimeout(cut);
    done();
  });
}
