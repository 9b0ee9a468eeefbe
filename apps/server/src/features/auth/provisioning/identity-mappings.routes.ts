import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityMappingEndpoints } from '@portal/contracts';
import { route } from '../../../lib/endpoint.js';
import { caller, requestSource } from '../../../plugins/auth.js';
import * as mappings from './identity-mappings.service.js';

/** ADMIN's mapping from directory groups and provider claims to user types, and linked accounts. */
export const identityMappingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const M = identityMappingEndpoints;

  route(app, M.listIdentityMappings, (req) => mappings.listMappings(ctx, caller(req).user));
  route(app, M.createIdentityMapping, (req) =>
    mappings.createMapping(ctx, caller(req).user, req.body, requestSource(req)),
  );
  route(app, M.updateIdentityMapping, (req) =>
    mappings.updateMapping(ctx, caller(req).user, req.params.id, req.body, requestSource(req)),
  );
  route(app, M.deleteIdentityMapping, async (req) => {
    await mappings.deleteMapping(ctx, caller(req).user, req.params.id, requestSource(req));
    return null;
  });
  route(app, M.moveIdentityMapping, (req) =>
    mappings.moveMapping(ctx, caller(req).user, req.params.id, req.body, requestSource(req)),
  );
  route(app, M.previewIdentityMappings, (req) => mappings.previewMappings(ctx, caller(req).user, req.body.rules));
  route(app, M.listUserExternalIdentities, (req) =>
    mappings.userExternalIdentities(ctx, caller(req).user, req.params.id),
  );
};
