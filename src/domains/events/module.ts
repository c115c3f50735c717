import { defineDomain } from '#shared/domain-module.ts';
import { eventsFeed } from './feeds.ts';
import { eventsReads } from './reads.ts';

export const eventsDomain = defineDomain({
  name: 'events',
  reads: eventsReads,
  feeds: [eventsFeed],
});
