import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isStaff, ticketEndpoints, WS_CHANNELS } from '@portal/contracts';
import { multipartBody, registerMultipart, sendStoredFile, uploadTempDir } from '../../lib/files/index.js';
import { route } from '../../lib/endpoint.js';
import { caller, requestSource } from '../../plugins/auth.js';
import { bulkUpdateTickets, createTicket, TICKET_UPLOAD_RULES, updateTicket } from './ticket-commands.service.js';
import { deliverTicketEvent } from './ticket-live.js';
import * as reads from './ticket-reads.service.js';
import { ticketStats } from './ticket-stats.service.js';

/** `next`/`previous` as absolute-path URLs with the same filters. */
function pageUrl(req: FastifyRequest, page: number | null): string | null {
  if (page === null) return null;
  const url = new URL(req.url, 'http://x');
  url.searchParams.set('page', String(page));
  return url.pathname + url.search;
}

export const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: only these routes take multipart bodies (up to 5 × 10 MiB,
  // streamed to DATA_DIR/tmp/uploads; the app's 1 MiB body limit still holds for JSON).
  // multipart/form-data → the same body the JSON clients send; the files wait for the service.
  const uploads = multipartBody(
    await registerMultipart(app, { tempDir: uploadTempDir(app.ctx.config.DATA_DIR) }),
    TICKET_UPLOAD_RULES,
    (req) => caller(req).user.id,
  );
  const { files } = uploads;
  const { ctx } = app;
  const T = ticketEndpoints;

  route(app, T.createTicket, (req) => createTicket(ctx, caller(req).user, req.body, files(req), requestSource(req)), {
    preValidation: uploads.preValidation,
  });
  route(app, T.listActiveTickets, async (req, reply) => {
    const { tickets: list, total } = await reads.listActiveTickets(ctx, caller(req).user, req.query);
    void reply.header('x-total-count', String(total));
    return list;
  });
  route(app, T.getTicket, (req) => reads.getTicket(ctx, caller(req).user, req.params.id));
  route(
    app,
    T.updateTicket,
    (req) => updateTicket(ctx, caller(req).user, req.params.ticket, req.body, files(req), requestSource(req)),
    { preValidation: uploads.preValidation },
  );
  route(app, T.bulkUpdateTickets, (req) => bulkUpdateTickets(ctx, caller(req).user, req.body, requestSource(req)));
  route(app, T.getTicketRequester, (req) => reads.ticketRequester(ctx, caller(req).user, req.params.ticket));
  route(app, T.downloadTicketAttachment, async (req, reply) =>
    sendStoredFile(reply, await reads.getAttachment(ctx, caller(req).user, req.params.id)),
  );
  route(app, T.listTicketHistory, async (req) => {
    const { results, count, page, pageSize } = await reads.ticketHistory(ctx, caller(req).user, req.query);
    return {
      results,
      count,
      next: page * pageSize < count ? pageUrl(req, page + 1) : null,
      previous: page > 1 ? pageUrl(req, page - 1) : null,
    };
  });
  route(app, T.listDeskMembers, (req) => reads.deskMembers(ctx, caller(req).user, req.query));
  route(app, T.getTicketStats, (req) => ticketStats(ctx, caller(req).user, req.query));

  // Spec §7's desk channel: any staff member may connect; each frame goes only to the
  // desk of its ticket's department.
  app.gateway.channel({ path: WS_CHANNELS.admins, allow: (user) => isStaff(user) });

  // Every server delivers to its own sockets; the bus tells them all.
  const unsubscribe = ctx.bus.subscribe('ticket', (event) => {
    void deliverTicketEvent(ctx, event, app.gateway).catch((err: unknown) =>
      app.log.error({ err }, 'ticket delivery failed'),
    );
  });
  app.addHook('onClose', async () => unsubscribe());
};
