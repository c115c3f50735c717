import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import { READS } from '#domains/modules.ts';
import { API_PREFIX } from '#shared/api.ts';
import { PULL_ROUTE } from '#shared/feed-declaration.ts';
import { LIVE_PATH } from '#shared/live.ts';
import type { Caller } from './auth/access-tokens.ts';
import { guard } from './auth/guard.ts';
import { definitionsCache } from './custom-fields/definitions-cache.ts';
import type { Deps } from './deps.ts';
import type { AppEnv } from './http/app-env.ts';
import { type BodyLimit, limitBodies } from './http/body-limit.ts';
import { compressAnswers } from './http/compress-answers.ts';
import { errorAnswer, HttpError, MESSAGES } from './http/errors.ts';
import { createReadCache } from './http/read-cache.ts';
import { requestLine, requestLog } from './http/request-log.ts';
import { ROUTE_RULES, type RouteRule } from './http/route-rules.ts';
import { writeRoutes } from './http/write-routes.ts';
import { type ChangeHub, createChangeHub } from './live/change-hub.ts';
import { liveRoutes } from './live/routes.ts';
import { SERVER_DOMAINS, SERVER_FEEDS } from './modules.ts';
import { authRoutes } from './routes/auth.ts';
import { batchRoutes } from './routes/batch.ts';
import { healthRoutes } from './routes/health.ts';
import { userRoutes } from './routes/user.ts';
import { pullRoutes } from './sync/pull-routes.ts';
import { UPLOAD_BODY_LIMIT } from './uploads/routes.ts';

const routeRulesOfApp = new WeakMap<object, ReadonlyMap<string, RouteRule>>();
const changeHubOfApp = new WeakMap<object, ChangeHub>();

/** Who hears the changes of an app made by createApp (closed with the server). */
export function changeHub(app: object): ChangeHub | undefined {
  return changeHubOfApp.get(app);
}

/** Every route of an app made by createApp, with its rule: `METHOD /api/v1/path` → rule. */
export function routeRules(app: object): ReadonlyMap<string, RouteRule> {
  return routeRulesOfApp.get(app) ?? new Map();
}

/** Largest JSON body the API accepts. */
export const MAX_BODY_BYTES = 1024 * 1024;
const JSON_BODY_LIMIT: BodyLimit = { maxBytes: MAX_BODY_BYTES, message: MESSAGES.bodyTooLarge };

/**
 * The whole HTTP surface: the API under /api/v1 and, when a build is present, the PWA with every
 * other path falling back to index.html so that client routes load on refresh and deep links.
 */
export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.use('*', requestLog(deps.log));
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' compiles WebAssembly (the barcode decoder) and nothing else: no eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // React and the charting and grid libraries set style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // blob: the workbook reader (read-excel-file, fflate) unzips and parses a large workbook
        // in workers it makes from its own code; without it, a sheet over 512 KB never opens.
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      // The reset link carries its token in the URL: never hand it to another site.
      referrerPolicy: 'no-referrer',
      xFrameOptions: 'DENY',
      xContentTypeOptions: 'nosniff',
      crossOriginEmbedderPolicy: false,
    }),
  );
  // Every body, on every path: file uploads have a limit of their own (10 MB), the rest is JSON.
  app.use(
    '*',
    limitBodies((c) =>
      c.req.path === `${API_PREFIX}/upload` ? UPLOAD_BODY_LIMIT : JSON_BODY_LIMIT,
    ),
  );
  // The app's files stream through hono/compress; API answers have their own (compress-answers).
  app.use('*', (c, next) => (isApiPath(c.req.path) ? next() : compress()(c, next)));

  const api = new Hono<AppEnv>();
  // The database a route uses; an idempotent write replaces it with its own transaction.
  api.use('*', async (c, next) => {
    c.set('db', deps.db);
    await next();
  });
  api.use('*', compressAnswers());
  // Hot reads (the catalogue version, column preferences) are kept in memory between writes.
  const reads = createReadCache({ enabled: deps.dbKind === 'pglite' });
  api.use('*', reads.invalidateAfterWrites);
  api.use('*', async (c, next) => {
    await next();
    // API answers are per user: never let a shared cache keep them. Routes that revalidate
    // with an ETag say so themselves.
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  // Who may call what: the rule of every route, declared reads and writes from their declarations.
  const rules = new Map<string, RouteRule>([
    ...Object.entries(ROUTE_RULES),
    ...READS.map((read): [string, RouteRule] => [`GET ${API_PREFIX}${read.route}`, read.access]),
  ]);
  routeRulesOfApp.set(app, rules);
  // Every write that committed tells the business's devices (GET /live), which then pull. A
  // batch tells them once, for all its writes.
  const hub = createChangeHub(deps.db, deps.dbKind, deps.log);
  changeHubOfApp.set(app, hub);
  api.use('*', async (c, next) => {
    await next();
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.env?.insideBatch) return;
    const caller = c.get('caller') as Caller | undefined;
    if (!caller || c.res.status >= 400) return;
    await hub.changed(caller.businessId).catch((error: unknown) => {
      deps.log.error('Telling devices of a change failed', error);
    });
  });
  api.use('*', guard(deps, createReadCache({ enabled: deps.dbKind === 'pglite' }), rules));
  const writes = writeRoutes(api, deps, rules);
  const definitions = definitionsCache(deps.dbKind);
  api.route('/health', healthRoutes(deps));
  api.route('/auth', authRoutes(deps));
  api.route('/user', userRoutes(deps));
  const services = { deps, reads, writes, definitions, hub };
  for (const domain of SERVER_DOMAINS) domain.mount(api, services);
  api.route(LIVE_PATH, liveRoutes(hub));
  api.route(PULL_ROUTE, pullRoutes(SERVER_FEEDS, reads));
  // A replay's writes in one request, each run through this app as the request it stands for.
  api.route(
    '/batch',
    batchRoutes(
      async (request, shared) => app.fetch(request, { insideBatch: true, shared }),
      writes.together,
    ),
  );
  app.route(API_PREFIX, api);
  // Load balancers and uptime checks ask /health by habit: it answers as /api/v1/health does,
  // not with the app's page.
  app.route('/health', healthRoutes(deps));

  if (deps.staticDir) mountStatic(app, deps.staticDir);

  app.notFound((c) => c.json({ message: MESSAGES.notFound }, 404));
  app.onError((error, c) => {
    if (error instanceof HttpError) return errorAnswer(c, error);
    deps.log.error(`${requestLine(c.req.method, c.req.path)} failed`, error);
    return c.json({ message: MESSAGES.internal }, 500);
  });
  return app;
}

const isApiPath = (requestPath: string) =>
  requestPath === '/api' || requestPath.startsWith('/api/');

function mountStatic(app: Hono<AppEnv>, root: string) {
  const indexFile = path.join(root, 'index.html');

  app.use('/assets/*', async (c, next) => {
    await next();
    // Vite puts a content hash in every asset name.
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', async (c, next) => {
    if (isApiPath(c.req.path)) return next();
    await next();
    if (c.res.ok && !c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-cache');
  });
  app.use('*', (c, next) => (isApiPath(c.req.path) ? next() : serveStatic({ root })(c, next)));
  app.get('*', async (c, next) => {
    if (isApiPath(c.req.path)) return next();
    const html = await readFile(indexFile, 'utf8').catch(() => null);
    if (html === null) return next();
    return c.html(html);
  });
}
