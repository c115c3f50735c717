/**
 * IANA time zones ('Australia/Sydney'), as this runtime knows them. A shop's days end at its own
 * midnight: receipts, 'today' and every figure by day or month are in its zone.
 */
let known: ReadonlySet<string> | undefined;

export function timeZones(): ReadonlySet<string> {
  known ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return known;
}

export function isTimeZone(text: string): boolean {
  return timeZones().has(text);
}
