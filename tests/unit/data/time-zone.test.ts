import { describe, expect, it } from 'vitest';
import { dayIn, localDay } from '#data/time-zone.ts';

describe("the shop's day", () => {
  it("counts a moment on the shop's calendar, not the device's", () => {
    // 14:30 UTC on 1 March is 01:30 on 2 March in Hobart and 06:30 on 1 March in Los Angeles.
    const moment = new Date('2026-03-01T14:30:00Z');
    expect(dayIn(moment, 'Australia/Hobart')).toBe('2026-03-02');
    expect(dayIn(moment, 'America/Los_Angeles')).toBe('2026-03-01');
    expect(dayIn(new Date('2026-03-01T23:59:59Z'), 'UTC')).toBe('2026-03-01');
  });

  it("takes the device's calendar when the shop has no zone, or one this browser does not know", () => {
    const moment = new Date('2026-03-01T14:30:00Z');
    expect(dayIn(moment, '')).toBe(localDay(moment));
    expect(dayIn(moment, 'Mars/Olympus_Mons')).toBe(localDay(moment));
  });
});
