import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBalancesQuery,
  ZCalendar,
  ZCalendarQuery,
  ZCreateLeaveRequest,
  ZHoliday,
  ZHolidayList,
  ZHolidayRequest,
  ZHolidaysQuery,
  ZLeaveBalances,
  ZLeaveCancelRequest,
  ZLeaveCoverage,
  ZLeaveDecisionRequest,
  ZLeaveIdParams,
  ZLeaveQuote,
  ZLeaveQuoteRequest,
  ZLeaveRequest,
  ZLeaveRequestList,
  ZLeaveSettings,
  ZLeaveType,
  ZLeaveTypeList,
  ZLeaveTypeRequest,
  ZMyLeavesQuery,
} from '@portal/contracts';
import { multipartBody, registerMultipart, sendStoredFile, uploadTempDir } from '../../lib/files/index.js';
import { errorResponses } from '../../lib/schemas.js';
import { caller, requestSource } from '../../plugins/auth.js';
import * as commands from './leave-commands.service.js';
import { deliverLeaveEvent } from './leave-live.js';
import * as reads from './leave-reads.service.js';
import * as settings from './leave-settings.service.js';

const SETTINGS_RULE = { rule: 'canManageLeaveSettings: HR and ADMIN', outsider: 403 } as const;
const ANY_STAFF = { rule: 'any staff member', outsider: null } as const;
const SEE_LEAVE = { rule: 'canSeeLeave: the requester, their approvers, HR and ADMIN', outsider: 404 } as const;
const TAGS = ['leaves'];

