import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import apiReference from '@scalar/fastify-api-reference';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { AppContext } from './lib/context.js';
import type { EventLogNameLookups } from './lib/feature.js';
import { errorHandler, NOT_FOUND_BODY } from './lib/error-handler.js';
import { loggerOptions } from './lib/logger.js';
import { withoutUnusedSchemas } from './lib/openapi.js';
import { authPlugin, type Access, type RoutePolicy } from './plugins/auth.js';
import { inputGuardPlugin } from './plugins/input-guard.js';
import { clientErrorHandler, edgePlugin } from './plugins/edge.js';
import { drainOnClose } from './plugins/shutdown.js';
import { gatewayPlugin } from './plugins/realtime/gateway.js';
import { healthRoutes } from './plugins/health.js';
import { metricsPlugin } from './plugins/metrics.js';
import { authenticate, authenticateSocket, refusalReason, sessionAlive } from './features/auth/index.js';
import { authenticateIntegrationKey } from './features/interpreters/index.js';
import { serverFeatures } from './features.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every documented /api/ route (the OpenAPI test checks the document against it). */
    apiRoutes: { method: string; url: string }[];
    /** Every /api/ route with who may call it (test/route-policy.test.ts calls each as outsiders). */
    routeTable: { method: string; url: string; access: Access; policy: RoutePolicy | undefined }[];
    /** How each feature names its records for the event log (the event-logs routes ask them). */
    eventLogNames: EventLogNameLookups;
  }
}

export interface BuildAppOptions {
  ctx: AppContext;
  /** A pino-compatible logger (tests capture logs through it); default: from config. */
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** Directory of the built web app; default apps/web/dist. */
  webDist?: string;
}

const BODY_LIMIT = 1024 * 1024;
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Linux's NAME_MAX and PATH_MAX, in bytes. */
const NAME_MAX = 255;
const PATH_MAX = 4096;

