import * as v from 'valibot';
import { defineFeed } from '#shared/feed-declaration.ts';
import { CalendarEventSchema } from './event.ts';

/** The events made or changed since the cursor, as they are now; and those deleted, by id. */
export const eventsFeed = defineFeed({
  name: 'events',
  answer: v.object({
    cursor: v.number(),
    events: v.array(CalendarEventSchema),
    deleted: v.array(v.string()),
  }),
});
