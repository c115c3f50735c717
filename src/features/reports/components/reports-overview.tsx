import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCan } from '#data/hooks/use-permissions.ts';
import { salesReportQuery } from '#data/repositories/reports.ts';
import { comparisonRange, periodRange } from '#domains/reports/period.ts';
import { changeOf, grossProfitOf, marginOf, netSalesOf } from '#domains/reports/sales-report.ts';
import { formatCents } from '#domains/sales/money.ts';
import { PageHeader } from '#ui/page-header.tsx';
import { REPORTS_TEXT } from '../reports-text.ts';
import { KeyFigure, percentText } from './key-figure.tsx';
import { useShopToday } from './period-picker.tsx';
import './reports.css';

/** /reports: this month's key figures from the Sales Report, and the way to each report. */
export function ReportsOverview() {
  const allowed = useCan('reports.view');
  const today = useShopToday();
  const month = periodRange('this-month', today);
  const query = useQuery({
    ...salesReportQuery({
      ...month,
      by: 'day',
      compare: comparisonRange('this-month', month),
      filters: {},
    }),
    enabled: allowed,
  });
  if (!allowed) {
    return (
      <>
        <PageHeader title={REPORTS_TEXT.overviewTitle} />
        <p className="card report__message">{REPORTS_TEXT.managersOnly}</p>
      </>
    );
  }
  const report = query.data?.report;
  const before = report?.compare?.totals;
  return (
    <>
      <PageHeader title={REPORTS_TEXT.overviewTitle} subtitle={REPORTS_TEXT.overviewSubtitle} />
      <div className="reports-overview">
        <section
          className="card reports-overview__card reports-overview__card--wide"
          aria-labelledby="overview-sales"
        >
          <h2 id="overview-sales">{REPORTS_TEXT.salesTitle}</h2>
          <p className="reports-overview__blurb">{REPORTS_TEXT.thisMonth}</p>
          {report ? (
            <div className="report__figures">
              <KeyFigure
                label={REPORTS_TEXT.netSales}
                value={formatCents(netSalesOf(report.totals))}
                change={
                  before ? changeOf(netSalesOf(report.totals), netSalesOf(before)) : undefined
                }
              />
              <KeyFigure
                label={REPORTS_TEXT.grossProfit}
                value={formatCents(grossProfitOf(report.totals))}
              />
              <KeyFigure label={REPORTS_TEXT.margin} value={percentText(marginOf(report.totals))} />
              <KeyFigure
                label={REPORTS_TEXT.gst}
                value={formatCents(report.totals.gst_cents - report.totals.refund_gst_cents)}
              />
            </div>
          ) : (
            <p className="reports-overview__blurb">
              {query.isError ? REPORTS_TEXT.failed : REPORTS_TEXT.loading}
            </p>
          )}
          <Link to="/reports/sales" className="button button--primary">
            {REPORTS_TEXT.viewReport}
          </Link>
        </section>
        <section className="card reports-overview__card" aria-labelledby="overview-inventory">
          <h2 id="overview-inventory">Inventory Report</h2>
          <p className="reports-overview__blurb">{REPORTS_TEXT.inventoryBlurb}</p>
          <Link to="/reports/inventory" className="button button--primary">
            {REPORTS_TEXT.viewReport}
          </Link>
        </section>
        <section className="card reports-overview__card" aria-labelledby="overview-analytics">
          <h2 id="overview-analytics">Customer Analytics</h2>
          <p className="reports-overview__blurb">{REPORTS_TEXT.analyticsBlurb}</p>
          <Link to="/reports/analytics" className="button button--primary">
            {REPORTS_TEXT.viewReport}
          </Link>
        </section>
      </div>
    </>
  );
}
