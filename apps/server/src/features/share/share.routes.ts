import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAcceptShareCallRequest,
  ZDeclineShareCallRequest,
  ZShareAvailability,
  ZShareCall,
  ZShareCallList,
  ZShareCallParams,
  ZShareCallsQuery,
  ZShareCandidates,
  ZShareCandidatesQuery,
  ZShareConsentRequest,
  ZShareConsentSetting,
  ZShareIceServers,
  ZShareSnapshotParams,
  ZShareUserParams,
  ZStartShareCallRequest,
} from '@portal/contracts';
import { multipartBody, registerMultipart, sendStoredFile, uploadTempDir } from '../../lib/files/index.js';
import { pagedAnswer } from '../../lib/paging.js';
import { errorResponses } from '../../lib/schemas.js';
import { caller, requestSource } from '../../plugins/auth.js';
import { registerShareChannel } from './share-live.js';
import * as service from './share.service.js';

const TAGS = ['share'];
const USE = {
  rule: 'canUseShare: ADMIN, QUALITY, G.I, G.E, English Department, or username dev',
  outsider: 403,
} as const;
const WATCH = {
  rule: 'canUseShare (403), then canWatch: interpreters and the staff the viewer may act on (spec §6), else 404',
  outsider: 403,
} as const;
const PARTY = {
  rule: 'canSeeShareCall: the call’s viewer and target, and auditors whose shareCallScope holds it (404 otherwise)',
  outsider: 404,
} as const;
/**
 * The same rule on routes interpreters use too (their own calls): `outsider` only
 * describes staff routes, so here it is null and the service's 404 is the rule's.
 */
const PARTY_SIGNED_IN = { rule: `any signed-in user, then ${PARTY.rule}`, outsider: null } as const;
const AUDIT = { rule: 'canSeeShareCalls: ADMIN, QUALITY and directors, within shareCallScope', outsider: 403 } as const;

