import { addDays } from '#shared/moments.ts';
import { type CustomerOrder, RESERVING } from './customer-order.ts';

/**
 * Which orders the orders screen lists: a day's (today's, tomorrow's) that are not cancelled,
 * those still to hand over from today on, or every order; by day, then by the start of the
 * window (orders without one last that day).
 */
export const ORDER_VIEWS = ['tomorrow', 'today', 'upcoming', 'all'] as const;
export type OrderView = (typeof ORDER_VIEWS)[number];
export const ORDER_VIEW_LABELS: Readonly<Record<OrderView, string>> = {
  tomorrow: 'Tomorrow',
  today: 'Today',
  upcoming: 'Still to hand over',
  all: 'All orders',
};

/** Orders of one day by the start of their window (those without one last), then number. */
export const byWindow = (a: CustomerOrder, b: CustomerOrder) =>
  (a.window_from ?? '99:99').localeCompare(b.window_from ?? '99:99') ||
  a.number.localeCompare(b.number);

const byDue = (a: CustomerOrder, b: CustomerOrder) =>
  a.due_on.localeCompare(b.due_on) || byWindow(a, b);

/** The orders of a view, `today` being the shop's day now. */
export function ordersInView(
  orders: readonly CustomerOrder[],
  view: OrderView,
  today: string,
): CustomerOrder[] {
  const tomorrow = addDays(today, 1);
  const kept = orders.filter((order) => {
    switch (view) {
      case 'today':
        return order.due_on === today && order.status !== 'cancelled';
      case 'tomorrow':
        return order.due_on === tomorrow && order.status !== 'cancelled';
      case 'upcoming':
        return RESERVING.has(order.status) && order.due_on >= today;
      default:
        return true;
    }
  });
  return kept.sort(view === 'all' ? (a, b) => byDue(b, a) : byDue);
}

const DAY = new Intl.DateTimeFormat('en-AU', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** A due day ('2026-12-24') as people read it ('Thu 24 Dec'), whatever the time zone. */
export const dueText = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));

/** A time of day ('16:00') as people read it ('4:00 PM'). */
export function clock(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const half = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${half}`;
}

/** When an order is due to go, in a word: its window's start ('9:30 AM'), or 'Any time'. */
export function startText(order: Pick<CustomerOrder, 'window_from' | 'window_to'>): string {
  if (order.window_from) return clock(order.window_from);
  if (order.window_to) return `By ${clock(order.window_to)}`;
  return 'Any time';
}

/** A window as people read it: '9:30 AM', '9:30 AM – 11:00 AM', or 'Any time'. */
export function windowText(order: Pick<CustomerOrder, 'window_from' | 'window_to'>): string {
  if (order.window_from && order.window_to) {
    return `${clock(order.window_from)} – ${clock(order.window_to)}`;
  }
  return startText(order);
}
