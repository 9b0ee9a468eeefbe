import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shareEndpoints as S } from '@portal/contracts';
import { multipartBody, registerMultipart, sendStoredFile, uploadTempDir } from '../../lib/files/index.js';
import { pagedAnswer } from '../../lib/paging.js';
import { route } from '../../lib/endpoint.js';
import { caller, requestSource } from '../../plugins/auth.js';
import { registerShareChannel } from './share-live.js';
import * as service from './share.service.js';

export const shareRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  registerShareChannel(app);

  const snapshots = multipartBody(
    await registerMultipart(app, { tempDir: uploadTempDir(ctx.config.DATA_DIR) }),
    { maxFiles: 1, maxBytes: service.SNAPSHOT_RULES.maxBytes, field: service.SNAPSHOT_FIELD, allowed: ['image/png'] },
    (req) => caller(req).user.id,
  );

  route(app, S.listShareCandidates, async (req) => service.listCandidates(ctx, caller(req).user, req.query));

  route(app, S.getShareAvailability, async (req) => service.availability(ctx, caller(req).user, req.params.userName));

  route(app, S.startShareCall, (req) => service.startCall(ctx, caller(req).user, req.body, requestSource(req)));

  route(app, S.listShareCalls, async (req) => {
    const { results, count } = await service.listCalls(ctx, caller(req).user, req.query);
    return pagedAnswer(req, results, count, req.query.page, req.query.page_size);
  });

  route(app, S.getShareCall, async (req) => service.getCall(ctx, caller(req).user, req.params.id));

  route(app, S.acceptShareCall, async (req) =>
    service.acceptCall(ctx, caller(req).user, req.params.id, req.body.endpoint, requestSource(req)),
  );

  route(app, S.declineShareCall, async (req) =>
    service.declineCall(ctx, caller(req).user, req.params.id, req.body.note, requestSource(req)),
  );

  route(app, S.endShareCall, async (req) => service.endCall(ctx, caller(req).user, req.params.id, requestSource(req)));

  route(
    app,
    S.addShareSnapshot,
    (req) => service.addSnapshot(ctx, caller(req).user, req.params.id, snapshots.files(req), requestSource(req)),
    { preValidation: snapshots.preValidation },
  );

  route(app, S.downloadShareSnapshot, async (req, reply) =>
    sendStoredFile(reply, await service.snapshotFile(ctx, caller(req).user, req.params.id, req.params.snapshot)),
  );

  route(app, S.setShareConsent, async (req) =>
    service.setConsent(ctx, caller(req).user, req.params.userName, req.body.consent_at_hiring, requestSource(req)),
  );

  route(app, S.getShareIceServers, async (req) => service.iceServers(ctx, caller(req).user));
};
