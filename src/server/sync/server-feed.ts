import type { FeedDeclaration } from '#shared/feed-declaration.ts';
import type { Caller } from '../auth/access-tokens.ts';
import type { Db } from '../db/client.ts';
import type { ReadCache } from '../http/read-cache.ts';

/** What a feed reads with: the request's database, the caller, and the hot-read cache. */
export interface FeedContext {
  db: Db;
  caller: Caller;
  reads: ReadCache;
}

/**
 * A feed as the server answers it: its declaration (src/domains/<name>/feeds.ts) and how it reads
 * what changed in the caller's business since the device's cursor (0: it holds nothing yet).
 */
export interface ServerFeed<TAnswer = unknown> {
  declaration: FeedDeclaration<string, TAnswer>;
  read(context: FeedContext, cursor: number): Promise<TAnswer>;
}

export function serverFeed<TAnswer>(
  declaration: FeedDeclaration<string, TAnswer>,
  read: ServerFeed<TAnswer>['read'],
): ServerFeed<TAnswer> {
  return { declaration, read };
}
