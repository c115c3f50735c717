import { Link } from '@tanstack/react-router';
import { CalendarPlus, ChevronLeft, ChevronRight, Package, Truck, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useCustomerOrders } from '#data/hooks/use-customer-orders.ts';
import { useEvents } from '#data/hooks/use-events.ts';
import { useCan, useSignedInUser } from '#data/hooks/use-permissions.ts';
import { useStoredPaymentSettings } from '#data/hooks/use-stored.ts';
import { dayIn } from '#data/time-zone.ts';
import {
  CALENDAR_VIEW_LABELS,
  CALENDAR_VIEWS,
  type CalendarView,
  daysOf,
  ordersByDay,
  stepped,
} from '#domains/customer-orders/calendar.ts';
import {
  type CustomerOrder,
  itemCount,
  ORDER_KIND_LABELS,
} from '#domains/customer-orders/customer-order.ts';
import { clock, startText, windowText } from '#domains/customer-orders/order-list.ts';
import {
  type CalendarEvent,
  comingText,
  eventsByDay,
  eventTimeText,
} from '#domains/events/event.ts';
import { PageHeader } from '#ui/page-header.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { ORDERS_TEXT } from '../orders-text.ts';
import { EVENT_TEXT, EventDialog } from './event-dialog.tsx';
import { OrderStatusBadge } from './order-format.tsx';
import './calendar.css';
import './orders.css';

export const CALENDAR_TEXT = {
  title: 'Calendar',
  subtitle: 'Pickups, deliveries and the shop’s events (tastings…) by day',
  views: 'Calendar view',
  previous: (view: CalendarView) => `Previous ${view}`,
  next: (view: CalendarView) => `Next ${view}`,
  today: 'Today',
  none: 'No pickups, deliveries or events on this day.',
  more: (count: number) => `+${count} more`,
  count: (count: number, events = 0) =>
    `${count} ${count === 1 ? 'order' : 'orders'}${events > 0 ? ` · ${events} ${events === 1 ? 'event' : 'events'}` : ''}`,
} as const;

