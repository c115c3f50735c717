import { eventsFeed } from '#domains/events/feeds.ts';
import { recordsSince } from '../sync/feed-changes.ts';
import { serverFeed } from '../sync/server-feed.ts';
import { listEvents } from './events.ts';

/**
 * The events' part of the pull: those made or changed since the cursor, as they are now, and
 * the ids of those deleted since (noted, and no longer found).
 */
export const eventsServerFeed = serverFeed(eventsFeed, async ({ db, caller }, since) => {
  let asked: readonly string[] = [];
  const { cursor, records } = await recordsSince(
    db,
    caller.businessId,
    eventsFeed.name,
    since,
    (keys) => {
      asked = keys ?? [];
      return listEvents(db, caller.businessId, keys);
    },
  );
  const found = new Set(records.map((event) => event.id));
  return { cursor, events: records, deleted: asked.filter((id) => !found.has(id)) };
});
