import { defineServerDomain } from '../domain-module.ts';
import { eventRoutes } from './event-routes.ts';
import { eventsServerFeed } from './events-feed.ts';

export const eventsServer = defineServerDomain({
  name: 'events',
  mount: (api, { deps, writes }) => {
    api.route('/events', eventRoutes(deps, writes));
  },
  feeds: [eventsServerFeed],
});
