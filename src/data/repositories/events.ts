import * as v from 'valibot';
import {
  type Attendee,
  type CalendarEvent,
  CalendarEventSchema,
  type EventChanges,
  type EventCreate,
  type EventPatch,
  newEvent,
} from '#domains/events/event.ts';
import { eventsFeed } from '#domains/events/feeds.ts';
import {
  addAttendeeWrite,
  createEventWrite,
  deleteEventWrite,
  editEventWrite,
  removeAttendeeWrite,
} from '#domains/events/writes.ts';
import { writeRequest } from '#shared/write-declaration.ts';
import { db } from '../db.ts';
import { pullFeeds } from '../sync/feeds.ts';
import { foldPending } from '../sync/fold.ts';
import { keptFeed } from '../sync/kept-feed.ts';
import { queueWrite } from '../sync/outbox.ts';
import type { OutboxEntry } from '../sync/outbox-entry.ts';
import { rebaseLaterEdits } from '../sync/rebase.ts';
import { queueAndSend } from '../sync/replayer.ts';
import {
  defineWriteHandler,
  paramsOf,
  refusalAlert,
  type WriteFold,
} from '../sync/write-handler.ts';
import { onForgetUser } from '../user-memory.ts';

/**
 * Calendar events on the device (#domains/events/): the table holds them as the server last
 * said; an event made or changed here, and who was added or taken off, wait in the outbox and
 * are shown laid over that copy (the generic fold), offline too. Each event's writes go out in
 * an order of their own.
 */
export const EVENTS_RESOURCE = 'events';
const EVENTS_COLLECTION = 'events';
const ofEvent = (entry: OutboxEntry) => `event:${String(entry.recordId)}`;

interface Label {
  title: string;
}
const labelOf = (entry: OutboxEntry) => (entry.revert as Label | null)?.title ?? '';
const notice = (what: string) => refusalAlert(what, labelOf);

function queue<TBody>(
  request: ReturnType<typeof writeRequest>,
  body: TBody,
  event: Pick<CalendarEvent, 'id' | 'title'>,
) {
  return queueAndSend([db.outbox], () =>
    queueWrite<TBody, Label>({
      resource: EVENTS_RESOURCE,
      ...request,
      body,
      revert: { title: event.title },
      recordId: event.id,
    }),
  );
}

/** A new event, here at once and sent when the connection allows. */
export async function addEvent(fields: Omit<EventCreate, 'id'>): Promise<CalendarEvent> {
  const body: EventCreate = { ...fields, id: crypto.randomUUID() };
  await queue(writeRequest(createEventWrite, {}), body, body);
  return newEvent(body, new Date());
}

/** Some details of an event (moved, renamed…), based on the version this device was given. */
export const editEvent = (event: CalendarEvent, changes: EventChanges) =>
  queue<EventPatch>(
    writeRequest(editEventWrite, { id: event.id }),
    { base_version: Math.max(event.version, 1), changes },
    event,
  );

export const deleteEvent = (event: CalendarEvent) =>
  queue<null>(writeRequest(deleteEventWrite, { id: event.id }), null, event);

/** One of the shop's customers coming to the event. */
export const addAttendee = (event: CalendarEvent, customerId: string) =>
  queue<Attendee>(
    writeRequest(addAttendeeWrite, { id: event.id }),
    { customer_id: customerId },
    event,
  );

/** A customer no longer coming. */
export const removeAttendee = (event: CalendarEvent, customerId: string) =>
  queue<null>(writeRequest(removeAttendeeWrite, { id: event.id, customerId }), null, event);

/** How each kind of write shows on the events until the server has it. */
const fold = (
  apply: (event: CalendarEvent | undefined, entry: OutboxEntry) => CalendarEvent | null | undefined,
): WriteFold<CalendarEvent> => ({
  collection: EVENTS_COLLECTION,
  apply(view, entry) {
    const id = String(entry.recordId);
    const next = apply(view.get(id), entry);
    if (next === null) view.remove(id);
    else if (next) view.set(id, next);
  },
});