export const shareRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  registerShareChannel(app);

  const snapshots = multipartBody(
    await registerMultipart(app, { tempDir: uploadTempDir(ctx.config.DATA_DIR) }),
    { maxFiles: 1, maxBytes: service.SNAPSHOT_RULES.maxBytes, field: service.SNAPSHOT_FIELD, allowed: ['image/png'] },
    (req) => caller(req).user.id,
  );

  app.get(
    '/share/people/',
    {
      config: { policy: USE },
      schema: {
        tags: TAGS,
        summary: 'People I may watch: interpreters and the staff I may act on, online first',
        querystring: ZShareCandidatesQuery,
        response: { 200: ZShareCandidates, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => service.listCandidates(ctx, caller(req).user, req.query),
  );

  app.get(
    '/share/availability/:userName/',
    {
      config: { policy: WATCH },
      schema: {
        tags: TAGS,
        summary: 'Whether a person may be watched now: online, viewers against the limit, when a place frees',
        params: ZShareUserParams,
        response: { 200: ZShareAvailability, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.availability(ctx, caller(req).user, req.params.userName),
  );

  app.post(
    '/share/calls/',
    {
      config: { policy: USE },
      schema: {
        tags: TAGS,
        summary: 'Ask to watch someone’s screen, with a reason',
        description:
          'The target gets the request live on /ws/share/ (or, for an interpreter whose consent was given at hiring, a notice: the call starts at once). 409 with Retry-After when the target already has the most viewers allowed.',
        body: ZStartShareCallRequest,
        response: { 201: ZShareCall, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.startCall(ctx, caller(req).user, req.body, requestSource(req))),
  );

  app.get(
    '/share/calls/',
    {
      config: { policy: AUDIT },
      schema: {
        tags: TAGS,
        summary: 'The calls audit: who watched whom, why, when, how long and how it ended',
        querystring: ZShareCallsQuery,
        response: { 200: ZShareCallList, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const { results, count } = await service.listCalls(ctx, caller(req).user, req.query);
      return pagedAnswer(req, results, count, req.query.page, req.query.page_size);
    },
  );

  app.get(
    '/share/calls/:id/',
    {
      config: { access: 'authenticated', policy: PARTY_SIGNED_IN },
      schema: {
        tags: TAGS,
        summary: 'One call (its parties, and auditors in scope)',
        params: ZShareCallParams,
        response: { 200: ZShareCall, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.getCall(ctx, caller(req).user, req.params.id),
  );

  app.post(
    '/share/calls/:id/accept/',
    {
      config: { access: 'authenticated', policy: PARTY_SIGNED_IN },
      schema: {
        tags: TAGS,
        summary: 'The target accepts: their connection named here shares the screen',
        params: ZShareCallParams,
        body: ZAcceptShareCallRequest,
        response: { 200: ZShareCall, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => service.acceptCall(ctx, caller(req).user, req.params.id, req.body.endpoint, requestSource(req)),
  );

  app.post(
    '/share/calls/:id/decline/',
    {
      config: { access: 'authenticated', policy: PARTY_SIGNED_IN },
      schema: {
        tags: TAGS,
        summary: 'The target declines, optionally saying why',
        params: ZShareCallParams,
        body: ZDeclineShareCallRequest,
        response: { 200: ZShareCall, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => service.declineCall(ctx, caller(req).user, req.params.id, req.body.note, requestSource(req)),
  );

  app.post(
    '/share/calls/:id/end/',
    {
      config: { access: 'authenticated', policy: PARTY_SIGNED_IN },
      schema: {
        tags: TAGS,
        summary: 'Either party ends the call (or the viewer withdraws the request); idempotent',
        params: ZShareCallParams,
        response: { 200: ZShareCall, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.endCall(ctx, caller(req).user, req.params.id, requestSource(req)),
  );

  app.post(
    '/share/calls/:id/snapshots/',
    {
      config: { policy: PARTY },
      preValidation: snapshots.preValidation,
      schema: {
        tags: TAGS,
        summary: 'The viewer keeps a frame of the screen (a PNG under `snapshot`), linked to the call',
        consumes: ['multipart/form-data'],
        params: ZShareCallParams,
        body: z.object({}),
        response: { 201: ZShareCall, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          await service.addSnapshot(ctx, caller(req).user, req.params.id, snapshots.files(req), requestSource(req)),
        ),
  );

  app.get(
    '/share/calls/:id/snapshots/:snapshot/',
    {
      config: { policy: PARTY },
      schema: {
        tags: TAGS,
        summary: 'A snapshot of the call (PNG)',
        params: ZShareSnapshotParams,
        response: { 200: z.any().describe('image/png'), ...errorResponses(400, 401, 404) },
      },
    },
    async (req, reply) =>
      sendStoredFile(reply, await service.snapshotFile(ctx, caller(req).user, req.params.id, req.params.snapshot)),
  );

  app.put(
    '/share/consent/:userName/',
    {
      config: { policy: { rule: 'canSetShareConsent: ADMIN', outsider: 403 } },
      schema: {
        tags: TAGS,
        summary:
          'Record whether an interpreter gave consent to being watched at hiring (a notice instead of a question)',
        params: ZShareUserParams,
        body: ZShareConsentRequest,
        response: { 200: ZShareConsentSetting, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) =>
      service.setConsent(ctx, caller(req).user, req.params.userName, req.body.consent_at_hiring, requestSource(req)),
  );

  app.get(
    '/share/ice-servers/',
    {
      config: {
        access: 'authenticated',
        policy: {
          rule: 'canJoinShareCalls: share roles and whoever canBeWatched (staff, interpreters); GUEST 403',
          outsider: null,
        },
      },
      schema: {
        tags: TAGS,
        summary: 'STUN/TURN servers for WebRTC, with short-lived TURN credentials',
        response: { 200: ZShareIceServers, ...errorResponses(401, 403) },
      },
    },
    async (req) => service.iceServers(ctx, caller(req).user),
  );
};
