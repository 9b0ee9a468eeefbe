import type { FastifyServerOptions } from 'fastify';

/**
 * Query parameters whose values must never reach a log line: any whose name contains
 * token, ticket, key, secret, password or access (`?token=`, `?access_token=`, `?api_key=`…).
 */
const SECRET_NAME = /token|ticket|key|secret|password|access/i;

/** A query name as the server's parser reads it (`+` is a space, `%xx` decoded); undecodable stays as sent. */
function decodedName(raw: string): string {
  const spaced = raw.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * The URL with every secret-named parameter's value masked. Names are judged as the
 * server decodes them (`?tok%65n=` is read as `token`) and as sent, each occurrence of a
 * repeated one too; the names themselves stay as sent, so the line still says what was asked.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const masked = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      if (!SECRET_NAME.test(name) && !SECRET_NAME.test(decodedName(name))) return pair;
      return `${name}=[REDACTED]`;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${masked}${hash < 0 ? '' : url.slice(hash)}`;
}

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
