import * as v from 'valibot';
import { clock } from '#domains/customer-orders/order-list.ts';
import { daySchema } from '#shared/moments.ts';
import { emptyAsNull, int32, optionalText } from '#shared/validation.ts';

/**
 * Calendar events (beyond the spec's prototype; README, "Calendar events"): a tasting, a dinner,
 * a masterclass — a day, a start and maybe an end time, maybe a capacity, and the shop's
 * customers who are coming. Made on any device (its id); its details merged field by field as
 * customers' are (#shared/sync/field-merge.ts), so moving it on one tablet and renaming it on
 * another both stand. Who is coming is a set changed one person at a time (added, taken off),
 * so two tablets adding two people both count; the server keeps it within the capacity.
 */
export const EVENT_LIMITS = { title: 100, notes: 1000, capacity: 500 } as const;

export const EVENT_MESSAGES = {
  title: 'Enter the event’s name',
  titleLength: `Keep the name to ${EVENT_LIMITS.title} characters`,
  time: 'Enter a time such as 18:30',
  endBeforeStart: 'The event ends after it starts',
  capacity: `Enter the places as a whole number from 1 to ${EVENT_LIMITS.capacity}, or leave it empty`,
  notFound: 'This event does not exist',
  idTaken: 'This event id was already used for another event',
  nothingToChange: 'Say what to change',
  conflict: 'This event was changed on another device',
  unknownCustomer: 'This customer is not one of this shop’s',
  full: (capacity: number) => `The event is full: all ${capacity} places are taken`,
  belowComing: (coming: number) =>
    `${coming} ${coming === 1 ? 'person is' : 'people are'} coming: the capacity cannot be fewer`,
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = v.pipe(v.string(EVENT_MESSAGES.time), v.trim(), v.regex(TIME, EVENT_MESSAGES.time));

/** Every detail a person writes, each merged on its own. */
export const EVENT_FIELDS = {
  title: v.pipe(
    v.string(EVENT_MESSAGES.title),
    v.trim(),
    v.nonEmpty(EVENT_MESSAGES.title),
    v.maxLength(EVENT_LIMITS.title, EVENT_MESSAGES.titleLength),
  ),
  day: daySchema('day'),
  starts_at: time,
  ends_at: v.nullable(
    v.pipe(
      v.string(EVENT_MESSAGES.time),
      v.trim(),
      v.check((value) => value === '' || TIME.test(value), EVENT_MESSAGES.time),
      emptyAsNull,
    ),
  ),
  capacity: v.nullable(
    v.pipe(
      v.number(EVENT_MESSAGES.capacity),
      v.integer(EVENT_MESSAGES.capacity),
      v.minValue(1, EVENT_MESSAGES.capacity),
      v.maxValue(EVENT_LIMITS.capacity, EVENT_MESSAGES.capacity),
    ),
  ),
  notes: optionalText(EVENT_LIMITS.notes),
} as const;
export type EventField = keyof typeof EVENT_FIELDS;

const endsAfterStart = (details: { starts_at?: string; ends_at?: string | null }) =>
  !details.starts_at || !details.ends_at || details.ends_at > details.starts_at;

/** POST /events: a new event, with the id the device gave it. */
export const EventCreateSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.uuid('An event id is a UUID')),
    title: EVENT_FIELDS.title,
    day: EVENT_FIELDS.day,
    starts_at: EVENT_FIELDS.starts_at,
    ends_at: v.optional(EVENT_FIELDS.ends_at),
    capacity: v.optional(EVENT_FIELDS.capacity),
    notes: v.optional(EVENT_FIELDS.notes),
  }),
  v.check((details) => endsAfterStart(details), EVENT_MESSAGES.endBeforeStart),
);
export type EventCreate = v.InferOutput<typeof EventCreateSchema>;

/** PATCH /events/{id}: some details, based on the version the device held. */
export const EventPatchSchema = v.object({
  base_version: int32('base_version must be a version number', 1),
  changes: v.pipe(
    v.partial(v.strictObject(EVENT_FIELDS)),
    v.check((changes) => Object.keys(changes).length > 0, EVENT_MESSAGES.nothingToChange),
    v.check((details) => endsAfterStart(details), EVENT_MESSAGES.endBeforeStart),
  ),
});
export type EventPatch = v.InferOutput<typeof EventPatchSchema>;
export type EventChanges = EventPatch['changes'];

/** POST /events/{id}/attendees: one of the shop's customers is coming. */
export const AttendeeSchema = v.object({
  customer_id: v.pipe(v.string(), v.uuid(EVENT_MESSAGES.unknownCustomer)),
});
export type Attendee = v.InferOutput<typeof AttendeeSchema>;

export const CalendarEventSchema = v.object({
  id: v.string(),
  title: v.string(),
  day: v.string(),
  starts_at: v.string(),
  ends_at: v.nullable(v.string()),
  capacity: v.nullable(v.number()),
  notes: v.nullable(v.string()),
  /** The customers coming, by id, in the order they were added. */
  attendees: v.array(v.string()),
  version: v.number(),
  field_versions: v.record(v.string(), v.number()),
  created_at: v.string(),
  updated_at: v.string(),
});
export type CalendarEvent = v.InferOutput<typeof CalendarEventSchema>;

/** A new event as the device holds it until the server answers. */
export function newEvent(create: EventCreate, now: Date): CalendarEvent {
  const at = now.toISOString();
  return {
    id: create.id,
    title: create.title,
    day: create.day,
    starts_at: create.starts_at,
    ends_at: create.ends_at ?? null,
    capacity: create.capacity ?? null,
    notes: create.notes ?? null,
    attendees: [],
    version: 0,
    field_versions: {},
    created_at: at,
    updated_at: at,
  };
}

/** Whether one more may come: none of a full event's places is left. */
export const hasRoom = (event: Pick<CalendarEvent, 'capacity' | 'attendees'>) =>
  event.capacity === null || event.attendees.length < event.capacity;

/** When an event is, in words: '6:30 PM – 8:00 PM', or its start alone. */
export const eventTimeText = (event: Pick<CalendarEvent, 'starts_at' | 'ends_at'>) =>
  event.ends_at ? `${clock(event.starts_at)} – ${clock(event.ends_at)}` : clock(event.starts_at);

/** How many are coming, and of how many places: '12 of 20 coming', '3 coming'. */
export const comingText = (event: Pick<CalendarEvent, 'capacity' | 'attendees'>) =>
  event.capacity === null
    ? `${event.attendees.length} coming`
    : `${event.attendees.length} of ${event.capacity} coming`;

/** The events of each day from `first` to `last` (inclusive), by start. */
export function eventsByDay(
  events: readonly CalendarEvent[],
  first: string,
  last: string,
): Map<string, CalendarEvent[]> {
  const days = new Map<string, CalendarEvent[]>();
  for (const event of events) {
    if (event.day < first || event.day > last) continue;
    const list = days.get(event.day) ?? [];
    list.push(event);
    days.set(event.day, list);
  }
  for (const list of days.values()) {
    list.sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.title.localeCompare(b.title));
  }
  return days;
}
