import type { FastifyReply } from 'fastify';
import type { SniffedContentType } from './sniff.js';

/** RFC 6266: an ASCII fallback (`asciiFallback`, else the name with others replaced) plus the exact UTF-8 name. */
export function contentDisposition(filename: string, asciiFallback?: string): string {
  const ascii = (asciiFallback ?? filename).replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends stored bytes as a download: the sniffed type, never rendered in the portal's
 * origin (attachment, nosniff, a sandboxing CSP).
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: { filename: string; content_type: SniffedContentType; data: Buffer },
): FastifyReply {
  return reply
    .header('content-type', file.content_type === 'text/plain' ? 'text/plain; charset=utf-8' : file.content_type)
    .header('content-disposition', contentDisposition(file.filename))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-cache')
    .send(file.data);
}
