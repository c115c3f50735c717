/** This device's time zone, sent with figures by day or month: a shop's day ends at its own midnight. */
/** The day (YYYY-MM-DD) a moment falls on by this device's calendar. */
export function localDay(at: Date): string {
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

export const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
