import type { Context, Hono } from 'hono';
import { API_PREFIX } from '#shared/api.ts';
import type { RouteParams, WriteDeclaration, WriteOutput } from '#shared/write-declaration.ts';
import type { AppEnv } from './app-env.ts';
import { idempotentWrites } from './idempotency.ts';
import { readJson } from './read-json.ts';
import type { RouteRule } from './route-rules.ts';

/**
 * The one way a write becomes a route: from its declaration (src/domains/<name>/writes.ts),
 * with its route rule, its idempotency (the write and its stored answer in one transaction,
 * `c.var.db`) and its body checked by the declared schema before the handler sees it. The
 * handler receives the checked body and the route's parameters, typed by the declaration.
 */
export type WriteRouteHandler<TWrite> = (
  c: Context<AppEnv>,
  body: WriteOutput<TWrite>,
  params: TWrite extends WriteDeclaration<infer _, infer TRoute>
    ? Record<RouteParams<TRoute>, string>
    : never,
) => Response | Promise<Response>;

export interface WriteRoutes {
  add<TWrite extends WriteDeclaration>(write: TWrite, handler: WriteRouteHandler<TWrite>): void;
}

export function writeRoutes(
  api: Hono<AppEnv>,
  deps: Parameters<typeof idempotentWrites>[0],
  rules: Map<string, RouteRule>,
): WriteRoutes {
  const idempotent = idempotentWrites(deps);
  return {
    add(write, handler) {
      const key = `${write.method} ${API_PREFIX}${write.route}`;
      if (rules.has(key)) throw new Error(`${key} is registered twice`);
      rules.set(key, write.access);
      api.on(write.method, write.route, idempotent, async (c) => {
        const body = write.body === null ? null : await readJson(c, write.body, write.refusal);
        const params = c.req.param() as Parameters<typeof handler>[2];
        return handler(c, body as WriteOutput<typeof write>, params);
      });
    },
  };
}
