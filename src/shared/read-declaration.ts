import type * as v from 'valibot';
import type { Permission } from './auth/permissions.ts';
import { type RouteParams, writePath } from './write-declaration.ts';

/**
 * A kind of read, declared once in its domain (src/domains/<name>/reads.ts) as writes are: the
 * device's call is made from it (`readPath` and the answer schema), the server's route rule
 * comes from it (app.ts), and the service worker keeps its answers as it says (sw/sw.ts).
 *
 * How the service worker keeps the answers:
 * - 'network-first': from the network, else the last answer it kept (viewing offline);
 * - 'never': never from its cache, because the page keeps these itself in IndexedDB as they
 *   change (the catalogue and its feed, sales): an old answer would undo newer ones.
 */
export type ReadCaching = 'network-first' | 'never';

export interface ReadDeclaration<
  TSchema extends v.GenericSchema = v.GenericSchema,
  TRoute extends string = string,
> {
  /** Its route under /api/v1 (a GET), with `:name` parameters. */
  readonly route: TRoute;
  /** Who may call it: any signed-in person, or a role with the permission. */
  readonly access: 'signed-in' | Permission;
  /** The answer, as the device checks it. */
  readonly answer: TSchema;
  readonly caching: ReadCaching;
}

export function defineRead<const TSchema extends v.GenericSchema, const TRoute extends string>(
  read: ReadDeclaration<TSchema, TRoute>,
): ReadDeclaration<TSchema, TRoute> {
  return read;
}

/** The path a read asks, its parameters and query filled in: '/stocktakes/abc?x=1'. */
export function readPath<TRoute extends string>(
  read: { route: TRoute },
  params: Record<RouteParams<TRoute>, string | number>,
  query: Record<string, string | number | undefined> = {},
): string {
  const path = writePath(
    { route: read.route },
    Object.fromEntries(
      Object.entries(params).map(([name, value]) => [name, encodeURIComponent(String(value))]),
    ) as Record<RouteParams<TRoute>, string>,
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Whether a path (under /api/v1, without its query) is asked by this route: '/a/7' by '/a/:id'. */
export function routeMatches(route: string, path: string): boolean {
  const routeParts = route.split('/');
  const pathParts = path.split('/');
  return (
    routeParts.length === pathParts.length &&
    routeParts.every((part, index) => part.startsWith(':') || part === pathParts[index])
  );
}
