import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '#data/db.ts';
import {
  addAttendee,
  addEvent,
  deleteEvent,
  EVENTS_RESOURCE,
  editEvent,
  eventsShown,
  removeAttendee,
} from '#data/repositories/events.ts';
import { requestReplay, resumeReplay } from '#data/sync/replayer.ts';
import { newEvent } from '#domains/events/event.ts';
import { mockServer } from '../../mocks/server.ts';
import { clearLocalData } from '../helpers/local-data.ts';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

// Offline: everything waits in the outbox, as the tablet leaves it.
beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await requestReplay();
  await clearLocalData();
  resumeReplay();
});

const shown = async () =>
  eventsShown(
    await db.events.toArray(),
    await db.outbox.where('resource').equals(EVENTS_RESOURCE).sortBy('seq'),
  );

describe('calendar events made and changed offline', () => {
  it('shows a new event moved and its guests at once, and sends one create of it as last changed', async () => {
    const made = await addEvent({
      title: 'Barossa tasting',
      day: '2026-12-10',
      starts_at: '18:30',
    });
    await editEvent(made, { day: '2026-12-11' });
    expect((await shown()).map((event) => [event.title, event.day])).toEqual([
      ['Barossa tasting', '2026-12-11'],
    ]);
    const waiting = await db.outbox.where('resource').equals(EVENTS_RESOURCE).toArray();
    expect(waiting.map((entry) => [entry.method, entry.body])).toEqual([
      ['POST', expect.objectContaining({ id: made.id, day: '2026-12-11' })],
    ]);
  });

  it('adds and takes off guests one at a time over the stored event, and deletes it', async () => {
    const stored = {
      ...newEvent(
        {
          id: crypto.randomUUID(),
          title: 'Champagne evening',
          day: '2026-12-12',
          starts_at: '19:00',
        },
        new Date(),
      ),
      attendees: ['margaret'],
      version: 3,
    };
    await db.events.put(stored);
    await addAttendee(stored, 'tom');
    await addAttendee(stored, 'priya');
    await removeAttendee(stored, 'margaret');
    expect((await shown())[0]?.attendees).toEqual(['tom', 'priya']);
    // Each stands on its own: three writes, none merged into another.
    expect(await db.outbox.where('resource').equals(EVENTS_RESOURCE).count()).toBe(3);
    await deleteEvent(stored);
    expect(await shown()).toEqual([]);
  });
});
