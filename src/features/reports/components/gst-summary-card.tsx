import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { gstSummaryQuery } from '#data/repositories/reports.ts';
import { gstNetOf, gstSummaryCsv } from '#domains/reports/gst-summary.ts';
import type { DayRange } from '#domains/reports/period.ts';
import { formatCents } from '#domains/sales/money.ts';
import { downloadText } from '#ui/download.ts';
import { REPORTS_TEXT } from '../reports-text.ts';

/**
 * The GST summary of the report's period, for the bookkeeper's business activity statement:
 * GST collected on sales, GST paid on the deliveries posted, what is owed or refunded.
 */
export function GstSummaryCard({ range }: { range: DayRange }) {
  const query = useQuery(gstSummaryQuery(range));
  const summary = query.data?.report;
  const net = summary ? gstNetOf(summary) : 0;
  return (
    <section className="card report__gst" aria-labelledby="gst-summary">
      <div className="report__gst-head">
        <h2 id="gst-summary">{REPORTS_TEXT.gstTitle}</h2>
        <button
          type="button"
          className="button button--secondary button--small"
          aria-label={REPORTS_TEXT.gstExport}
          disabled={!summary}
          onClick={() =>
            summary &&
            downloadText(
              `gst-summary-${summary.range.from}-to-${summary.range.to}.csv`,
              gstSummaryCsv(summary),
            )
          }
        >
          <Download size={16} aria-hidden="true" />
          {REPORTS_TEXT.exportCsv}
        </button>
      </div>
      {summary ? (
        <>
          <dl className="facts">
            <div className="facts__row">
              <dt>{REPORTS_TEXT.gstCollected}</dt>
              <dd className="facts__figure">{formatCents(summary.collected_cents)}</dd>
            </div>
            <div className="facts__row">
              <dt>{REPORTS_TEXT.gstPaid(summary.deliveries)}</dt>
              <dd className="facts__figure">{formatCents(summary.paid_cents)}</dd>
            </div>
            <div className="facts__row">
              <dt>{net >= 0 ? REPORTS_TEXT.gstToPay : REPORTS_TEXT.gstRefund}</dt>
              <dd className="facts__figure">{formatCents(Math.abs(net))}</dd>
            </div>
          </dl>
          {summary.deliveries_without_gst > 0 ? (
            <p className="report__note">
              {REPORTS_TEXT.gstWithout(summary.deliveries_without_gst)}
            </p>
          ) : null}
        </>
      ) : (
        <p className="report__note">{query.isError ? REPORTS_TEXT.failed : REPORTS_TEXT.loading}</p>
      )}
    </section>
  );
}
