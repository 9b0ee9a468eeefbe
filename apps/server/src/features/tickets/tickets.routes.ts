import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  isStaff,
  WS_CHANNELS,
  ZActiveTicketList,
  ZActiveTicketsQuery,
  ZAttachmentIdParams,
  ZBulkTicketsRequest,
  ZCreateTicketRequest,
  ZDeskMembers,
  ZDeskMembersQuery,
  ZTicket,
  ZTicketHistoryPage,
  ZTicketHistoryQuery,
  ZTicketIdParams,
  ZTicketParam,
  ZTicketRequester,
  ZTicketStats,
  ZTicketStatsQuery,
  ZUpdateTicketRequest,
} from '@portal/contracts';
import { multipartBody, registerMultipart, sendStoredFile, uploadTempDir } from '../../lib/files/index.js';
import { errorResponses } from '../../lib/schemas.js';
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

const MULTIPART_NOTE =
  "JSON, or multipart/form-data with the same fields as text parts plus up to 5 files (field `attachments`; PNG, JPEG, PDF or UTF-8 text by content; 10 MiB each). Files count against the uploader's storage quota (413 past it); a user may have 2 multipart requests in flight (429 with Retry-After past that).";

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

  app.post(
    '/user/create_ticket/',
    {
      config: { policy: { rule: "any staff member, to any department's desk", outsider: null } },
      preValidation: uploads.preValidation,
      schema: {
        tags: ['tickets'],
        summary: 'Raise a support ticket for a department',
        description: MULTIPART_NOTE,
        consumes: ['application/json', 'multipart/form-data'],
        body: ZCreateTicketRequest,
        response: { 201: ZTicket, ...errorResponses(400, 401, 403, 413, 429) },
      },
    },
    async (req, reply) => {
      const ticket = await createTicket(app.ctx, caller(req).user, req.body, files(req), requestSource(req));
      return reply.status(201).send(ticket);
    },
  );

  app.get(
    '/user/active-tickets/',
    {
      config: {
        policy: { rule: 'any staff member: tickets they own and those of their desks (isTicketDesk)', outsider: null },
      },
      schema: {
        tags: ['tickets'],
        summary: 'My active tickets: as owner, and those of the desks I am on (newest activity first by default)',
        description:
          '`sort` orders the list (each in its natural direction; `dir` reverses it; a ticket without an SLA target comes last under `due` either way). The `x-total-count` header has the number of matching tickets, counted up to 1,001 (1,001: more than 1,000).',
        querystring: ZActiveTicketsQuery,
        response: { 200: ZActiveTicketList, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const { tickets: list, total } = await reads.listActiveTickets(app.ctx, caller(req).user, req.query);
      reply.header('x-total-count', String(total));
      return list;
    },
  );

  app.get(
    '/user/ticket_detail/:id/',
    {
      config: { policy: { rule: 'canSeeTicket: the owner and the desk', outsider: 404 } },
      schema: {
        tags: ['tickets'],
        summary: 'One ticket with its thread (owner and desk only; 404 for anyone else)',
        params: ZTicketIdParams,
        response: { 200: ZTicket, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => reads.getTicket(app.ctx, caller(req).user, req.params.id),
  );

  app.put(
    '/user/active-tickets/:ticket/',
    {
      config: {
        policy: {
          rule: 'canSeeTicket, then ticketStatusChoices / canAssignTicket / canSetTicketPriority / canSeeInternalNotes for what is changed',
          outsider: 404,
        },
      },
      preValidation: uploads.preValidation,
      schema: {
        tags: ['tickets'],
        summary:
          'Answer a ticket: a reply or internal note (with attachments) and/or a new status, priority or assignee',
        description: `${MULTIPART_NOTE} Only the desk sets in_progress/answered, the priority and the assignee, and writes internal notes (\`internal: true\`; never shown to the owner, and they answer nothing); the owner replies, closes, and reopens within 7 days.`,
        consumes: ['application/json', 'multipart/form-data'],
        params: ZTicketParam,
        body: ZUpdateTicketRequest,
        response: { 200: ZTicket, ...errorResponses(400, 401, 403, 404, 413, 429) },
      },
    },
    async (req) => updateTicket(app.ctx, caller(req).user, req.params.ticket, req.body, files(req), requestSource(req)),
  );

  app.post(
    '/user/tickets/bulk/',
    {
      config: {
        policy: { rule: 'isTicketDesk of every ticket named, then the single-update rules for each', outsider: 404 },
      },
      schema: {
        tags: ['tickets'],
        summary: 'The same status, priority or assignee change to up to 100 active tickets of my desks, all or nothing',
        description:
          'A ticket that does not exist or is not on one of my desks: 404. A ticket the change is refused for (closed, or the assignee is not on its desk): 400 under `ids`, naming the tickets. Either way nothing changes.',
        body: ZBulkTicketsRequest,
        response: { 200: ZActiveTicketList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => bulkUpdateTickets(app.ctx, caller(req).user, req.body, requestSource(req)),
  );

  app.get(
    '/user/ticket-requester/:ticket/',
    {
      config: { policy: { rule: "isTicketDesk of the ticket's department (not its owner as such)", outsider: 404 } },
      schema: {
        tags: ['tickets'],
        summary:
          "Who raised a ticket, and their other tickets on my desks (the ticket's desk only; 404 for anyone else)",
        params: ZTicketParam,
        response: { 200: ZTicketRequester, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => reads.ticketRequester(app.ctx, caller(req).user, req.params.ticket),
  );

  app.get(
    '/user/ticket_attachment/:id/',
    {
      config: { policy: { rule: "canSeeTicket of the attachment's ticket", outsider: 404 } },
      schema: {
        tags: ['tickets'],
        summary: 'Download an attachment (owner and desk of its ticket only)',
        params: ZAttachmentIdParams,
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => sendStoredFile(reply, await reads.getAttachment(app.ctx, caller(req).user, req.params.id)),
  );

  app.get(
    '/user/ticket-history/',
    {
      config: {
        policy: { rule: 'any staff member: closed tickets they own or whose desk they are on', outsider: null },
      },
      schema: {
        tags: ['tickets'],
        summary: 'Closed tickets I own or whose desk I am on: searchable, paged, newest closed first',
        querystring: ZTicketHistoryQuery,
        response: { 200: ZTicketHistoryPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const { results, count, page, pageSize } = await reads.ticketHistory(app.ctx, caller(req).user, req.query);
      return {
        results,
        count,
        next: page * pageSize < count ? pageUrl(req, page + 1) : null,
        previous: page > 1 ? pageUrl(req, page - 1) : null,
      };
    },
  );

  app.get(
    '/user/ticket-desk-members/',
    {
      config: { policy: { rule: 'isTicketDesk of the department asked for', outsider: 404 } },
      schema: {
        tags: ['tickets'],
        summary: "Who may take a department's tickets (for assignment); that desk only, 404 for anyone else",
        querystring: ZDeskMembersQuery,
        response: { 200: ZDeskMembers, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => reads.deskMembers(app.ctx, caller(req).user, req.query),
  );

  app.get(
    '/user/ticket-stats/',
    {
      config: {
        policy: { rule: 'any staff member: the figures of the desks they are on (isTicketDesk)', outsider: null },
      },
      schema: {
        tags: ['tickets'],
        summary: 'Desk statistics for the departments whose desk I am on',
        querystring: ZTicketStatsQuery,
        response: { 200: ZTicketStats, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => ticketStats(app.ctx, caller(req).user, req.query),
  );

  // Spec §7's desk channel: any staff member may connect; each frame goes only to the
  // desk of its ticket's department.
  app.gateway.channel({ path: WS_CHANNELS.admins, allow: (user) => isStaff(user) });

  // Every server delivers to its own sockets; the bus tells them all.
  const unsubscribe = app.ctx.bus.subscribe('ticket', (event) => {
    void deliverTicketEvent(app.ctx, event, app.gateway).catch((err: unknown) =>
      app.log.error({ err }, 'ticket delivery failed'),
    );
  });
  app.addHook('onClose', async () => unsubscribe());
};
