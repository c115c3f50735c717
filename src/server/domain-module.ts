import type { Hono } from 'hono';
import type { DefinitionsCache } from './custom-fields/definitions-cache.ts';
import type { Deps } from './deps.ts';
import type { AppEnv } from './http/app-env.ts';
import type { ReadCache } from './http/read-cache.ts';
import type { WriteRoutes } from './http/write-routes.ts';
import type { ChangeHub } from './live/change-hub.ts';
import type { ServerFeed } from './sync/server-feed.ts';

/** What a domain's routes are made with: the app's services, one of each per app. */
export interface DomainServices {
  deps: Deps;
  /** Hot reads kept in memory between writes (embedded database only). */
  reads: ReadCache;
  /** Where a domain declares the routes of its writes (rules, idempotency, validation). */
  writes: WriteRoutes;
  /** The custom fields' definitions, which products and imports check values against. */
  definitions: DefinitionsCache;
  hub: ChangeHub;
}

/**
 * A domain on the server (src/server/<name>/module.ts), composed in one line in
 * src/server/modules.ts: its routes under /api/v1, and the feeds the one pull answers.
 */
export interface ServerDomain {
  readonly name: string;
  mount(api: Hono<AppEnv>, services: DomainServices): void;
  readonly feeds?: readonly ServerFeed[];
}

export function defineServerDomain<const T extends ServerDomain>(domain: T): T {
  return domain;
}
