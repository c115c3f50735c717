import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  daySchema,
  isRealDayText,
  isRealMoment,
  MOMENT_MESSAGES,
  momentOutsideLife,
  momentSchema,
} from '#shared/moments.ts';

describe('moments at the door', () => {
  it('takes real dates and times with their offset', () => {
    for (const text of [
      '2026-11-28T09:30:00Z',
      '2026-11-28T09:30:00.123Z',
      '2026-11-28T09:30Z',
      '2024-02-29T23:59:59+11:00',
      '2026-11-28T00:00:00-03:30',
    ]) {
      expect(isRealMoment(text), text).toBe(true);
    }
  });

  it('refuses days that do not exist, year 0, times past 23:59 and texts that are no moment', () => {
    for (const text of [
      '2026-02-30T00:00:00Z',
      '2025-02-29T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '0000-01-01T00:00:00Z',
      '1999-12-31T23:59:59Z',
      '2100-01-01T00:00:00Z',
      '2026-11-28T24:00:00Z',
      '2026-11-28T09:60:00Z',
      '2026-11-28 09:30:00Z',
      '2026-11-28T09:30:00',
      '2026-11-28T09:30:00+15:00',
      '+275760-09-13T00:00:00Z',
      'yesterday',
    ]) {
      expect(isRealMoment(text), text).toBe(false);
    }
    expect(v.safeParse(momentSchema('made_at'), '2026-02-30T00:00:00Z').issues?.[0]?.message).toBe(
      MOMENT_MESSAGES.moment('made_at'),
    );
  });

  it('takes real days only', () => {
    expect(isRealDayText('2026-11-28')).toBe(true);
    expect(isRealDayText('2024-02-29')).toBe(true);
    for (const text of ['2026-02-30', '0000-01-01', '2026-13-01', '2026-1-01', '']) {
      expect(isRealDayText(text), text).toBe(false);
    }
    expect(v.safeParse(daySchema('date'), '2026-02-30').success).toBe(false);
  });

  it('places a fact in the shop’s life: from the day before it began to a day ahead', () => {
    const life = { since: new Date('2026-01-10T00:00:00Z'), now: new Date('2026-11-28T00:00:00Z') };
    expect(momentOutsideLife('made_at', '2026-01-09T00:00:00Z', life)).toBeNull();
    expect(momentOutsideLife('made_at', '2026-11-29T00:00:00Z', life)).toBeNull();
    const early = new Date(life.since.getTime() - DAY_MS - 1).toISOString();
    expect(momentOutsideLife('made_at', early, life)).toBe(
      MOMENT_MESSAGES.outside('made_at', '2026-01-09T00:00:00.000Z', '2026-11-29T00:00:00.000Z'),
    );
    expect(momentOutsideLife('made_at', '2026-11-29T00:00:01Z', life)).not.toBeNull();
  });
});