/** Whether the URL's path could name a file under `root` (no segment or whole path too long). */
function couldNameFile(root: string, url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    /* malformed escapes: judged as sent */
  }
  if (Buffer.byteLength(root) + 1 + Buffer.byteLength(decoded) >= PATH_MAX) return false;
  return decoded.split('/').every((segment) => Buffer.byteLength(segment) <= NAME_MAX);
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { ctx } = opts;
  const app = Fastify({
    ...(opts.loggerInstance
      ? { loggerInstance: opts.loggerInstance }
      : { logger: loggerOptions(ctx.config.LOG_LEVEL) }),
    bodyLimit: BODY_LIMIT,
    trustProxy: ctx.config.TRUST_PROXY,
    // Graceful shutdown: close() waits for requests in flight, then ends idle keep-alives.
    forceCloseConnections: 'idle',
    // Requests arriving while closing get our 503 shape instead (plugins/shutdown.ts).
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: false },
    // Requests Node's parser refuses (headers over 16 KiB, malformed) still get our shape.
    clientErrorHandler,
  });
  // After SIGTERM: idle connections go at once, requests in flight get SHUTDOWN_GRACE.
  drainOnClose(app, ctx.config.SHUTDOWN_GRACE * 1000);
  app.decorate('ctx', ctx);
  app.decorate('apiRoutes', []);
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/')) {
      // Read when asked: hooks of child plugins (the API reference's) may still set the config.
      const config = () => (route.config ?? {}) as { access?: Access; policy?: RoutePolicy };
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        app.routeTable.push({
          method,
          url: route.url,
          get access() {
            return config().access ?? 'staff';
          },
          get policy() {
            return config().policy;
          },
        });
      }
    }
    const hidden = (route.schema as { hide?: boolean } | undefined)?.hide;
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs') || hidden) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler(errorHandler);

  // Helmet's security headers, its middleware built once: @fastify/helmet built it again
  // on every request (parsing the CSP each time), a few per cent of a cheap request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // MUI/emotion inject <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        // Avatars may live on other https hosts.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // Helmet's default would send a plain-http office install's assets to https.
        upgradeInsecureRequests: null,
      },
    },
    // HSTS is decided per request by the edge plugin (only over TLS, or when configured).
    strictTransportSecurity: false,
  });
  // The socket gateway first: its hooks mark an upgrade request as one, so when any later
  // hook refuses it (helmet, the edge, authentication) the connection is let go with the
  // answer; otherwise nothing reads that socket again and it is held for ever (a leaked
  // descriptor per request, and a graceful shutdown that never finishes).
  await app.register(gatewayPlugin, {
    options: {
      heartbeatMs: ctx.config.WS_HEARTBEAT * 1000,
      publicOrigin: ctx.config.PUBLIC_ORIGIN,
      allowedOrigins: ctx.config.WS_ALLOWED_ORIGINS,
    },
    subscribe: (type, handler) => ctx.bus.subscribe(type, handler),
    authenticate: (token) => authenticateSocket(ctx, token),
    sessionAlive: (sessionId, userId) => sessionAlive(ctx, sessionId, userId),
  });
  app.addHook('onRequest', (req, reply, done) => {
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  // Right after helmet (its headers are set even on a 414), before any route is added.
  await app.register(edgePlugin, { hsts: ctx.config.HSTS });
  // Counts every answer by route pattern; serves /metrics (token, or METRICS_PORT only).
  await app.register(metricsPlugin, {
    token: ctx.config.METRICS_TOKEN,
    port: ctx.config.METRICS_PORT,
    host: ctx.config.METRICS_HOST,
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Staff portal API',
        version: '1.0.0',
        license: { name: 'Proprietary: for the company running this portal', url: 'https://spdx.org/licenses/' },
      },
      // Paths already start with /api/: the server is the portal's own origin.
      servers: [{ url: ctx.config.PUBLIC_ORIGIN ?? '/', description: 'This portal' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Every named contract schema is registered globally; the document keeps those it uses.
    transformObject: (input) => withoutUnusedSchemas(jsonSchemaTransformObject(input)),
  });
  const API_DOCS: RoutePolicy = { rule: 'anyone: the API reference', outsider: null };
  app.get('/api/openapi.json', { schema: { hide: true }, config: { access: 'public', policy: API_DOCS } }, async () =>
    app.swagger(),
  );
  await app.register(async (docs) => {
    // The reference UI runs its own inline script; relax CSP for its pages only.
    docs.addHook('onRequest', async (_req, reply) => {
      reply.header('content-security-policy', "default-src 'self' 'unsafe-inline' data: blob:");
    });
    // Registered first: the reference UI's routes are public like the document itself.
    docs.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), access: 'public', policy: API_DOCS };
    });
    await docs.register(apiReference, {
      routePrefix: '/api/docs',
      configuration: { url: '/api/openapi.json' },
      logLevel: 'warn',
    });
  });

  // Plugins are shared code: what they need of features is handed in here.
  await app.register(authPlugin, {
    authenticate: (token) => authenticate(ctx, token),
    refusalReason: (token) => refusalReason(ctx, token),
    authenticateKey: (key) => authenticateIntegrationKey(ctx, key),
  });
  await app.register(inputGuardPlugin);
  // Health first among the API's routes: public, no rate limit, no feature's hooks.
  await app.register(healthRoutes, { prefix: '/api' });
  app.decorate(
    'eventLogNames',
    Object.assign({}, ...serverFeatures.map((f) => f.eventLogNames ?? {})) as EventLogNameLookups,
  );
  // Every feature's routes, in the feature list's order (the OpenAPI document follows it).
  for (const feature of serverFeatures) {
    for (const routes of feature.routes ?? []) await app.register(routes, { prefix: '/api' });
  }

  const webDist = path.resolve(opts.webDist ?? ctx.config.WEB_DIST ?? defaultWebDist);
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(async (web) => {
      // The web app's files are public (the sign-in page must load); its data is not.
      web.addHook('onRoute', (route) => {
        route.config = { ...(route.config as object), access: 'public' };
      });
      // @fastify/static answers 403 when a name is too long to stat (ENAMETOOLONG is not
      // "missing" to its path-spelling check): a name no file can have is simply not found,
      // so the not-found handler decides (the SPA, or a JSON 404 under /api/).
      web.addHook('onRequest', async (req, reply) => {
        if (!couldNameFile(webDist, req.url)) return reply.callNotFound();
      });
      // wildcard: files are looked up per request, so a rebuilt bundle needs no restart.
      await web.register(fastifyStatic, {
        root: webDist,
        wildcard: true,
        index: 'index.html',
        // Hashed assets never change; index.html must always be fresh (it names them).
        setHeaders(reply, filePath) {
          if (filePath.startsWith(path.join(webDist, 'assets') + path.sep)) {
            void reply.header('cache-control', 'public, max-age=31536000, immutable');
          } else if (filePath.endsWith('.html')) void reply.header('cache-control', 'no-cache');
        },
      });
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url;
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/ws/');
    // A missing file (an old chunk after a deploy) is a real 404, never index.html: the
    // app's chunk-load recovery depends on seeing the failure.
    // (Built files sit in /assets/ or at the top level; deeper paths such as
    // /profile/director.gi are the app's routes even with a dot in them.)
    const pathname = url.split('?')[0] ?? '';
    const isFile = pathname.startsWith('/assets/') || /^\/[^/]+\.[a-z0-9]+$/i.test(pathname);
    if (!isApi && !isFile && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      // Client-side routes: the SPA decides what to show.
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(fs.createReadStream(path.join(webDist, 'index.html')));
    }
    return reply.status(404).send(NOT_FOUND_BODY);
  });

  return app;
}
