import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { API_PREFIX } from '#shared/api.ts';
import { can } from '#shared/auth/permissions.ts';
import type { BatchWrite } from '#shared/sync/batch.ts';
import type { RouteParams, WriteDeclaration, WriteOutput } from '#shared/write-declaration.ts';
import type { Caller } from '../auth/access-tokens.ts';
import type { Tx } from '../db/client.ts';
import type { AppEnv } from './app-env.ts';
import { fingerprintOf, idempotentWrites } from './idempotency.ts';
import { readJson } from './read-json.ts';
import type { RouteRule } from './route-rules.ts';
import type { SharedWrites } from './shared-writes.ts';

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

/** An answer as a batch gives it: the status and the JSON body. */
export interface WriteAnswer {
  status: number;
  body: unknown;
}

export interface WriteRouteOptions<TWrite> {
  /**
   * The handler answers every refusal before it writes anything, or with a statement that wrote
   * nothing: a batch may then run many of these writes in one transaction (routes/batch.ts).
   */
  refusalsWriteNothing?: boolean;
  /**
   * Many of this write at once (each its body and its route's parameters), sent in a row in a
   * batch and run in its transaction for its caller: the answer to each, or null for one to run
   * alone right after, as if sent by itself. So the writes one call answers must not depend on
   * one another's order (sales do not; edits of different products do not), and the route's
   * refusals must write nothing.
   */
  many?: (
    context: { db: Tx; caller: Caller },
    writes: ManyWrite<TWrite>[],
  ) => Promise<(WriteAnswer | null)[]>;
}

/** One write of a row a route answers at once: its checked body and its route's parameters. */
export interface ManyWrite<TWrite> {
  body: WriteOutput<TWrite>;
  params: Parameters<WriteRouteHandler<TWrite>>[2];
}

/**
 * A path's parameters by the route's pattern, decoded as the route's own handler is given them;
 * null for a segment that cannot be decoded (left to the route, alone, to answer).
 */
function paramsOf(pattern: RegExp, path: string): Record<string, string> | null {
  try {
    return Object.fromEntries(
      Object.entries(pattern.exec(path)?.groups ?? {}).map(([name, value]) => [
        name,
        decodeURIComponent(value),
      ]),
    );
  } catch {
    return null;
  }
}

/** A route's path pattern, each parameter a named group (`/products/:id` → `id`). */
function routePattern(route: string) {
  const pattern = route
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/:([A-Za-z]+)/g, '(?<$1>[^/]+)');
  return new RegExp(`^${pattern}$`);
}

export interface WriteRoutes {
  add<TWrite extends WriteDeclaration>(
    write: TWrite,
    handler: WriteRouteHandler<TWrite>,
    options?: WriteRouteOptions<TWrite>,
  ): void;
  /** For POST /batch: which writes may share a transaction, and running them so. */
  together: WritesTogether;
}

export interface WritesTogether {
  /** Whether the write at `method path` (under /api/v1) was added with refusalsWriteNothing. */
  shares(method: string, path: string): boolean;
  run: ReturnType<typeof idempotentWrites>['together'];
  /** How many writes from `start` on one route's `many` may take: 1 when none. */
  manyInARow(writes: readonly BatchWrite[], start: number): number;
  /**
   * Writes in a row to one route, answered by its `many` in the shared transaction, and their
   * answers kept; null for each it leaves to run alone. A failure marks `shared` failed.
   */
  many(
    shared: SharedWrites,
    caller: Caller,
    writes: readonly BatchWrite[],
  ): Promise<(WriteAnswer | null)[]>;
}

export function writeRoutes(
  api: Hono<AppEnv>,
  deps: Parameters<typeof idempotentWrites>[0],
  rules: Map<string, RouteRule>,
): WriteRoutes {
  const idempotent = idempotentWrites(deps);
  /** `METHOD` and a pattern of the path, for each write whose refusals write nothing. */
  const sharing: { method: string; path: RegExp }[] = [];
  /** The writes that answer many at once, with their path's pattern. */
  const answeringMany: {
    method: string;
    path: RegExp;
    write: WriteDeclaration;
    many: NonNullable<WriteRouteOptions<WriteDeclaration>['many']>;
  }[] = [];
  const manyOf = (write: BatchWrite) =>
    answeringMany.find((route) => route.method === write.method && route.path.test(write.path));
  return {
    add(write, handler, options = {}) {
      const key = `${write.method} ${API_PREFIX}${write.route}`;
      if (rules.has(key)) throw new Error(`${key} is registered twice`);
      rules.set(key, write.access);
      const refusalsWriteNothing = options.refusalsWriteNothing === true || !!options.many;
      const path = routePattern(write.route);
      if (options.many) {
        answeringMany.push({
          method: write.method,
          path,
          write,
          many: options.many as NonNullable<WriteRouteOptions<WriteDeclaration>['many']>,
        });
      }
      if (refusalsWriteNothing) sharing.push({ method: write.method, path });
      api.on(write.method, write.route, (c) =>
        idempotent.run(c, { refusalsWriteNothing }, async () => {
          const body = write.body === null ? null : await readJson(c, write.body, write.refusal);
          const params = c.req.param() as Parameters<typeof handler>[2];
          return handler(c, body as WriteOutput<typeof write>, params);
        }),
      );
    },
    together: {
      shares: (method, path) =>
        sharing.some((route) => route.method === method && route.path.test(path)),
      run: idempotent.together,
      manyInARow(writes, start) {
        const first = writes[start];
        const route = first && manyOf(first);
        if (!route) return 1;
        let end = start + 1;
        while (end < writes.length && manyOf(writes[end] as BatchWrite) === route) end += 1;
        return end - start;
      },
      async many(shared, caller, writes) {
        const answers: (WriteAnswer | null)[] = writes.map(() => null);
        const route = writes[0] && manyOf(writes[0]);
        if (!route) return answers;
        const { access } = route.write;
        // One the caller may not make is refused by the route, alone.
        if (access !== 'signed-in' && !can(caller.role, access)) return answers;
        // Each key once, not yet answered, with a body the write accepts: the others run alone
        // and are answered as they would be (their stored answer, or the refusal).
        const taken: { index: number; write: BatchWrite; item: ManyWrite<WriteDeclaration> }[] = [];
        const keys = new Set<string>();
        for (const [index, write] of writes.entries()) {
          if (shared.kept.has(write.idempotency_key) || keys.has(write.idempotency_key)) continue;
          keys.add(write.idempotency_key);
          const parsed = route.write.body && v.safeParse(route.write.body, write.body);
          const params = paramsOf(route.path, write.path);
          if (parsed?.success && params) {
            taken.push({ index, write, item: { body: parsed.output, params } });
          }
        }
        if (taken.length === 0) return answers;
        let given: (WriteAnswer | null)[];
        try {
          given = await route.many(
            { db: shared.tx, caller },
            taken.map(({ item }) => item),
          );
        } catch {
          // The transaction may be unusable: the batch undoes it and runs each write alone.
          shared.failed = true;
          return answers;
        }
        const now = deps.now();
        for (const [n, item] of taken.entries()) {
          const answer = given[n];
          if (!answer) continue;
          answers[item.index] = answer;
          shared.keep({
            userId: caller.userId,
            key: item.write.idempotency_key,
            fingerprint: fingerprintOf(
              item.write.method,
              `${API_PREFIX}${item.write.path}`,
              JSON.stringify(item.write.body),
            ),
            createdAt: now,
            responseStatus: answer.status,
            responseBody: JSON.stringify(answer.body),
          });
        }
        return answers;
      },
    },
  };
}
