import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { SERVER_AUTH_MESSAGES } from '#shared/auth/messages.ts';
import { can, PERMISSION_MESSAGES } from '#shared/auth/permissions.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError, MESSAGES } from '../http/errors.ts';
import type { ReadCache } from '../http/read-cache.ts';
import type { RouteRule } from '../http/route-rules.ts';
import { findActiveCaller } from './users.ts';

/**
 * The route a request reached, as `METHOD /path` with the path as registered; null when none.
 * Wildcards are middleware or the app shell's fallback, never an API route.
 */
function matchedRoute(c: Context): string | null {
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  const route = c.req.matchedRoutes.find(
    (entry) => entry.method === method && !entry.path.includes('*'),
  );
  return route ? `${method} ${route.path}` : null;
}

const unauthorized = () =>
  new HttpError(401, SERVER_AUTH_MESSAGES.unauthorized, {
    headers: { 'WWW-Authenticate': 'Bearer' },
  });

/**
 * Writes after which people's standing may differ: roles and disables (team), and sign-ins
 * ended (sign-out, a password reset, a refresh token reused).
 */
const changesStanding = (route: string) =>
  !route.startsWith('GET ') &&
  (route.includes(' /api/v1/team') || route.includes(' /api/v1/auth/'));

/**
 * Every API call passes here: a public route goes on; any other needs `Authorization: Bearer
 * {token}` with a valid access token of a person who is still active, from a sign-in that has
 * not ended (their role and business as stored now, not as the token says), and a role with the
 * route's permission (403 otherwise).
 *
 * `callers` keeps people's standing on the embedded database, whose folder belongs to this
 * process: every change of a role, a disable or a sign-in goes through this server's routes,
 * after which it is forgotten. It is a cache of its own, not the general read cache, which every
 * write clears: a replay of 1,000 edits would otherwise read the same person 1,000 times. On
 * PostgreSQL another instance may change someone, so it is off and every call reads them.
 */
export function guard(
  deps: Pick<Deps, 'db' | 'tokens' | 'log' | 'now'>,
  callers: ReadCache,
  rules: ReadonlyMap<string, RouteRule>,
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const route = matchedRoute(c);
    // No route: 404 here, before any middleware of a route's group looks for a caller.
    if (!route) throw new HttpError(404, MESSAGES.notFound);
    const rule: RouteRule | undefined = rules.get(route);
    if (rule === undefined) {
      // Fail closed: a route nobody gave a rule is refused to everyone.
      deps.log.error(`no access rule for ${route}`);
      throw new HttpError(403, PERMISSION_MESSAGES.forbidden);
    }
    const run = async () => {
      if (!changesStanding(route)) return next();
      try {
        await next();
      } finally {
        callers.forget();
      }
    };
    if (rule === 'public') return run();

    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    const verified = match?.[1] ? await deps.tokens.verify(match[1]) : null;
    if (!verified) throw unauthorized();
    // A write a batch runs in its transaction reads there: the embedded database would wait
    // for that transaction to end before another read.
    const db = c.env?.shared?.tx ?? deps.db;
    const caller = await callers.read(`caller:${verified.userId}:${verified.sessionId}`, () =>
      findActiveCaller(db, verified.userId, verified.sessionId, deps.now()),
    );
    if (!caller) throw unauthorized();
    c.set('caller', caller);
    if (rule !== 'signed-in' && !can(caller.role, rule)) {
      throw new HttpError(403, PERMISSION_MESSAGES.forbidden);
    }
    return run();
  });
}
