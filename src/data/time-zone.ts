import { dayInZone } from '#shared/moments.ts';

/** This device's time zone: the shop's until the owner saves one in Business Profile. */
export const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The day (YYYY-MM-DD) a moment falls on by this device's calendar. */
export function localDay(at: Date): string {
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/**
 * The day (YYYY-MM-DD) a moment falls on by the calendar of `timeZone` (the shop's, from its
 * Business Profile), else by this device's: a shop's day ends at its own midnight wherever the
 * tablet's clock is set.
 */
export function dayIn(at: Date, timeZone: string | undefined): string {
  return (timeZone && dayInZone(at, timeZone)) || localDay(at);
}
