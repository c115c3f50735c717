import * as v from 'valibot';

/**
 * A feed: how a domain whose records several devices change tells a device what changed since
 * its cursor, declared once in the domain (src/domains/<name>/feeds.ts) and named by its module
 * (composed in src/domains/modules.ts). One pull (GET /changes) asks every feed the device keeps
 * at once, each with its own cursor as a query parameter named after the feed
 * (`?catalogue=41&stocktakes=7`), and answers each under its name; the device hands each domain
 * its part.
 *
 * A cursor is a whole number: 0 when the device holds nothing of the domain yet. What a feed
 * answers is its own (records changed, tombstones, a new cursor), checked by `answer`.
 */
export interface FeedDeclaration<TName extends string = string, TAnswer = unknown> {
  readonly name: TName;
  readonly answer: v.GenericSchema<unknown, TAnswer>;
}

export function defineFeed<const TName extends string, TAnswer>(
  feed: FeedDeclaration<TName, TAnswer>,
): FeedDeclaration<TName, TAnswer> {
  return feed;
}

/** The pull's route under /api/v1. */
export const PULL_ROUTE = '/changes';

/** A cursor as the query carries it: a version no bigger than Postgres's bigint holds safely. */
export const CursorSchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,15}$/, 'A cursor is a version number'),
  v.transform(Number),
);

/** The pull's answer: each feed asked, under its name. */
export function pullAnswerSchema(feeds: readonly FeedDeclaration[]) {
  return v.object(
    Object.fromEntries(feeds.map((feed) => [feed.name, v.optional(feed.answer)])),
  ) as v.GenericSchema<unknown, Record<string, unknown>>;
}
