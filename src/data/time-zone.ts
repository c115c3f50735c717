/** This device's time zone, sent with figures by day or month: a shop's day ends at its own midnight. */
export const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
