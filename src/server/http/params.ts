import * as v from 'valibot';
import { isTimeZone } from '#shared/time-zones.ts';
import { HttpError, MESSAGES } from './errors.ts';

/** A serial id in a path (`/products/{id}`): digits only, small enough for an integer column. */
export const SerialIdSchema = v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number));

const UuidSchema = v.pipe(v.string(), v.uuid());

/** The serial id a path names, or 404 {message} when the segment cannot be one. */
export function serialIdParam(text: string, message: string = MESSAGES.notFound): number {
  const id = serialIdOf(text);
  if (id === null) throw new HttpError(404, message);
  return id;
}

/** The serial id a path segment names, or null when it cannot be one. */
export function serialIdOf(text: string): number | null {
  const id = v.safeParse(SerialIdSchema, text);
  return id.success ? id.output : null;
}

/** The UUID a path names, or 404 {message} when the segment cannot be one. */
export function uuidParam(text: string, message: string = MESSAGES.notFound): string {
  const id = uuidOf(text);
  if (id === null) throw new HttpError(404, message);
  return id;
}

/** The UUID a path segment names, or null when it cannot be one. */
export function uuidOf(text: string): string | null {
  const id = v.safeParse(UuidSchema, text);
  return id.success ? id.output : null;
}

export const TIME_ZONE_MESSAGE = 'tz must be a time zone such as Australia/Sydney';

/** `?tz=` of a figure by days or months: an IANA zone (UTC when absent), else 400 {message}. */
export function timeZoneParam(text: string | undefined): string {
  const timeZone = text ?? 'UTC';
  if (!isTimeZone(timeZone)) throw new HttpError(400, TIME_ZONE_MESSAGE);
  return timeZone;
}
