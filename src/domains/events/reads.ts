import * as v from 'valibot';
import { defineRead } from '#shared/read-declaration.ts';
import { CalendarEventSchema } from './event.ts';

/** Every event of the business. Devices keep them through the pull (feeds.ts). */
export const eventsRead = defineRead({
  route: '/events',
  access: 'signed-in',
  answer: v.object({ events: v.array(CalendarEventSchema) }),
  caching: 'never',
});

export const eventsReads = [eventsRead];
