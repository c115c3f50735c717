import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as v from 'valibot';
import { CALENDAR_VIEWS } from '#domains/customer-orders/calendar.ts';
import { signedInRoute } from './signed-in.tsx';

const SearchSchema = v.object({
  view: v.fallback(v.optional(v.picklist(CALENDAR_VIEWS)), undefined),
  day: v.fallback(v.optional(v.pipe(v.string(), v.isoDate())), undefined),
});

/** /calendar?view=…&day=…: pickups and deliveries by month, week or day. */
export const calendarRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/calendar',
  validateSearch: (search) => v.parse(SearchSchema, search),
  component: lazyRouteComponent(() => import('./calendar-screen.tsx'), 'CalendarScreen'),
});