const made: WriteFold<CalendarEvent> = {
  collection: EVENTS_COLLECTION,
  apply(view, entry) {
    const body = entry.body as EventCreate;
    if (!view.get(body.id)) view.add(body.id, newEvent(body, new Date(entry.createdAt)));
  },
};
const changed = fold((event, entry) =>
  event ? { ...event, ...(entry.body as EventPatch).changes } : undefined,
);
const removed = fold(() => null);
const attended = fold((event, entry) => {
  const { customer_id } = entry.body as Attendee;
  return event && !event.attendees.includes(customer_id)
    ? { ...event, attendees: [...event.attendees, customer_id] }
    : undefined;
});
const left = fold((event, entry) => {
  const { customerId } = paramsOf(entry);
  return event
    ? { ...event, attendees: event.attendees.filter((each) => each !== customerId) }
    : undefined;
});

/** The events as screens show them: the stored copy with the waiting writes laid over it. */
export const eventsShown = (
  stored: readonly CalendarEvent[],
  waiting: readonly OutboxEntry[],
): readonly CalendarEvent[] => foldPending(EVENTS_COLLECTION, stored, waiting, (event) => event.id);

const EventAnswerSchema = v.object({ event: CalendarEventSchema });
/** The server's copies stored; edits made here meanwhile build on the version it answered. */
async function storeAnswers(acknowledged: readonly { entry: OutboxEntry; answer: unknown }[]) {
  const answered = acknowledged.map(({ entry, answer }) => ({
    entry,
    record: v.parse(EventAnswerSchema, answer).event,
  }));
  await db.events.bulkPut(answered.map(({ record }) => record));
  await rebaseLaterEdits(editEventWrite, answered);
}

const answeredWith = {
  orderOf: ofEvent,
  acknowledge: (entry: OutboxEntry, answer: unknown) => storeAnswers([{ entry, answer }]),
  acknowledgeAll: storeAnswers,
  // Nothing stored to undo: each change was only ever shown through the fold.
  async revert() {},
};

export const eventHandlers = [
  defineWriteHandler<EventCreate, Label>({
    declaration: createEventWrite,
    fold: made,
    ...answeredWith,
    absorbUpdate: (body, update) => ({ ...body, ...(update as EventPatch).changes }),
    describe: (entry) => `Adding the event ${labelOf(entry)}`,
    failureNotice: notice('Could not add the event'),
  }),
  defineWriteHandler<EventPatch, Label>({
    declaration: editEventWrite,
    fold: changed,
    ...answeredWith,
    absorbUpdate: (body, update) => ({
      ...body,
      changes: { ...body.changes, ...(update as EventPatch).changes },
    }),
    describe: (entry) => `Changing the event ${labelOf(entry)}`,
    failureNotice: notice('Could not change the event'),
  }),
  defineWriteHandler<null, Label>({
    declaration: deleteEventWrite,
    fold: removed,
    orderOf: ofEvent,
    async acknowledge(entry) {
      await db.events.delete(String(entry.recordId));
    },
    async revert() {},
    describe: (entry) => `Deleting the event ${labelOf(entry)}`,
    failureNotice: notice('Could not delete the event'),
  }),
  defineWriteHandler<Attendee, Label>({
    declaration: addAttendeeWrite,
    fold: attended,
    ...answeredWith,
    describe: (entry) => `Adding a guest to ${labelOf(entry)}`,
    failureNotice: notice('Could not add a guest to'),
  }),
  defineWriteHandler<null, Label>({
    declaration: removeAttendeeWrite,
    fold: left,
    ...answeredWith,
    describe: (entry) => `Taking a guest off ${labelOf(entry)}`,
    failureNotice: notice('Could not take a guest off'),
  }),
];

let wanted = false;

export const eventsDeviceFeed = keptFeed({
  declaration: eventsFeed,
  wanted: () => wanted,
  held: () => db.events.count(),
  async store({ events, deleted }) {
    await db.events.bulkPut(events);
    await db.events.bulkDelete(deleted);
  },
});

/** The calendar is open: this device keeps the events, brought up to date. */
export function refreshEvents(): Promise<void> {
  wanted = true;
  return pullFeeds();
}
onForgetUser(() => {
  wanted = false;
});
