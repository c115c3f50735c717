import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { SERVER_AUTH_MESSAGES } from '#shared/auth/messages.ts';
import { can, PERMISSION_MESSAGES } from '#shared/auth/permissions.ts';
import type { Db } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError } from '../http/errors.ts';
import { ROUTE_RULES, type RouteRule } from '../http/route-rules.ts';
import type { Caller } from './access-tokens.ts';
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

/** People's current standing, kept between the writes that can change it. */
export interface CallerCache {
  read(userId: string): Promise<Caller | undefined>;
  /** After a write that may change people: forget everyone. */
  forget(): void;
}

/** Enough for every person of a large shop signed in at once; the oldest go first. */
const CALLERS_KEPT = 2_000;

/**
 * Only on the embedded database, whose folder belongs to this process: every change of a role or
 * a disable goes through this server's team routes, which forget everything once they have run.
 * On PostgreSQL another instance may change someone, so every call reads the database. Kept
 * apart from the general read cache, which every write clears: a replay of 1,000 edits would
 * otherwise read the same person 1,000 times.
 */
export function createCallerCache(db: Db, { enabled }: { enabled: boolean }): CallerCache {
  const kept = new Map<string, Caller | undefined>();
  let generation = 0;
  return {
    async read(userId) {
      if (!enabled) return findActiveCaller(db, userId);
      if (kept.has(userId)) return kept.get(userId);
      const startedIn = generation;
      const caller = await findActiveCaller(db, userId);
      if (startedIn === generation) {
        kept.set(userId, caller);
        if (kept.size > CALLERS_KEPT) kept.delete(kept.keys().next().value as string);
      }
      return caller;
    },
    forget() {
      generation += 1;
      kept.clear();
    },
  };
}

/** Writes that change who may do what. */
const changesPeople = (route: string) =>
  !route.startsWith('GET ') && route.includes(' /api/v1/team');

/**
 * Every API call passes here: a public route goes on; any other needs `Authorization: Bearer
 * {token}` with a valid access token of a person who is still active (their role and business
 * as stored now, not as the token says), and a role with the route's permission (403 otherwise).
 */
export function guard(deps: Pick<Deps, 'tokens' | 'log'>, callers: CallerCache) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const route = matchedRoute(c);
    // No route: the app answers 404.
    if (!route) return next();
    const rule: RouteRule | undefined = ROUTE_RULES[route];
    if (rule === undefined) {
      // Fail closed: a route nobody gave a rule is refused to everyone.
      deps.log.error(`no access rule for ${route}`);
      throw new HttpError(403, PERMISSION_MESSAGES.forbidden);
    }
    if (rule === 'public') return next();

    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    const verified = match?.[1] ? await deps.tokens.verify(match[1]) : null;
    if (!verified) throw unauthorized();
    const caller = await callers.read(verified.userId);
    if (!caller) throw unauthorized();
    c.set('caller', caller);
    if (rule !== 'signed-in' && !can(caller.role, rule)) {
      throw new HttpError(403, PERMISSION_MESSAGES.forbidden);
    }
    if (!changesPeople(route)) return next();
    try {
      await next();
    } finally {
      callers.forget();
    }
  });
}