export const leavesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only the submit route takes multipart (scoped to this plugin), as tickets do.
  const uploads = multipartBody(
    await registerMultipart(app, { tempDir: uploadTempDir(app.ctx.config.DATA_DIR) }),
    commands.LEAVE_UPLOAD_RULES,
    (req) => caller(req).user.id,
  );
  const { ctx } = app;

  // ------------------------------------------------------------ types, holidays, settings

  app.get(
    '/leaves/types/',
    {
      config: { policy: ANY_STAFF },
      schema: { tags: TAGS, summary: 'Leave types', response: { 200: ZLeaveTypeList, ...errorResponses(401, 403) } },
    },
    async () => settings.listLeaveTypes(ctx),
  );

  app.post(
    '/leaves/types/',
    {
      config: { policy: SETTINGS_RULE },
      schema: {
        tags: TAGS,
        summary: 'Add a leave type (HR and ADMIN)',
        body: ZLeaveTypeRequest,
        response: { 201: ZLeaveType, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await settings.saveLeaveType(ctx, caller(req).user, null, req.body, requestSource(req))),
  );

  app.put(
    '/leaves/types/:id/',
    {
      config: { policy: SETTINGS_RULE },
      schema: {
        tags: TAGS,
        summary: 'Change a leave type (HR and ADMIN)',
        params: ZLeaveIdParams,
        body: ZLeaveTypeRequest,
        response: { 200: ZLeaveType, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => settings.saveLeaveType(ctx, caller(req).user, req.params.id, req.body, requestSource(req)),
  );

  app.get(
    '/leaves/holidays/',
    {
      config: { policy: ANY_STAFF },
      schema: {
        tags: TAGS,
        summary: 'Public holidays (of a year, or all)',
        querystring: ZHolidaysQuery,
        response: { 200: ZHolidayList, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => settings.listHolidays(ctx, req.query.year),
  );

  app.post(
    '/leaves/holidays/',
    {
      config: { policy: SETTINGS_RULE },
      schema: {
        tags: TAGS,
        summary: 'Add a public holiday (HR and ADMIN; one per date)',
        body: ZHolidayRequest,
        response: { 201: ZHoliday, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await settings.addHoliday(ctx, caller(req).user, req.body, requestSource(req))),
  );

  app.delete(
    '/leaves/holidays/:id/',
    {
      config: { policy: SETTINGS_RULE },
      schema: {
        tags: TAGS,
        summary: 'Remove a public holiday (HR and ADMIN; leave already submitted keeps its counted days)',
        params: ZLeaveIdParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await settings.removeHoliday(ctx, caller(req).user, req.params.id, requestSource(req));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/leaves/settings/',
    {
      config: { policy: ANY_STAFF },
      schema: {
        tags: TAGS,
        summary: 'The working week and the coverage warning share',
        response: { 200: ZLeaveSettings, ...errorResponses(401, 403) },
      },
    },
    async () => settings.readLeaveSettings(ctx.db),
  );

  app.put(
    '/leaves/settings/',
    {
      config: { policy: SETTINGS_RULE },
      schema: {
        tags: TAGS,
        summary: 'Change the working week and the coverage warning share (HR and ADMIN)',
        body: ZLeaveSettings,
        response: { 200: ZLeaveSettings, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => settings.updateLeaveSettings(ctx, caller(req).user, req.body, requestSource(req)),
  );

  // ------------------------------------------------------------ balances, quote, submit

  app.get(
    '/leaves/balances/',
    {
      config: { policy: { rule: "canSeeBalancesOf: one's own, or the user's approvers", outsider: 404 } },
      schema: {
        tags: TAGS,
        summary: 'Balances per leave type for a year (mine by default; 404 for anyone I may not act on)',
        querystring: ZBalancesQuery,
        response: { 200: ZLeaveBalances, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => reads.getBalances(ctx, caller(req).user, req.query),
  );

  app.post(
    '/leaves/quote/',
    {
      config: { policy: { rule: 'any staff member for themselves; canRecordLeaveFor for `user`', outsider: null } },
      schema: {
        tags: TAGS,
        summary: 'What a request would take: its working days and the balance after it, per year (nothing stored)',
        body: ZLeaveQuoteRequest,
        response: { 200: ZLeaveQuote, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => commands.quoteLeave(ctx, caller(req).user, req.body),
  );

  app.post(
    '/leaves/',
    {
      config: { policy: { rule: 'any staff member for themselves; canRecordLeaveFor for `user`', outsider: null } },
      preValidation: uploads.preValidation,
      schema: {
        tags: TAGS,
        summary: 'Ask for leave (or, HR, record approved leave for someone else)',
        description:
          "JSON, or multipart/form-data with the same fields as text parts plus up to 5 files (field `attachments`; PNG, JPEG, PDF or UTF-8 text by content; 10 MiB each; the uploader's storage quota). Every refusal is a 400 under its field and stores nothing.",
        consumes: ['application/json', 'multipart/form-data'],
        body: ZCreateLeaveRequest,
        response: { 201: ZLeaveRequest, ...errorResponses(400, 401, 403, 413, 429) },
      },
    },
    async (req, reply) => {
      const files = uploads.files(req);
      const leave = await commands.submitLeave(ctx, caller(req).user, req.body, files, requestSource(req));
      return reply.status(201).send(leave);
    },
  );

  // ------------------------------------------------------------ lists

  app.get(
    '/leaves/mine/',
    {
      config: { policy: { rule: 'any staff member: their own requests', outsider: null } },
      schema: {
        tags: TAGS,
        summary: 'My requests: submitted (waiting), history (all) or completed (approved and ended), newest first',
        querystring: ZMyLeavesQuery,
        response: { 200: ZLeaveRequestList, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => reads.myLeaves(ctx, caller(req).user, req.query),
  );

  app.get(
    '/leaves/inbox/',
    {
      config: { policy: { rule: 'any staff member: the requests whose current step canDecideLeave', outsider: null } },
      schema: {
        tags: TAGS,
        summary: 'Requests waiting for my decision, oldest first',
        response: { 200: ZLeaveRequestList, ...errorResponses(401, 403) },
      },
    },
    async (req) => reads.inbox(ctx, caller(req).user),
  );

  app.get(
    '/leaves/calendar/',
    {
      config: {
        policy: {
          rule: 'calendarDepartments: managers and directors (their departments), HR and ADMIN (all)',
          outsider: 403,
        },
      },
      schema: {
        tags: TAGS,
        summary: "The team calendar: who is off each day of a month, and the department's share",
        description: 'A department outside my calendar: 404.',
        querystring: ZCalendarQuery,
        response: { 200: ZCalendar, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => reads.teamCalendar(ctx, caller(req).user, req.query),
  );

  app.get(
    '/leaves/attachment/:id/',
    {
      config: { policy: { rule: "canSeeLeave of the attachment's request", outsider: 404 } },
      schema: {
        tags: TAGS,
        summary: "Download a request's attachment",
        params: ZLeaveIdParams,
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => sendStoredFile(reply, await reads.getLeaveAttachment(ctx, caller(req).user, req.params.id)),
  );

  // ------------------------------------------------------------ one request

  app.get(
    '/leaves/:id/',
    {
      config: { policy: SEE_LEAVE },
      schema: {
        tags: TAGS,
        summary: 'One request with its timeline (404 for anyone who may not see it)',
        params: ZLeaveIdParams,
        response: { 200: ZLeaveRequest, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => reads.getLeave(ctx, caller(req).user, req.params.id),
  );

  app.get(
    '/leaves/:id/coverage/',
    {
      config: {
        policy: { rule: "canSeeLeave, then isLeaveApproverFor the requester's department (403)", outsider: 404 },
      },
      schema: {
        tags: TAGS,
        summary: "How many of the requester's department are off on each day of the request",
        params: ZLeaveIdParams,
        response: { 200: ZLeaveCoverage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => reads.leaveCoverage(ctx, caller(req).user, req.params.id),
  );

  app.post(
    '/leaves/:id/decision/',
    {
      config: { policy: { rule: 'canSeeLeave (404), then canDecideLeave (403; 409 once decided)', outsider: 404 } },
      schema: {
        tags: TAGS,
        summary: "Approve or reject the request's current step (a comment is required to reject)",
        params: ZLeaveIdParams,
        body: ZLeaveDecisionRequest,
        response: { 200: ZLeaveRequest, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => commands.decideLeave(ctx, caller(req).user, req.params.id, req.body, requestSource(req)),
  );

  // Withdrawing: the requester cancels, HR revokes; either gives the days back.
  for (const [path, rule, summary, run] of [
    [
      'cancel',
      'canSeeLeave (404), then canCancelLeave: the requester (403; 409 too late)',
      'Cancel my request while it waits, or an approved leave before it starts',
      commands.cancelLeave,
    ],
    [
      'revoke',
      'canSeeLeave (404), then canRevokeLeave: HR and ADMIN (403; 409 too late)',
      'Revoke an approved leave that has not started (HR and ADMIN)',
      commands.revokeLeave,
    ],
  ] as const) {
    app.post(
      `/leaves/:id/${path}/`,
      {
        config: { policy: { rule, outsider: 404 } },
        schema: {
          tags: TAGS,
          summary,
          params: ZLeaveIdParams,
          body: ZLeaveCancelRequest,
          response: { 200: ZLeaveRequest, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (req) => run(ctx, caller(req).user, req.params.id, req.body, requestSource(req)),
    );
  }

  // Every server delivers to its own sockets on /ws/notification/ (the channel is the notifications').
  const unsubscribe = ctx.bus.subscribe('leave', (event) => {
    deliverLeaveEvent(event, app.gateway);
  });
  app.addHook('onClose', async () => unsubscribe());
};
