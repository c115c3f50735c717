import { Hono } from 'hono';
import { EVENT_MESSAGES } from '#domains/events/event.ts';
import {
  addAttendeeWrite,
  createEventWrite,
  deleteEventWrite,
  editEventWrite,
  removeAttendeeWrite,
} from '#domains/events/writes.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError } from '../http/errors.ts';
import { uuidParam } from '../http/params.ts';
import type { WriteRoutes } from '../http/write-routes.ts';
import {
  addAttendee,
  createEvent,
  deleteEvent,
  type EventOutcome,
  listEvents,
  patchEvent,
  removeAttendee,
} from './events.ts';

/**
 * Calendar events (#domains/events/event.ts):
 * - GET /events → {events};
 * - POST /events {id, title, day, starts_at, …} → 201 {event} (the same again → 200; an id of
 *   another event → 409);
 * - PATCH /events/{id} {base_version, changes} → 200 {event}; 409 {message, conflicts, current}
 *   for a field changed since to another value; 422 when it would end before it starts or hold
 *   fewer than are coming;
 * - DELETE /events/{id} → 204 (gone already: 204 too);
 * - POST /events/{id}/attendees {customer_id} → 200 {event}; 422 when full or not a customer of
 *   the shop;
 * - DELETE /events/{id}/attendees/{customerId} → 200 {event}.
 * Another business's event is 404.
 */
export function eventRoutes(deps: Deps, writes: WriteRoutes) {
  const app = new Hono<AppEnv>();
  const context = (caller: { businessId: string; userId: string }) => ({
    businessId: caller.businessId,
    userId: caller.userId,
    now: deps.now(),
  });
  const answer = (outcome: EventOutcome) => {
    switch (outcome.status) {
      case 'missing':
        throw new HttpError(404, EVENT_MESSAGES.notFound);
      case 'taken':
        throw new HttpError(409, EVENT_MESSAGES.idTaken);
      case 'refused':
        throw new HttpError(422, outcome.message);
      case 'conflict':
        throw new HttpError(409, EVENT_MESSAGES.conflict, {
          extra: { conflicts: outcome.conflicts, current: outcome.event },
        });
      default:
        return { body: { event: outcome.event }, status: outcome.status === 'created' ? 201 : 200 };
    }
  };

  app.get('/', async (c) =>
    c.json({ events: await listEvents(c.var.db, c.get('caller').businessId) }),
  );

  writes.add(createEventWrite, async (c, create) => {
    const { body, status } = answer(await createEvent(c.var.db, context(c.get('caller')), create));
    return c.json(body, status as 200 | 201);
  });

  writes.add(editEventWrite, async (c, { base_version, changes }, params) => {
    const id = uuidParam(params.id, EVENT_MESSAGES.notFound);
    const outcome = await patchEvent(c.var.db, context(c.get('caller')), id, base_version, changes);
    return c.json(answer(outcome).body);
  });

  writes.add(deleteEventWrite, async (c, _body, params) => {
    const id = uuidParam(params.id, EVENT_MESSAGES.notFound);
    await deleteEvent(c.var.db, context(c.get('caller')), id);
    return c.body(null, 204);
  });

  writes.add(addAttendeeWrite, async (c, { customer_id }, params) => {
    const id = uuidParam(params.id, EVENT_MESSAGES.notFound);
    const outcome = await addAttendee(c.var.db, context(c.get('caller')), id, customer_id);
    return c.json(answer(outcome).body);
  });

  writes.add(removeAttendeeWrite, async (c, _body, params) => {
    const id = uuidParam(params.id, EVENT_MESSAGES.notFound);
    const customerId = uuidParam(params.customerId, EVENT_MESSAGES.unknownCustomer);
    const outcome = await removeAttendee(c.var.db, context(c.get('caller')), id, customerId);
    return c.json(answer(outcome).body);
  });

  return app;
}
