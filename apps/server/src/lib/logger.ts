import type { FastifyServerOptions } from 'fastify';

/**
 * Query parameters whose values must never reach a log line: any whose name contains
 * token, ticket, key, secret, password or access (`?token=`, `?access_token=`, `?api_key=`…).
 */
const SECRET_PARAMS = /([?&][^=&#]*(?:token|ticket|key|secret|password|access)[^=&#]*=)[^&#]*/gi;
export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1[REDACTED]');

/**
 * Logs never contain a token, a password or a hash: Fastify does not log bodies, the
 * request serializer drops headers and secret query values, and these paths are masked
 * wherever an object carrying them is logged.
 */
export function loggerOptions(level: string): NonNullable<FastifyServerOptions['logger']> & object {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        "req.headers['x-api-key']",
        '*.password',
        '*.old_password',
        '*.new_password',
        '*.password_hash',
        '*.access',
        '*.token',
        'headers.authorization',
        "headers['x-api-key']",
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) {
        return { method: req.method, url: redactUrl(req.url), remoteAddress: req.ip ?? req.socket?.remoteAddress };
      },
    },
  };
}
