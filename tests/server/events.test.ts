import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '#domains/customers/customer.ts';
import { type CalendarEvent, EVENT_MESSAGES } from '#domains/events/event.ts';
import { shopsWithStaff } from './helpers/sales.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Calendar events on the server: made once by the device's id, moved and renamed on two
 * tablets at once (field by field), who is coming added one at a time within the capacity,
 * deleted, staff allowed, one business never seeing another's, and the pull.
 */
describe('calendar events', () => {
  let server: TestServer;
  let owner: string;
  let other: string;
  let staff: string;
  const people: Customer[] = [];

  const send = (method: string, path: string, body: unknown, token = owner) =>
    server.call(method, `/api/v1${path}`, {
      token,
      headers: { 'Idempotency-Key': randomUUID() },
      body,
    });
  const eventOf = (response: { body: unknown }) =>
    (response.body as { event: CalendarEvent }).event;
  const tasting = (fields: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    title: 'Barossa Shiraz tasting',
    day: '2026-12-10',
    starts_at: '18:30',
    ends_at: '20:00',
    capacity: 2,
    ...fields,
  });
  const pull = async (cursor: number, token = owner) =>
    (
      (await server.call('GET', `/api/v1/changes?events=${cursor}`, { token })).body as {
        events: { cursor: number; events: CalendarEvent[]; deleted: string[] };
      }
    ).events;

  beforeAll(async () => {
    server = await createTestServer();
    ({ token: owner, otherToken: other, staffToken: staff } = await shopsWithStaff(server));
    for (const name of ['Margaret Chen', 'Tom Okafor', 'Priya Natarajan']) {
      const made = await send('POST', '/customers', { id: randomUUID(), name });
      people.push((made.body as { customer: Customer }).customer);
    }
  });
  afterAll(() => server.close());

  it('makes an event once however often it is sent, and refuses what cannot be one', async () => {
    const body = tasting();
    const first = await send('POST', '/events', body, staff);
    expect(first.status).toBe(201);
    expect(eventOf(first)).toMatchObject({
      title: 'Barossa Shiraz tasting',
      capacity: 2,
      version: 1,
    });
    expect((await send('POST', '/events', body, staff)).status).toBe(200);
    expect((await send('POST', '/events', { ...body, title: 'Other' }, other)).status).toBe(409);
    for (const [fields, message] of [
      [{ title: '  ' }, EVENT_MESSAGES.title],
      [{ starts_at: '25:00' }, EVENT_MESSAGES.time],
      [{ ends_at: '17:00' }, EVENT_MESSAGES.endBeforeStart],
      [{ capacity: 0 }, EVENT_MESSAGES.capacity],
      [{ capacity: 2.5 }, EVENT_MESSAGES.capacity],
    ] as const) {
      const refused = await send('POST', '/events', tasting(fields));
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect((refused.body as { message: string }).message).toBe(message);
    }
  });

  it('moves an event on one tablet and renames it on another: both stand', async () => {
    const made = eventOf(await send('POST', '/events', tasting()));
    const path = `/events/${made.id}`;
    const moved = await send('PATCH', path, {
      base_version: 1,
      changes: { day: '2026-12-11', starts_at: '19:00' },
    });
    expect(moved.status).toBe(200);
    const renamed = await send('PATCH', path, {
      base_version: 1,
      changes: { title: 'Grenache masterclass' },
    });
    expect(eventOf(renamed)).toMatchObject({
      title: 'Grenache masterclass',
      day: '2026-12-11',
      starts_at: '19:00',
      version: 3,
    });
    // The same field changed on both from version 1: the second is a conflict to settle.
    const clash = await send('PATCH', path, { base_version: 1, changes: { day: '2026-12-12' } });
    expect(clash.status).toBe(409);
    // An end before the start the event has now is refused, though the edit alone looks fine.
    const early = await send('PATCH', path, { base_version: 3, changes: { ends_at: '18:00' } });
    expect(early.status).toBe(422);
    expect(early.body).toEqual({ message: EVENT_MESSAGES.endBeforeStart });
  });

  it('takes who is coming one at a time, within the capacity, and lets them off again', async () => {
    const made = eventOf(await send('POST', '/events', tasting()));
    const attend = (customer: Customer, token = owner) =>
      send('POST', `/events/${made.id}/attendees`, { customer_id: customer.id }, token);
    const [margaret, tom, priya] = people as [Customer, Customer, Customer];
    expect((await attend(margaret, staff)).status).toBe(200);
    // Two tablets adding two people from the same version: both count.
    expect(eventOf(await attend(tom)).attendees).toEqual([margaret.id, tom.id]);
    // Added again: nothing changes.
    expect(eventOf(await attend(tom)).attendees).toEqual([margaret.id, tom.id]);
    const full = await attend(priya);
    expect(full.status).toBe(422);
    expect(full.body).toEqual({ message: EVENT_MESSAGES.full(2) });
    // Fewer places than are coming: refused.
    const smaller = await send('PATCH', `/events/${made.id}`, {
      base_version: 1,
      changes: { capacity: 1 },
    });
    expect(smaller.body).toEqual({ message: EVENT_MESSAGES.belowComing(2) });
    const left = await send('DELETE', `/events/${made.id}/attendees/${tom.id}`, undefined);
    expect(eventOf(left).attendees).toEqual([margaret.id]);
    expect((await attend(priya)).status).toBe(200);
    // Another shop's customer, or another shop's event: not found.
    const stranger = await send(
      'POST',
      '/customers',
      { id: randomUUID(), name: 'Elsewhere' },
      other,
    );
    const theirs = (stranger.body as { customer: Customer }).customer;
    expect((await attend(theirs)).body).toEqual({ message: EVENT_MESSAGES.unknownCustomer });
    expect((await attend(margaret, other)).status).toBe(404);
  });

  it('tells every device of events made, changed and deleted, each business its own', async () => {
    const whole = await pull(0);
    const made = eventOf(await send('POST', '/events', tasting({ title: 'Champagne evening' })));
    const since = await pull(whole.cursor);
    expect(since.events.map((event) => event.title)).toEqual(['Champagne evening']);
    expect((await send('DELETE', `/events/${made.id}`, undefined)).status).toBe(204);
    // Deleted again (another device did too): done already.
    expect((await send('DELETE', `/events/${made.id}`, undefined)).status).toBe(204);
    const gone = await pull(since.cursor);
    expect(gone).toMatchObject({ events: [], deleted: [made.id] });
    expect((await pull(0, other)).events.map((event) => event.title)).not.toContain(
      'Champagne evening',
    );
  });
});
