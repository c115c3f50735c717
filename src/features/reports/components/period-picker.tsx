import { useSignedInUser } from '#data/hooks/use-permissions.ts';
import { useStoredPaymentSettings } from '#data/hooks/use-stored.ts';
import { dayIn } from '#data/time-zone.ts';
import {
  type DayRange,
  daysIn,
  MAX_REPORT_DAYS,
  PERIOD_MESSAGES,
  periodRange,
  REPORT_PERIOD_LABELS,
  REPORT_PERIODS,
  type ReportPeriod,
} from '#domains/reports/period.ts';
import { REPORTS_TEXT } from '../reports-text.ts';

/** A report's period as its address says it: ?period=…&from=…&to=… */
export interface PeriodSearch {
  period?: ReportPeriod;
  from?: string;
  to?: string;
  /** Whether the period before is set beside it. */
  compare?: boolean;
}

export const DEFAULT_PERIOD: ReportPeriod = 'this-month';

/** The shop's today (its time zone from Business Profile, else this device's). */
export function useShopToday(): string {
  const user = useSignedInUser();
  const shop = useStoredPaymentSettings(user?.businessId)?.shop;
  return dayIn(new Date(), shop?.time_zone || undefined);
}

/** The days asked: a named period by the shop's today, or the custom days when they make one. */
export function rangeAsked(
  asked: PeriodSearch,
  today: string,
): { range: DayRange; problem: string | null } {
  const period = asked.period ?? DEFAULT_PERIOD;
  if (period !== 'custom') return { range: periodRange(period, today), problem: null };
  const range = { from: asked.from ?? today, to: asked.to ?? today };
  if (range.from > range.to) return { range, problem: PERIOD_MESSAGES.order };
  if (daysIn(range) > MAX_REPORT_DAYS) return { range, problem: PERIOD_MESSAGES.long };
  return { range, problem: null };
}

export const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });

export const periodText = (range: DayRange) =>
  range.to === range.from ? dayText(range.from) : `${dayText(range.from)} – ${dayText(range.to)}`;

/** The Period choice, the From and To days of a custom one, and whether to compare. */
export function PeriodPicker({
  asked,
  range,
  today,
  onAsk,
}: {
  asked: PeriodSearch;
  range: DayRange;
  today: string;
  onAsk: (next: PeriodSearch) => void;
}) {
  const period = asked.period ?? DEFAULT_PERIOD;
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor="report-period">
          {REPORTS_TEXT.period}
        </label>
        <select
          id="report-period"
          className="field__input"
          value={period}
          onChange={(event) => {
            const next = event.target.value as ReportPeriod;
            onAsk(
              next === 'custom'
                ? { period: next, from: range.from, to: range.to }
                : { period: next, from: undefined, to: undefined },
            );
          }}
        >
          {REPORT_PERIODS.map((each) => (
            <option key={each} value={each}>
              {REPORT_PERIOD_LABELS[each]}
            </option>
          ))}
        </select>
      </div>
      {period === 'custom' ? (
        <>
          <div className="field">
            <label className="field__label" htmlFor="report-from">
              {REPORTS_TEXT.from}
            </label>
            <input
              id="report-from"
              className="field__input"
              type="date"
              value={range.from}
              max={today}
              onChange={(event) =>
                event.target.value && onAsk({ ...asked, from: event.target.value })
              }
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="report-to">
              {REPORTS_TEXT.to}
            </label>
            <input
              id="report-to"
              className="field__input"
              type="date"
              value={range.to}
              onChange={(event) =>
                event.target.value && onAsk({ ...asked, to: event.target.value })
              }
            />
          </div>
        </>
      ) : null}
      <label className="report__compare">
        <input
          type="checkbox"
          checked={asked.compare ?? false}
          onChange={(event) => onAsk({ ...asked, compare: event.target.checked || undefined })}
        />
        {REPORTS_TEXT.compare}
      </label>
    </>
  );
}
