import { addDays, addMonths, monthStart, weekdayOf, weekStart } from '#shared/moments.ts';
import type { CustomerOrder } from './customer-order.ts';
import { byWindow } from './order-list.ts';

/**
 * The calendar of pickups and deliveries (beyond the spec's prototype; README, "Customer
 * orders"): a month as weeks from Monday, a week, or a day; each day with its orders that are
 * not cancelled, by the start of their window. Days are calendar days ('2026-12-24') in the
 * shop's zone, as orders are due.
 */
export const CALENDAR_VIEWS = ['month', 'week', 'day'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
export const CALENDAR_VIEW_LABELS: Readonly<Record<CalendarView, string>> = {
  month: 'Month',
  week: 'Week',
  day: 'Day',
};

/** The days a view shows around `day`: a month's whole weeks, a week, or the day. */
export function daysOf(view: CalendarView, day: string): string[] {
  if (view === 'day') return [day];
  if (view === 'week') return Array.from({ length: 7 }, (_, n) => addDays(weekStart(day), n));
  const first = monthStart(day);
  const start = weekStart(first);
  const month = first.slice(0, 7);
  const days: string[] = [];
  for (let next = start; ; next = addDays(next, 1)) {
    // Whole weeks, until the week the month ends in is complete.
    if (weekdayOf(next) === 0 && next.slice(0, 7) > month) break;
    days.push(next);
  }
  return days;
}

/** The day a view moves to by its arrows: a month, a week or a day earlier (-1) or later (1). */
export function stepped(view: CalendarView, day: string, step: -1 | 1): string {
  if (view === 'day') return addDays(day, step);
  if (view === 'week') return addDays(day, 7 * step);
  return addMonths(monthStart(day), step);
}

/**
 * The orders of each day from `first` to `last` (inclusive) that are not cancelled, by window;
 * one pass over the orders however many days are shown.
 */
export function ordersByDay(
  orders: readonly CustomerOrder[],
  first: string,
  last: string,
): Map<string, CustomerOrder[]> {
  const days = new Map<string, CustomerOrder[]>();
  for (const order of orders) {
    if (order.status === 'cancelled' || order.due_on < first || order.due_on > last) continue;
    const list = days.get(order.due_on) ?? [];
    list.push(order);
    days.set(order.due_on, list);
  }
  for (const list of days.values()) list.sort(byWindow);
  return days;
}
