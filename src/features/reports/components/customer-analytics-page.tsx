import { useQuery } from '@tanstack/react-query';
import { customerAnalyticsQuery } from '#data/repositories/reports.ts';
import {
  type CustomerAnalytics,
  customerAnalyticsSheet,
  SEGMENT_MEANING,
  WINE_CLUB_TAG,
} from '#domains/reports/customer-analytics.ts';
import { changeOf } from '#domains/reports/sales-report.ts';
import { formatCents } from '#domains/sales/money.ts';
import { REPORTS_TEXT } from '../reports-text.ts';
import { ExportButtons, sheetExport } from './export-buttons.tsx';
import { KeyFigure, percentText } from './key-figure.tsx';
import type { PeriodSearch } from './period-picker.tsx';
import { ReportFrame, useReportOfPeriod } from './report-frame.tsx';
import { Table } from './report-table.tsx';

const share = (part: number, whole: number) => (whole === 0 ? null : (part * 100) / whole);

/** The headline figures of a period, as the key figures write them (the period's or the one before's). */
type Figures = Pick<
  CustomerAnalytics,
  | 'customers'
  | 'new_customers'
  | 'returning_customers'
  | 'repeat_customers'
  | 'customer_sales'
  | 'customer_spend_cents'
  | 'sales'
>;
const newReturning = (figures: Figures) =>
  `${figures.new_customers} / ${figures.returning_customers}`;
const repeatRate = (figures: Figures) =>
  percentText(share(figures.repeat_customers, figures.customers));
const averageSale = (figures: Figures) =>
  figures.customer_sales === 0
    ? '—'
    : formatCents(Math.round(figures.customer_spend_cents / figures.customer_sales));
const namedShare = (figures: Figures) => percentText(share(figures.customer_sales, figures.sales));

/** /reports/analytics: who bought in a period, who came back, who is slipping away. */
export function CustomerAnalyticsPage({
  asked,
  onAsk,
}: {
  asked: PeriodSearch;
  onAsk: (next: PeriodSearch) => void;
}) {
  const period = useReportOfPeriod(asked, onAsk);
  const query = useQuery({
    ...customerAnalyticsQuery(period.range, period.compare),
    enabled: period.allowed && period.problem === null,
  });
  return (
    <ReportFrame
      title={REPORTS_TEXT.analyticsTitle}
      subtitle={REPORTS_TEXT.analyticsSubtitle}
      period={period}
      query={query}
      actions={(report) => (
        <ExportButtons
          report={
            report
              ? sheetExport(
                  `customer-analytics-${report.range.from}-to-${report.range.to}`,
                  REPORTS_TEXT.analyticsTitle,
                  () => customerAnalyticsSheet(report),
                )
              : null
          }
        />
      )}
    >
      {(report) => {
        const before = report.compare;
        return (
          <>
            <section className="report__figures" aria-label="Key figures">
              <KeyFigure
                label={REPORTS_TEXT.buyers}
                value={String(report.customers)}
                change={before ? changeOf(report.customers, before.customers) : undefined}
              />
              <KeyFigure
                label={REPORTS_TEXT.newReturning}
                value={newReturning(report)}
                before={before ? newReturning(before) : undefined}
              />
              <KeyFigure
                label={REPORTS_TEXT.repeatRate}
                value={repeatRate(report)}
                before={before ? repeatRate(before) : undefined}
              />
              <KeyFigure
                label={REPORTS_TEXT.averageBasket}
                value={averageSale(report)}
                before={before ? averageSale(before) : undefined}
              />
              <KeyFigure
                label={REPORTS_TEXT.named}
                value={namedShare(report)}
                before={before ? namedShare(before) : undefined}
              />
            </section>
            {report.customer_sales === 0 ? (
              <p className="report__note">{REPORTS_TEXT.noCustomers}</p>
            ) : null}
            <Table
              caption={REPORTS_TEXT.topCustomers}
              head={['Customer', 'Sales', 'Spend']}
              rows={report.top.map((row) => [row.name, row.sales, formatCents(row.spend_cents)])}
            />
            <Table
              caption={REPORTS_TEXT.segments}
              head={['Segment', 'Customers', 'Spend in the last year']}
              rows={report.segments.map((row) => [
                `${row.segment}: ${SEGMENT_MEANING[row.segment]}`,
                row.customers,
                formatCents(row.year_spend_cents),
              ])}
            />
            <Table
              caption={REPORTS_TEXT.club(WINE_CLUB_TAG)}
              head={['', 'Customers', 'Spend in the period']}
              rows={[
                ['Members', report.club.members, '—'],
                ['Members who bought', report.club.buyers, formatCents(report.club.spend_cents)],
              ]}
            />
          </>
        );
      }}
    </ReportFrame>
  );
}
