import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import type { CalendarEvent } from '#domains/events/event.ts';
import { db } from '../db.ts';
import { EVENTS_RESOURCE, eventsShown, refreshEvents } from '../repositories/events.ts';

/**
 * The business's calendar events as this device shows them (the server's copy with the changes
 * made here laid over it); undefined while reading. Opening the calendar makes this device keep
 * them, and brings them up to date.
 */
export function useEvents(): readonly CalendarEvent[] | undefined {
  useEffect(() => {
    void refreshEvents().catch(() => {});
  }, []);
  return useLiveQuery(async () => {
    const [stored, waiting] = await Promise.all([
      db.events.toArray(),
      db.outbox.where('resource').equals(EVENTS_RESOURCE).sortBy('seq'),
    ]);
    return eventsShown(stored, waiting);
  }, []);
}