/** Orders a month's day lists before '+n more' (its day view lists them all). */
const IN_A_CELL = 3;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const MONTH = new Intl.DateTimeFormat('en-AU', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const LONG_DAY = new Intl.DateTimeFormat('en-AU', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const SHORT_DAY = new Intl.DateTimeFormat('en-AU', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

function headingOf(view: CalendarView, day: string, days: readonly string[]): string {
  if (view === 'month') return MONTH.format(utc(day));
  if (view === 'day') return LONG_DAY.format(utc(day));
  return `${SHORT_DAY.format(utc(days[0] ?? day))} – ${SHORT_DAY.format(utc(days.at(-1) ?? day))}`;
}

export interface CalendarPlace {
  view: CalendarView;
  /** The day shown, or the one the month or week is around; today when absent. */
  day?: string | undefined;
}

/**
 * The calendar (beyond the spec's prototype; README, "Customer orders"): month, week and day
 * views of the orders' pickups and deliveries, from the orders this device keeps (offline too);
 * a day opens its day view, an order opens the order. Days are the shop's.
 */
export function CalendarPage({
  place,
  onNavigate,
}: {
  place: CalendarPlace;
  onNavigate: (place: CalendarPlace) => void;
}) {
  const orders = useCustomerOrders();
  const events = useEvents();
  const canPlan = useCan('events.edit');
  /** The event open in its dialog (by id, so it shows every change at once), or a new one's day. */
  const [opened, setOpened] = useState<{ id: string | null; day: string } | null>(null);
  const user = useSignedInUser();
  const shop = useStoredPaymentSettings(user?.businessId)?.shop;
  const today = dayIn(new Date(), shop?.time_zone || undefined);
  const day = place.day ?? today;
  const { view } = place;
  const days = useMemo(() => daysOf(view, day), [view, day]);
  const byDay = useMemo(
    () => (orders ? ordersByDay(orders, days[0] ?? day, days.at(-1) ?? day) : undefined),
    [orders, days, day],
  );
  const eventDays = useMemo(
    () => eventsByDay(events ?? [], days[0] ?? day, days.at(-1) ?? day),
    [events, days, day],
  );
  const go = (next: Partial<CalendarPlace>) => onNavigate({ ...place, ...next });
  const openEvent = (event: CalendarEvent) => setOpened({ id: event.id, day: event.day });
  const openedEvent = opened?.id ? events?.find((event) => event.id === opened.id) : undefined;

  return (
    <>
      <PageHeader
        title={CALENDAR_TEXT.title}
        subtitle={CALENDAR_TEXT.subtitle}
        actions={
          canPlan ? (
            <button
              type="button"
              className="button button--primary"
              onClick={() => setOpened({ id: null, day })}
            >
              <CalendarPlus size={16} aria-hidden="true" /> {EVENT_TEXT.newEvent}
            </button>
          ) : undefined
        }
      />
      <div className="calendar-bar">
        <div className="calendar-bar__move">
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={CALENDAR_TEXT.previous(view)}
            onClick={() => go({ day: stepped(view, day, -1) })}
          >
            <ChevronLeft size={18} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => go({ day: undefined })}
          >
            {CALENDAR_TEXT.today}
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={CALENDAR_TEXT.next(view)}
            onClick={() => go({ day: stepped(view, day, 1) })}
          >
            <ChevronRight size={18} aria-hidden="true" />
          </button>
          <h2 className="calendar-bar__title">{headingOf(view, day, days)}</h2>
        </div>
        <div
          className="tab-bar calendar-bar__views"
          role="tablist"
          aria-label={CALENDAR_TEXT.views}
        >
          {CALENDAR_VIEWS.map((each) => (
            <button
              key={each}
              type="button"
              role="tab"
              aria-selected={view === each}
              className={`tab-bar__tab${view === each ? ' tab-bar__tab--active' : ''}`}
              onClick={() => go({ view: each })}
            >
              {CALENDAR_VIEW_LABELS[each]}
            </button>
          ))}
        </div>
      </div>
      {byDay === undefined ? (
        <PageSpinner />
      ) : view === 'month' ? (
        <MonthGrid
          days={days}
          month={day.slice(0, 7)}
          today={today}
          byDay={byDay}
          eventDays={eventDays}
          onOpenEvent={openEvent}
          onOpenDay={(open) => go({ view: 'day', day: open })}
        />
      ) : view === 'week' ? (
        <section className="card calendar-week" aria-label={headingOf(view, day, days)}>
          {days.map((each) => (
            <div
              key={each}
              className={`calendar-week__day${each === today ? ' calendar-week__day--today' : ''}`}
            >
              <button
                type="button"
                className="button button--link calendar-week__date"
                onClick={() => go({ view: 'day', day: each })}
              >
                {SHORT_DAY.format(utc(each))}
              </button>
              <EventChips events={eventDays.get(each) ?? []} onOpen={openEvent} />
              <OrderChips orders={byDay.get(each) ?? []} />
            </div>
          ))}
        </section>
      ) : (
        <DayList
          orders={byDay.get(day) ?? []}
          events={eventDays.get(day) ?? []}
          onOpenEvent={openEvent}
        />
      )}
      {opened && (opened.id === null || openedEvent) ? (
        <EventDialog
          key={opened.id ?? 'new'}
          event={openedEvent ?? null}
          day={opened.day}
          onClose={() => setOpened(null)}
        />
      ) : null}
    </>
  );
}

function MonthGrid({
  days,
  month,
  today,
  byDay,
  eventDays,
  onOpenEvent,
  onOpenDay,
}: {
  days: readonly string[];
  month: string;
  today: string;
  byDay: ReadonlyMap<string, CustomerOrder[]>;
  eventDays: ReadonlyMap<string, CalendarEvent[]>;
  onOpenEvent: (event: CalendarEvent) => void;
  onOpenDay: (day: string) => void;
}) {
  return (
    <section className="card calendar-month" aria-label={MONTH.format(utc(`${month}-01`))}>
      {WEEKDAYS.map((weekday) => (
        <div key={weekday} className="calendar-month__weekday" aria-hidden="true">
          {weekday}
        </div>
      ))}
      {days.map((each) => {
        const listed = byDay.get(each) ?? [];
        const planned = eventDays.get(each) ?? [];
        const orderRoom = Math.max(IN_A_CELL - planned.length, 0);
        const classes = [
          'calendar-month__day',
          each.slice(0, 7) === month ? '' : 'calendar-month__day--other',
          each === today ? 'calendar-month__day--today' : '',
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <div key={each} className={classes}>
            <button
              type="button"
              className="calendar-month__date"
              aria-label={`${LONG_DAY.format(utc(each))}: ${CALENDAR_TEXT.count(listed.length, planned.length)}`}
              onClick={() => onOpenDay(each)}
            >
              {Number(each.slice(8))}
            </button>
            {listed.length + planned.length > 0 ? (
              <span className="calendar-month__count" aria-hidden="true">
                {listed.length + planned.length}
              </span>
            ) : null}
            <EventChips events={planned.slice(0, IN_A_CELL)} onOpen={onOpenEvent} />
            <OrderChips orders={listed.slice(0, orderRoom)} />
            {listed.length + planned.length > IN_A_CELL ? (
              <button
                type="button"
                className="button button--link calendar-month__more"
                onClick={() => onOpenDay(each)}
              >
                {CALENDAR_TEXT.more(listed.length + planned.length - IN_A_CELL)}
              </button>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}

/** Orders as the month and week show them: the start, the customer; each opens its order. */
function OrderChips({ orders }: { orders: readonly CustomerOrder[] }) {
  if (orders.length === 0) return null;
  return (
    <ul className="calendar-chips">
      {orders.map((order) => (
        <li key={order.id}>
          <Link
            to="/orders"
            search={{ order: order.id }}
            className={`calendar-chip calendar-chip--${order.kind}`}
            title={`${order.number || ORDERS_TEXT.notNumbered} · ${order.customer} · ${ORDER_KIND_LABELS[order.kind]}`}
          >
            {order.kind === 'delivery' ? (
              <Truck size={12} aria-hidden="true" />
            ) : (
              <Package size={12} aria-hidden="true" />
            )}
            <span className="calendar-chip__text">
              {startText(order)} · {order.customer}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Events as the month and week show them: the start, the name; each opens the event. */
function EventChips({
  events,
  onOpen,
}: {
  events: readonly CalendarEvent[];
  onOpen: (event: CalendarEvent) => void;
}) {
  if (events.length === 0) return null;
  return (
    <ul className="calendar-chips">
      {events.map((event) => (
        <li key={event.id}>
          <button
            type="button"
            className="calendar-chip calendar-chip--event"
            title={`${event.title} · ${eventTimeText(event)} · ${comingText(event)}`}
            onClick={() => onOpen(event)}
          >
            <Users size={12} aria-hidden="true" />
            <span className="calendar-chip__text">
              {clock(event.starts_at)} · {event.title}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function DayList({
  orders,
  events,
  onOpenEvent,
}: {
  orders: readonly CustomerOrder[];
  events: readonly CalendarEvent[];
  onOpenEvent: (event: CalendarEvent) => void;
}) {
  return (
    <section className="card calendar-day" aria-label={CALENDAR_TEXT.title}>
      {orders.length === 0 && events.length === 0 ? (
        <p className="orders-empty">{CALENDAR_TEXT.none}</p>
      ) : (
        <ul className="calendar-day__list">
          {events.map((event) => (
            <li key={event.id} className="calendar-day__order">
              <button
                type="button"
                className="button button--link calendar-day__link"
                onClick={() => onOpenEvent(event)}
              >
                {event.title}
              </button>
              <span className="calendar-day__meta">
                {eventTimeText(event)} · {comingText(event)}
                {event.notes ? ` · ${event.notes}` : ''}
              </span>
            </li>
          ))}
          {orders.map((order) => (
            <li key={order.id} className="calendar-day__order">
              <Link to="/orders" search={{ order: order.id }} className="calendar-day__link">
                {order.number || ORDERS_TEXT.notNumbered} · {order.customer}
              </Link>
              <span className="calendar-day__meta">
                {windowText(order)} · {ORDER_KIND_LABELS[order.kind]} ·{' '}
                {ORDERS_TEXT.items(itemCount(order.lines))}
                {order.address ? ` · ${order.address}` : ''}
              </span>
              <OrderStatusBadge status={order.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
