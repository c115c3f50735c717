import { eventHandlers, eventsDeviceFeed } from '../repositories/events.ts';
import { defineDeviceDomain } from '../sync/device-domain.ts';

export const eventsOnDevice = defineDeviceDomain({
  name: 'events',
  writeHandlers: eventHandlers,
  feeds: [eventsDeviceFeed],
});
