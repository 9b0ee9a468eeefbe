import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { leaveEndpoints } from '@portal/contracts';
import { multipartBody, registerMultipart, sendStoredFile, uploadTempDir } from '../../lib/files/index.js';
import { route } from '../../lib/endpoint.js';
import { caller, requestSource } from '../../plugins/auth.js';
import * as commands from './leave-commands.service.js';
import { deliverLeaveEvent } from './leave-live.js';
import * as reads from './leave-reads.service.js';
import * as settings from './leave-settings.service.js';

export const leavesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only the submit route takes multipart (scoped to this plugin), as tickets do.
  const uploads = multipartBody(
    await registerMultipart(app, { tempDir: uploadTempDir(app.ctx.config.DATA_DIR) }),
    commands.LEAVE_UPLOAD_RULES,
    (req) => caller(req).user.id,
  );
  const { ctx } = app;

  const L = leaveEndpoints;

  // ------------------------------------------------------------ types, holidays, settings
  route(app, L.listLeaveTypes, () => settings.listLeaveTypes(ctx));
  route(app, L.createLeaveType, (req) =>
    settings.saveLeaveType(ctx, caller(req).user, null, req.body, requestSource(req)),
  );
  route(app, L.updateLeaveType, (req) =>
    settings.saveLeaveType(ctx, caller(req).user, req.params.id, req.body, requestSource(req)),
  );
  route(app, L.listHolidays, (req) => settings.listHolidays(ctx, req.query.year));
  route(app, L.createHoliday, (req) => settings.addHoliday(ctx, caller(req).user, req.body, requestSource(req)));
  route(app, L.deleteHoliday, async (req) => {
    await settings.removeHoliday(ctx, caller(req).user, req.params.id, requestSource(req));
    return null;
  });
  route(app, L.getLeaveSettings, () => settings.readLeaveSettings(ctx.db));
  route(app, L.updateLeaveSettings, (req) =>
    settings.updateLeaveSettings(ctx, caller(req).user, req.body, requestSource(req)),
  );

  // ------------------------------------------------------------ balances, quote, submit
  route(app, L.getLeaveBalances, (req) => reads.getBalances(ctx, caller(req).user, req.query));
  route(app, L.quoteLeave, (req) => commands.quoteLeave(ctx, caller(req).user, req.body));
  route(
    app,
    L.createLeave,
    (req) => commands.submitLeave(ctx, caller(req).user, req.body, uploads.files(req), requestSource(req)),
    { preValidation: uploads.preValidation },
  );

  // ------------------------------------------------------------ lists
  route(app, L.listMyLeaves, (req) => reads.myLeaves(ctx, caller(req).user, req.query));
  route(app, L.listLeaveInbox, (req) => reads.inbox(ctx, caller(req).user, req.query));
  route(app, L.decideLeaves, (req) => commands.decideLeaves(ctx, caller(req).user, req.body, requestSource(req)));
  route(app, L.getTeamCalendar, (req) => reads.teamCalendar(ctx, caller(req).user, req.query));
  route(app, L.downloadLeaveAttachment, async (req, reply) =>
    sendStoredFile(reply, await reads.getLeaveAttachment(ctx, caller(req).user, req.params.id)),
  );

  // ------------------------------------------------------------ one request
  route(app, L.getLeave, (req) => reads.getLeave(ctx, caller(req).user, req.params.id));
  route(app, L.getLeaveCoverage, (req) => reads.leaveCoverage(ctx, caller(req).user, req.params.id));
  route(app, L.decideLeave, (req) =>
    commands.decideLeave(ctx, caller(req).user, req.params.id, req.body, requestSource(req)),
  );
  // Withdrawing: the requester cancels, HR revokes; either gives the days back.
  route(app, L.cancelLeave, (req) =>
    commands.cancelLeave(ctx, caller(req).user, req.params.id, req.body, requestSource(req)),
  );
  route(app, L.revokeLeave, (req) =>
    commands.revokeLeave(ctx, caller(req).user, req.params.id, req.body, requestSource(req)),
  );

  // Every server delivers to its own sockets on /ws/notification/ (the channel is the notifications').
  const unsubscribe = ctx.bus.subscribe('leave', (event) => {
    deliverLeaveEvent(event, app.gateway);
  });
  app.addHook('onClose', async () => unsubscribe());
};
