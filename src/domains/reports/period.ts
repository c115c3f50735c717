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
} as const;

/** A period's day as asked in a report's query (?from=…&to=…). */
export const ReportDaySchema = v.pipe(
  v.string(PERIOD_MESSAGES.day),
  v.check(isRealDayText, PERIOD_MESSAGES.day),
);

/** What a period asked must be: in order, and at most MAX_REPORT_DAYS long. */
export const rangeChecks = <T extends DayRange>() =>
  [
    v.check<T, string>((range) => range.from <= range.to, PERIOD_MESSAGES.order),
    v.check<T, string>((range) => daysIn(range) <= MAX_REPORT_DAYS, PERIOD_MESSAGES.long),
  ] as const;

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

/**
 * The period a report is compared with: as long, just before it. A period that starts on a
 * month's first day and runs whole months (or up to today within its last month) is compared
 * with as many months before it, so this month so far meets last month's same days.
 */
export function previousRange(range: DayRange): DayRange {
  if (range.from === monthStart(range.from)) {
    const months =
      (Number(range.to.slice(0, 4)) - Number(range.from.slice(0, 4))) * 12 +
      Number(range.to.slice(5, 7)) -
      Number(range.from.slice(5, 7)) +
      1;
    const from = addMonths(range.from, -months);
    const length = daysIn(range);
    const to = addDays(from, length - 1);
    const end = addDays(range.from, -1);
    return { from, to: to > end ? end : to };
  }
  const length = daysIn(range);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}
