import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  type CalendarEvent,
  comingText,
  EVENT_MESSAGES,
  EventCreateSchema,
  EventPatchSchema,
  eventsByDay,
  eventTimeText,
  hasRoom,
  newEvent,
} from '#domains/events/event.ts';

const event = (fields: Partial<CalendarEvent> & Pick<CalendarEvent, 'id' | 'day'>) => ({
  ...newEvent(
    { id: fields.id, title: 'Tasting', day: fields.day, starts_at: '18:00' },
    new Date('2026-11-30T00:00:00Z'),
  ),
  ...fields,
});

describe('calendar events', () => {
  it('lists each day’s events by start, within the days shown', () => {
    const late = event({ id: 'a', day: '2026-12-10', starts_at: '19:00', title: 'Masterclass' });
    const early = event({ id: 'b', day: '2026-12-10', starts_at: '17:30', title: 'Tasting' });
    const other = event({ id: 'c', day: '2026-12-11' });
    const outside = event({ id: 'd', day: '2027-01-02' });
    const days = eventsByDay([late, early, other, outside], '2026-12-01', '2026-12-31');
    expect(days.get('2026-12-10')?.map((each) => each.id)).toEqual(['b', 'a']);
    expect(days.get('2026-12-11')?.map((each) => each.id)).toEqual(['c']);
    expect(days.has('2027-01-02')).toBe(false);
  });

  it('has room until its places are taken; without places, always', () => {
    expect(hasRoom({ capacity: 2, attendees: ['x'] })).toBe(true);
    expect(hasRoom({ capacity: 2, attendees: ['x', 'y'] })).toBe(false);
    expect(hasRoom({ capacity: null, attendees: ['x', 'y', 'z'] })).toBe(true);
    expect(comingText({ capacity: 20, attendees: ['x'] })).toBe('1 of 20 coming');
    expect(comingText({ capacity: null, attendees: [] })).toBe('0 coming');
    expect(eventTimeText({ starts_at: '18:30', ends_at: '20:00' })).toBe('6:30 PM – 8:00 PM');
    expect(eventTimeText({ starts_at: '12:00', ends_at: null })).toBe('12:00 PM');
  });

  it('ends after it starts, on a made event and on an edit of both times', () => {
    const base = { id: crypto.randomUUID(), title: 'Tasting', day: '2026-12-10' };
    const made = v.safeParse(EventCreateSchema, { ...base, starts_at: '18:00', ends_at: '18:00' });
    expect(made.success ? null : made.issues[0].message).toBe(EVENT_MESSAGES.endBeforeStart);
    expect(
      v.safeParse(EventCreateSchema, { ...base, starts_at: '18:00', ends_at: '' }).success,
    ).toBe(true);
    const edit = v.safeParse(EventPatchSchema, {
      base_version: 1,
      changes: { starts_at: '20:00', ends_at: '19:00' },
    });
    expect(edit.success ? null : edit.issues[0].message).toBe(EVENT_MESSAGES.endBeforeStart);
  });
});
