import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { msg, type TMessage } from '@portal/contracts';
import { ApiError } from '../lib/errors.js';

/**
 * The longest request target (path + query, in bytes) answered normally. Longer ones get
 * 414 before any route runs. Without it a path past ~4,070 characters reached the static
 * file handler, whose path-spelling check cannot stat a name over PATH_MAX (4096) and
 * answers 403 "Forbidden"; nothing the portal serves needs more than a few hundred.
 */
export const MAX_URL_BYTES = 4096;
const URL_TOO_LONG = msg('urlTooLong', { count: MAX_URL_BYTES });

const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export interface EdgeOptions {
  /** Send HSTS on every answer (TLS ends somewhere that does not set X-Forwarded-Proto). */
  hsts: boolean;
}

/**
 * What every request passes through before routing decisions matter: HSTS only where it
 * means something, the URL length limit, and `Cache-Control: no-store` on API answers
 * (tokens, personal data) unless a route chose its own (attachments: `private, no-cache`).
 */
export const edgePlugin = fp<EdgeOptions>(async (app: FastifyInstance, { hsts }) => {
  app.addHook('onRequest', async (req, reply) => {
    // Over plain HTTP the header is meaningless at best, and pins a host name to HTTPS
    // that may never serve it. req.protocol honours X-Forwarded-Proto under TRUST_PROXY.
    if (hsts || req.protocol === 'https') void reply.header('strict-transport-security', HSTS_VALUE);
    if (Buffer.byteLength(req.raw.url ?? req.url) > MAX_URL_BYTES) throw new ApiError(414, URL_TOO_LONG);
  });
  app.addHook('onSend', async (req, reply) => {
    const url = req.raw.url ?? req.url;
    if ((url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
  });
});

function answer(socket: Socket, status: number, message: TMessage) {
  const body = JSON.stringify(new ApiError(status, message).toBody());
  socket.write(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** A request line whose target alone passes the limit (the packet the parser refused). */
function requestLineTooLong(raw: unknown): boolean {
  if (!Buffer.isBuffer(raw)) return false;
  const head = raw.subarray(0, MAX_URL_BYTES + 64).toString('latin1');
  if (!/^[A-Z]+ \//.test(head)) return false;
  const end = head.indexOf('\r\n');
  const line = end === -1 ? head : head.slice(0, end);
  const target = line.slice(line.indexOf(' ') + 1).replace(/ HTTP\/\d\.\d$/, '');
  return end === -1 || Buffer.byteLength(target) > MAX_URL_BYTES;
}

/**
 * Fastify's clientErrorHandler: what Node's HTTP parser rejects before Fastify sees a
 * request (headers past 16 KiB, malformed requests, timeouts), in the API's error shape.
 * A request line past the header limit is a long URL: 414, like the shorter ones.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  err: NodeJS.ErrnoException & { rawPacket?: unknown },
  socket: Socket,
) {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.trace({ err }, 'client error');
  if (socket.writable) {
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') answer(socket, 408, msg('requestTimeout'));
    else if (err.code === 'HPE_HEADER_OVERFLOW') {
      if (requestLineTooLong(err.rawPacket)) answer(socket, 414, URL_TOO_LONG);
      else answer(socket, 431, msg('headersTooLarge'));
    } else answer(socket, 400, msg('malformedRequest'));
  }
  socket.destroy(err);
}
