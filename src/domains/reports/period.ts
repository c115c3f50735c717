import * as v from 'valibot';
import { addDays, addMonths, isRealDayText, monthStart, weekStart } from '#shared/moments.ts';

/**
 * A report's period: whole days of the shop's calendar, from and to inclusive (README,
 * "Reports"). The named periods are worked out from the shop's today; the comparison is the
 * period of the same length just before.
 */
export const REPORT_PERIODS = [
  'today',
  'this-week',
  'last-7',
  'last-30',
  'this-month',
  'this-quarter',
  'this-year',
  'custom',
] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const REPORT_PERIOD_LABELS: Readonly<Record<ReportPeriod, string>> = {
  today: 'Today',
  'this-week': 'This week',
  'last-7': 'Last 7 days',
  'last-30': 'Last 30 days',
  'this-month': 'This month',
  'this-quarter': 'This quarter',
  'this-year': 'This year',
  custom: 'Custom',
};

export interface DayRange {
  from: string;
  to: string;
}

/** At most this many days in one report (a year and a leap day). */
export const MAX_REPORT_DAYS = 366;

export const PERIOD_MESSAGES = {
  day: 'Choose a day as YYYY-MM-DD',
  order: 'The period ends before it starts',
  long: `A report covers at most ${MAX_REPORT_DAYS} days`,
  compare: 'Compare with a period of both a first and a last day, in order',
} as const;

/** A period's day as asked in a report's query (?from=…&to=…). */
export const ReportDaySchema = v.pipe(
  v.string(PERIOD_MESSAGES.day),
  v.check(isRealDayText, PERIOD_MESSAGES.day),
);

/** Whether a period is one a report covers: in order, at most MAX_REPORT_DAYS long. */
export const isRange = (range: DayRange) =>
  range.from <= range.to && daysIn(range) <= MAX_REPORT_DAYS;

/** How many days a range holds. */
export const daysIn = (range: DayRange) =>
  Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;

/** The days a named period covers, by the shop's today. */
export function periodRange(period: Exclude<ReportPeriod, 'custom'>, today: string): DayRange {
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case 'this-week':
      return { from: weekStart(today), to: today };
    case 'last-7':
      return { from: addDays(today, -6), to: today };
    case 'last-30':
      return { from: addDays(today, -29), to: today };
    case 'this-month':
      return { from: monthStart(today), to: today };
    case 'this-quarter': {
      const month = Number(today.slice(5, 7));
      const first = `${today.slice(0, 4)}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
      return { from: first, to: today };
    }
    case 'this-year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** The same day `months` earlier, on the month's last day when that month is shorter. */
function monthsBefore(day: string, months: number): string {
  const first = addMonths(monthStart(day), -months);
  const last = addDays(addMonths(first, 1), -1);
  const same = `${first.slice(0, 8)}${day.slice(8)}`;
  return same > last ? last : same;
}

const MONTHS_OF: Partial<Record<ReportPeriod, number>> = {
  'this-month': 1,
  'this-quarter': 3,
  'this-year': 12,
};

/**
 * The period a report is compared with: this month, quarter or year so far against the same
 * days of the month, quarter or year before; any other period against as many days just
 * before it.
 */
export function comparisonRange(period: ReportPeriod, range: DayRange): DayRange {
  const months = MONTHS_OF[period];
  if (months) return { from: monthsBefore(range.from, months), to: monthsBefore(range.to, months) };
  const length = daysIn(range);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/** A period asked in a report's query, ?from=…&to=…, with the report's own fields. */
export function rangeQuerySchema<const E extends v.ObjectEntries>(entries: E) {
  // The checks read only the period's fields, whatever else the report asks.
  const days = (asked: unknown) => asked as DayRange;
  return v.pipe(
    v.object({ from: ReportDaySchema, to: ReportDaySchema, ...entries }),
    v.check((asked) => days(asked).from <= days(asked).to, PERIOD_MESSAGES.order),
    v.check((asked) => daysIn(days(asked)) <= MAX_REPORT_DAYS, PERIOD_MESSAGES.long),
  );
}

/** A period alone (the GST summary's query). */
export const RangeQuerySchema = rangeQuerySchema({});

/**
 * A report's query of a period and the period to compare it with (?compare_from&compare_to,
 * both or neither: the device works it out, comparisonRange), with the report's own fields.
 */
export function comparedQuerySchema<const E extends v.ObjectEntries>(entries: E) {
  // The checks read only the period's fields, whatever else the report asks.
  const days = (asked: unknown) =>
    asked as { from: string; to: string; compare_from?: string; compare_to?: string };
  return v.pipe(
    v.object({
      from: ReportDaySchema,
      to: ReportDaySchema,
      compare_from: v.optional(ReportDaySchema),
      compare_to: v.optional(ReportDaySchema),
      ...entries,
    }),
    v.check((asked) => days(asked).from <= days(asked).to, PERIOD_MESSAGES.order),
    v.check((asked) => daysIn(days(asked)) <= MAX_REPORT_DAYS, PERIOD_MESSAGES.long),
    v.check((asked) => {
      const { compare_from, compare_to } = days(asked);
      return compare_from === undefined
        ? compare_to === undefined
        : compare_to !== undefined && isRange({ from: compare_from, to: compare_to });
    }, PERIOD_MESSAGES.compare),
  );
}

/** The period compared with, as a query asked it. */
export const comparedOf = (asked: { compare_from?: string; compare_to?: string }) =>
  asked.compare_from && asked.compare_to
    ? { from: asked.compare_from, to: asked.compare_to }
    : null;
