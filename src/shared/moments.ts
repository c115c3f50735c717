import * as v from 'valibot';

/**
 * Dates and times sent to the server, checked to be real calendar moments before anything reads
 * them. `new Date('2026-02-30T00:00:00Z')` quietly means 2 March, and PostgreSQL refuses year 0
 * (there is none) with an error of its own: both must be refused at the door, in words. A moment
 * is an ISO 8601 date and time with its offset ('2026-11-28T09:30:00.000Z', '…+11:00') whose
 * date exists, in the years Vintry's records can hold (2000–2099).
 */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2099;
/** How far a fact's device time may stray from the shop's life and the server's clock. */
export const DAY_MS = 24 * 60 * 60 * 1000;

export const MOMENT_MESSAGES = {
  moment: (field: string) => `${field} must be a date and time such as 2026-11-28T09:30:00Z`,
  day: (field: string) => `${field} must be a day such as 2026-11-28`,
  outside: (field: string, from: string, to: string) =>
    `${field} must fall between ${from} and ${to}: the shop's first day and tomorrow`,
} as const;

const MOMENT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Whether year, month and day name a day that exists, in the years records can hold. */
function isRealDay(year: number, month: number, day: number): boolean {
  return (
    year >= FIRST_YEAR &&
    year <= LAST_YEAR &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

export function isRealMoment(text: string): boolean {
  const match = MOMENT.exec(text);
  if (!match) return false;
  const [, year, month, day, hour, minute, second, , offsetHours, offsetMinutes] = match;
  return (
    isRealDay(Number(year), Number(month), Number(day)) &&
    Number(hour) <= 23 &&
    Number(minute) <= 59 &&
    Number(second ?? 0) <= 59 &&
    Number(offsetHours ?? 0) <= 14 &&
    Number(offsetMinutes ?? 0) <= 59
  );
}

export function isRealDayText(text: string): boolean {
  const match = DAY.exec(text);
  return match !== null && isRealDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** A real moment, as its text (Date reads it exactly). */
export const momentSchema = (field: string) => {
  const message = MOMENT_MESSAGES.moment(field);
  return v.pipe(v.string(message), v.maxLength(40, message), v.check(isRealMoment, message));
};

/** A real day, 'YYYY-MM-DD'. */
export const daySchema = (field: string) => {
  const message = MOMENT_MESSAGES.day(field);
  return v.pipe(v.string(message), v.maxLength(10, message), v.check(isRealDayText, message));
};

/**
 * Why a fact made on a device (a sale, a return, a movement) cannot have happened when it says,
 * or null: before the day before the shop began, or more than a day ahead of the server's clock
 * (a tablet's clock may be off by hours, never by days).
 */
export function momentOutsideLife(
  field: string,
  moment: string,
  life: { since: Date; now: Date },
): string | null {
  const at = Date.parse(moment);
  const from = new Date(life.since.getTime() - DAY_MS);
  const to = new Date(life.now.getTime() + DAY_MS);
  if (at >= from.getTime() && at <= to.getTime()) return null;
  return MOMENT_MESSAGES.outside(field, from.toISOString(), to.toISOString());
}

/** The day `days` after (or before) a day: '2026-12-31' and 1 make '2027-01-01'. */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** 0 for Monday … 6 for Sunday. */
export const weekdayOf = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

/** The Monday of the week a day is in. */
export const weekStart = (day: string) => addDays(day, -weekdayOf(day));

/** The first day of a day's month. */
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** The first day of the month `months` after (or before) a month's first day. */
export function addMonths(first: string, months: number): string {
  const at = new Date(`${first}T00:00:00Z`);
  at.setUTCMonth(at.getUTCMonth() + months);
  return at.toISOString().slice(0, 10);
}

/**
 * The day (YYYY-MM-DD) a moment falls on by the calendar of `timeZone` (an IANA zone): a shop's
 * day ends at its own midnight wherever the clock reading it is set. Undefined for a zone this
 * runtime does not know.
 */
export function dayInZone(at: Date, timeZone: string): string | undefined {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(at);
  } catch {
    return undefined;
  }
}

/** How far a zone's clocks are ahead of UTC at a moment, in milliseconds. */
function offsetAt(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((each) => each.type === type)?.value ?? 0);
  const read = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return read - Math.floor(at / 1000) * 1000;
}

/**
 * The moment a day of a zone's calendar begins: its midnight there, read as PostgreSQL reads
 * `day::timestamp at time zone zone` (a midnight the clocks skip takes the offset before the
 * jump, a midnight they pass twice the offset after it). Worked out once here so a query over
 * a year of rows compares each with a constant instead of converting the bound on every row.
 * Throws for a zone this runtime does not know (a saved zone is checked when it is saved).
 */
export function dayStartIn(day: string, timeZone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // Offsets change at most once around a midnight: the one before and the one after.
  const before = offsetAt(midnight - 1.5 * DAY_MS, timeZone);
  const after = offsetAt(midnight + 1.5 * DAY_MS, timeZone);
  const startsAt = (offset: number) => {
    const at = midnight - offset;
    return at + offsetAt(at, timeZone) === midnight ? at : null;
  };
  if (before === after) return new Date(midnight - before);
  return new Date(startsAt(after) ?? startsAt(before) ?? midnight - before);
}
