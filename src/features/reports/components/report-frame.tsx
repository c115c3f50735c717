import type { UseQueryResult } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { useCan } from '#data/hooks/use-permissions.ts';
import type { ReportData } from '#data/repositories/reports.ts';
import { useOnline } from '#data/sync/use-sync-status.ts';
import type { StatedFilter } from '#domains/reports/filters.ts';
import { comparisonRange, type DayRange } from '#domains/reports/period.ts';
import { asOfText, useNow } from '#ui/as-of.ts';
import { PageHeader } from '#ui/page-header.tsx';
import { PrintSheet, usePrinting } from '#ui/print-sheet.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { REPORTS_TEXT } from '../reports-text.ts';
import {
  DEFAULT_PERIOD,
  PeriodPicker,
  type PeriodSearch,
  periodText,
  rangeAsked,
  useShopToday,
} from './period-picker.tsx';

/** What every report of a period works from: who may see it, the days asked, the shop's today. */
export interface ReportOfPeriod {
  allowed: boolean;
  asked: PeriodSearch;
  onAsk: (next: PeriodSearch) => void;
  range: DayRange;
  /** The period compared with, when asked (comparisonRange). */
  compare: DayRange | null;
  today: string;
  problem: string | null;
}

export function useReportOfPeriod<S extends PeriodSearch>(
  asked: S,
  onAsk: (next: S) => void,
): ReportOfPeriod {
  const allowed = useCan('reports.view');
  const today = useShopToday();
  const { range, problem } = rangeAsked(asked, today);
  return {
    allowed,
    asked,
    onAsk: (next) => onAsk({ ...asked, ...next }),
    range,
    compare: asked.compare ? comparisonRange(asked.period ?? DEFAULT_PERIOD, range) : null,
    today,
    problem,
  };
}

/** The days shown, the days compared with, and the filters the report was narrowed by. */
function periodLine(period: ReportOfPeriod, report: { filters?: StatedFilter[] } | undefined) {
  const parts = [periodText(period.range)];
  if (period.compare) parts.push(REPORTS_TEXT.comparedWith(periodText(period.compare)));
  const filters = report?.filters ?? [];
  if (filters.length > 0) {
    parts.push(
      REPORTS_TEXT.filteredBy(filters.map((each) => `${each.label} ${each.value}`).join(', ')),
    );
  }
  return parts.join(' · ');
}

/**
 * A report of a period as its page shows it: the title with when it was worked out (and
 * whether that is current), the period, Print, and the report, its loading, its failure, or
 * that it was never viewed here offline. Managers and owners only.
 */
export function ReportFrame<T extends { as_of: string; filters?: StatedFilter[] }>({
  title,
  subtitle,
  period,
  query,
  controls,
  actions,
  children,
}: {
  title: string;
  subtitle: string;
  period: ReportOfPeriod;
  query: UseQueryResult<ReportData<T>>;
  /** The report's own choices, beside its period. */
  controls?: ReactNode;
  /** Its own buttons (an export), before Print. */
  actions?: (report: T | undefined) => ReactNode;
  /** The report itself, on the page and on the printed sheet. */
  children: (report: T) => ReactNode;
}) {
  const { allowed, asked, onAsk, range, today, problem } = period;
  const online = useOnline();
  const now = useNow(60_000);
  const printing = usePrinting();
  if (!allowed) {
    return (
      <>
        <PageHeader title={title} />
        <p className="card report__message">{REPORTS_TEXT.managersOnly}</p>
      </>
    );
  }
  const report = query.data?.report;
  const current = query.data?.live === true && online && !query.isError;
  let body: ReactNode;
  if (problem) {
    body = (
      <p className="card report__message" role="alert">
        {problem}
      </p>
    );
  } else if (report) {
    body = children(report);
  } else if (query.isPending && online) {
    body = <PageSpinner label={REPORTS_TEXT.loading} />;
  } else {
    body = (
      <p className="card report__message">
        {online ? REPORTS_TEXT.failed : REPORTS_TEXT.offlineNever}
      </p>
    );
  }
  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          report
            ? `${subtitle} · ${(current ? REPORTS_TEXT.updated : REPORTS_TEXT.stale)(asOfText(report.as_of, now))}`
            : subtitle
        }
      />
      <form className="card report__controls" onSubmit={(event) => event.preventDefault()}>
        <PeriodPicker asked={asked} range={range} today={today} onAsk={onAsk} />
        {controls}
        <div className="report__actions">
          {actions?.(report)}
          <button
            type="button"
            className="button button--secondary"
            disabled={!report}
            onClick={printing.print}
          >
            <Printer size={16} aria-hidden="true" />
            {REPORTS_TEXT.print}
          </button>
        </div>
      </form>
      <p className="report__period">{periodLine(period, report)}</p>
      {body}
      {printing.printing && report ? (
        <PrintSheet>
          <h1>{title}</h1>
          <p>
            {periodLine(period, report)} · {REPORTS_TEXT.updated(asOfText(report.as_of, now))}
          </p>
          {children(report)}
        </PrintSheet>
      ) : null}
    </>
  );
}
