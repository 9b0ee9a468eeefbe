import type { FastifyRequest } from 'fastify';

/** The same request's URL on another page (spec-style `next`/`previous` links). */
export function pageUrl(req: FastifyRequest, page: number): string {
  const url = new URL(req.url, 'http://x');
  url.searchParams.set('page', String(page));
  return url.pathname + url.search;
}

/** A page of results with its `count` and `next`/`previous` links (contracts' `pagedResponse`). */
export function pagedAnswer<T>(req: FastifyRequest, results: T[], count: number, page: number, pageSize: number) {
  return {
    results,
    count,
    next: page * pageSize < count ? pageUrl(req, page + 1) : null,
    previous: page > 1 ? pageUrl(req, page - 1) : null,
  };
}
