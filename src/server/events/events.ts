import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  type CalendarEvent,
  EVENT_MESSAGES,
  type EventChanges,
  type EventCreate,
  type EventField,
} from '#domains/events/event.ts';
import { eventsFeed } from '#domains/events/feeds.ts';
import { mergeFields } from '#shared/sync/field-merge.ts';
import type { Db, Tx } from '../db/client.ts';
import { inTransaction } from '../db/client.ts';
import { calendarEvents, customers, eventAttendees } from '../db/schema.ts';
import type { WriteContext } from '../products/catalogue-writes.ts';
import { noteFeedChange } from '../sync/feed-changes.ts';

/** Calendar events on the server (the rules are in #domains/events/event.ts). */
type EventRow = typeof calendarEvents.$inferSelect;

const ROW_OF: Readonly<Record<EventField, keyof EventRow>> = {
  title: 'title',
  day: 'day',
  starts_at: 'startsAt',
  ends_at: 'endsAt',
  capacity: 'capacity',
  notes: 'notes',
};

const rowValues = (changes: Partial<EventChanges>): Partial<EventRow> =>
  Object.fromEntries(
    Object.entries(changes).map(([field, value]) => [ROW_OF[field as EventField], value]),
  );

const toEvent = (row: EventRow, attendees: readonly string[]): CalendarEvent => ({
  id: row.id,
  title: row.title,
  day: row.day,
  starts_at: row.startsAt,
  ends_at: row.endsAt,
  capacity: row.capacity,
  notes: row.notes,
  attendees: [...attendees],
  version: row.version,
  field_versions: row.fieldVersions,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The business's events (those among `ids`, or all), with who is coming, by day and start. */
export async function listEvents(
  db: Db | Tx,
  businessId: string,
  ids?: readonly string[],
): Promise<CalendarEvent[]> {
  if (ids?.length === 0) return [];
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.businessId, businessId),
        ids ? inArray(calendarEvents.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(calendarEvents.day), asc(calendarEvents.startsAt), asc(calendarEvents.id));
  if (rows.length === 0) return [];
  const coming = await db
    .select({ eventId: eventAttendees.eventId, customerId: eventAttendees.customerId })
    .from(eventAttendees)
    .where(
      inArray(
        eventAttendees.eventId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(eventAttendees.addedAt), asc(eventAttendees.customerId));
  const byEvent = new Map<string, string[]>();
  for (const { eventId, customerId } of coming) {
    byEvent.set(eventId, [...(byEvent.get(eventId) ?? []), customerId]);
  }
  return rows.map((row) => toEvent(row, byEvent.get(row.id) ?? []));
}

const noteChanged = (tx: Tx, businessId: string, id: string) =>
  noteFeedChange(tx, businessId, eventsFeed.name, [id]);

/** `work` on the business's event, its row locked, in one transaction; 'missing' without it. */
function withEvent(
  db: Db,
  context: WriteContext,
  id: string,
  work: (tx: Tx, current: EventRow) => Promise<EventOutcome>,
): Promise<EventOutcome> {
  return inTransaction(db, async (tx) => {
    const [current] = await tx
      .select()
      .from(calendarEvents)
      .where(and(eq(calendarEvents.businessId, context.businessId), eq(calendarEvents.id, id)))
      .for('update');
    return current ? work(tx, current) : { status: 'missing' };
  });
}

const comingTo = async (tx: Tx, id: string) =>
  Number(
    (
      await tx
        .select({ count: sql<string>`count(*)` })
        .from(eventAttendees)
        .where(eq(eventAttendees.eventId, id))
    )[0]?.count ?? 0,
  );

const answered = async (tx: Tx, businessId: string, id: string) => {
  const [event] = await listEvents(tx, businessId, [id]);
  if (!event) throw new Error('the event was not stored');
  return event;
};

export type EventOutcome =
  | { status: 'created' | 'repeated' | 'saved'; event: CalendarEvent }
  | { status: 'taken' | 'missing' }
  | { status: 'refused'; message: string }
  | { status: 'conflict'; event: CalendarEvent; conflicts: string[] };

/** A new event; the same create again (its answer lost) answers the event it made. */
export async function createEvent(
  db: Db,
  context: WriteContext,
  create: EventCreate,
): Promise<EventOutcome> {
  return inTransaction(db, async (tx) => {
    const { id, ...fields } = create;
    const [row] = await tx
      .insert(calendarEvents)
      .values({
        id,
        businessId: context.businessId,
        ...rowValues(fields),
        title: fields.title,
        day: fields.day,
        startsAt: fields.starts_at,
        createdAt: context.now,
        updatedAt: context.now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      const [stored] = await listEvents(tx, context.businessId, [id]);
      return stored ? { status: 'repeated', event: stored } : { status: 'taken' };
    }
    await noteChanged(tx, context.businessId, id);
    return { status: 'created', event: toEvent(row, []) };
  });
}

/**
 * An edit based on `baseVersion`, merged field by field; the merged event must still end after
 * it starts and have room for those coming.
 */
export function patchEvent(
  db: Db,
  context: WriteContext,
  id: string,
  baseVersion: number,
  changes: EventChanges,
): Promise<EventOutcome> {
  return withEvent(db, context, id, async (tx, current) => {
    const event = toEvent(current, []);
    const merge = mergeFields(event, baseVersion, changes);
    if (merge.status === 'conflict') {
      return {
        status: 'conflict',
        event: await answered(tx, context.businessId, id),
        conflicts: merge.conflicts,
      };
    }
    if (merge.status === 'unchanged') {
      return { status: 'saved', event: await answered(tx, context.businessId, id) };
    }
    const after = { ...event, ...merge.changed };
    if (after.ends_at && after.ends_at <= after.starts_at) {
      return { status: 'refused', message: EVENT_MESSAGES.endBeforeStart };
    }
    const coming = await comingTo(tx, id);
    if (after.capacity !== null && after.capacity < coming) {
      return { status: 'refused', message: EVENT_MESSAGES.belowComing(coming) };
    }
    await tx
      .update(calendarEvents)
      .set({
        ...rowValues(merge.changed),
        version: merge.version,
        fieldVersions: merge.fieldVersions,
        updatedAt: context.now,
      })
      .where(eq(calendarEvents.id, id));
    await noteChanged(tx, context.businessId, id);
    return { status: 'saved', event: await answered(tx, context.businessId, id) };
  });
}

/** An event deleted; deleting it again (or one another device deleted) is done already. */
export async function deleteEvent(db: Db, context: WriteContext, id: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const deleted = await tx
      .delete(calendarEvents)
      .where(and(eq(calendarEvents.businessId, context.businessId), eq(calendarEvents.id, id)))
      .returning({ id: calendarEvents.id });
    if (deleted.length > 0) await noteChanged(tx, context.businessId, id);
  });
}

/**
 * One of the shop's customers coming (again: nothing changes), while the event has room; the
 * event's row is locked, so two tablets taking the last place get one each at most.
 */
export function addAttendee(
  db: Db,
  context: WriteContext,
  id: string,
  customerId: string,
): Promise<EventOutcome> {
  return withEvent(db, context, id, async (tx, current) => {
    const [customer] = await tx
      .select({ id: customers.id, mergedInto: customers.mergedInto })
      .from(customers)
      .where(and(eq(customers.businessId, context.businessId), eq(customers.id, customerId)));
    if (!customer) return { status: 'refused', message: EVENT_MESSAGES.unknownCustomer };
    // A device that had not heard of a merge names the other record: the one kept is coming.
    const coming = customer.mergedInto ?? customer.id;
    const [already] = await tx
      .select({ id: eventAttendees.customerId })
      .from(eventAttendees)
      .where(and(eq(eventAttendees.eventId, id), eq(eventAttendees.customerId, coming)));
    if (already) return { status: 'saved', event: await answered(tx, context.businessId, id) };
    if (current.capacity !== null && (await comingTo(tx, id)) >= current.capacity) {
      return { status: 'refused', message: EVENT_MESSAGES.full(current.capacity) };
    }
    await tx
      .insert(eventAttendees)
      .values({ eventId: id, customerId: coming, addedAt: context.now });
    await noteChanged(tx, context.businessId, id);
    return { status: 'saved', event: await answered(tx, context.businessId, id) };
  });
}

/** A customer no longer coming (not coming already: nothing changes). */
export function removeAttendee(
  db: Db,
  context: WriteContext,
  id: string,
  customerId: string,
): Promise<EventOutcome> {
  return withEvent(db, context, id, async (tx) => {
    const removed = await tx
      .delete(eventAttendees)
      .where(and(eq(eventAttendees.eventId, id), eq(eventAttendees.customerId, customerId)))
      .returning({ id: eventAttendees.customerId });
    if (removed.length > 0) await noteChanged(tx, context.businessId, id);
    return { status: 'saved', event: await answered(tx, context.businessId, id) };
  });
}
