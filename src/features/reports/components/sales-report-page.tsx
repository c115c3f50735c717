import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { salesReportQuery } from '#data/repositories/reports.ts';
import { filtersOf, narrowsProducts, type ReportFilters } from '#domains/reports/filters.ts';
import {
  changeOf,
  grossProfitOf,
  marginOf,
  netExGstOf,
  netSalesOf,
  SALES_GROUPING_LABELS,
  SALES_GROUPINGS,
  type SalesFigures,
  type SalesGrouping,
  type SalesReport,
  salesReportRows,
  TIME_GROUPINGS,
} from '#domains/reports/sales-report.ts';
import { formatCents } from '#domains/sales/money.ts';
import { REPORTS_TEXT } from '../reports-text.ts';
import { ExportButtons, sheetExport } from './export-buttons.tsx';
import { GstSummaryCard } from './gst-summary-card.tsx';
import { KeyFigure, percentText } from './key-figure.tsx';
import { dayText, type PeriodSearch } from './period-picker.tsx';
import { ProductStandings } from './product-standings.tsx';
import { ReportFilterFields } from './report-filters.tsx';
import { ReportFrame, useReportOfPeriod } from './report-frame.tsx';
import './reports.css';

const ReportChart = lazy(() => import('./report-chart.tsx'));

export interface SalesReportSearch extends PeriodSearch, ReportFilters {
  by?: SalesGrouping;
}

/** A row's label as the table shows it: days and weeks as dates, months by name. */
function labelOf(by: SalesGrouping, label: string): string {
  if (by === 'day') return dayText(label);
  if (by === 'week') return `Week of ${dayText(label)}`;
  if (by === 'month') {
    return new Date(`${label}-01T00:00:00Z`).toLocaleDateString(undefined, {
      timeZone: 'UTC',
      month: 'long',
      year: 'numeric',
    });
  }
  return label;
}

/** The report's export: money and margins as numbers in the workbook. */
const exportOf = (report: SalesReport) =>
  sheetExport(
    `sales-report-${report.range.from}-to-${report.range.to}`,
    REPORTS_TEXT.salesTitle,
    () => salesReportRows(report, SALES_GROUPING_LABELS[report.by]),
  );

/** /reports/sales: the Sales Report of a period, grouped one way, compared, exported, printed. */
export function SalesReportPage({
  asked,
  onAsk,
}: {
  asked: SalesReportSearch;
  onAsk: (next: SalesReportSearch) => void;
}) {
  const period = useReportOfPeriod(asked, onAsk);
  const { range } = period;
  const filters = filtersOf(asked);
  // Grouping by tender counts whole sales: with a product filter, the report goes by day.
  const by = asked.by === 'tender' && narrowsProducts(filters) ? 'day' : (asked.by ?? 'day');
  const query = useQuery({
    ...salesReportQuery({ ...range, by, compare: period.compare, filters }),
    enabled: period.allowed && period.problem === null,
  });
  const ask = (next: Partial<SalesReportSearch>) => onAsk({ ...asked, ...next });

  return (
    <ReportFrame
      title={REPORTS_TEXT.salesTitle}
      subtitle={REPORTS_TEXT.salesSubtitle}
      period={period}
      query={query}
      controls={
        <>
          <div className="field">
            <label className="field__label" htmlFor="report-group">
              {REPORTS_TEXT.groupBy}
            </label>
            <select
              id="report-group"
              className="field__input"
              value={by}
              onChange={(event) => ask({ by: event.target.value as SalesGrouping })}
            >
              {SALES_GROUPINGS.map((each) => (
                <option
                  key={each}
                  value={each}
                  disabled={each === 'tender' && narrowsProducts(filters)}
                >
                  {SALES_GROUPING_LABELS[each]}
                </option>
              ))}
            </select>
          </div>
          <ReportFilterFields filters={filters} onChange={ask} sales />
        </>
      }
      actions={(report) => <ExportButtons report={report ? exportOf(report) : null} />}
    >
      {(report) => (
        <>
          <SalesReportBody
            report={report}
            // Grouped by product, the table itself lists them most first.
            standings={
              by === 'product' ? null : <ProductStandings range={range} filters={filters} />
            }
          />
          <GstSummaryCard range={range} />
        </>
      )}
    </ReportFrame>
  );
}

function SalesReportBody({ report, standings }: { report: SalesReport; standings: ReactNode }) {
  const { totals, compare, by } = report;
  const before = compare?.totals;
  const change = (pick: (figures: SalesFigures) => number) =>
    before ? changeOf(pick(totals), pick(before)) : undefined;
  const tender = by === 'tender';
  const bars = useMemo(
    () =>
      report.rows.slice(0, TIME_GROUPINGS.includes(by) ? 400 : 15).map((row) => ({
        label: labelOf(by, row.label),
        cents: netSalesOf(row),
      })),
    [report.rows, by],
  );
  if (report.rows.length === 0) {
    return <p className="card report__message">{REPORTS_TEXT.empty}</p>;
  }
  return (
    <>
      <section className="report__figures" aria-label="Key figures">
        <KeyFigure
          label={REPORTS_TEXT.netSales}
          value={formatCents(netSalesOf(totals))}
          change={change(netSalesOf)}
        />
        <KeyFigure
          label={REPORTS_TEXT.grossProfit}
          value={formatCents(grossProfitOf(totals))}
          change={change(grossProfitOf)}
        />
        <KeyFigure label={REPORTS_TEXT.margin} value={percentText(marginOf(totals))} />
        <KeyFigure
          label={REPORTS_TEXT.gst}
          value={formatCents(totals.gst_cents - totals.refund_gst_cents)}
        />
        <KeyFigure
          label={REPORTS_TEXT.salesCount}
          value={String(totals.sales)}
          change={change((figures) => figures.sales)}
        />
        <KeyFigure
          label={REPORTS_TEXT.refunds}
          value={`${formatCents(totals.refund_cents)} (${totals.returns})`}
        />
      </section>
      <section className="card report__chart">
        <Suspense fallback={<div className="report-chart report-chart--loading" />}>
          <ReportChart
            bars={bars}
            horizontal={!TIME_GROUPINGS.includes(by)}
            label={`Net sales by ${SALES_GROUPING_LABELS[by].toLowerCase()}`}
          />
        </Suspense>
      </section>
      {tender && report.rounding_cents !== 0 ? (
        <p className="report__note">{REPORTS_TEXT.rounding(formatCents(report.rounding_cents))}</p>
      ) : null}
      {standings}
      <div className="card report__table-wrap">
        <ReportTable report={report} />
      </div>
    </>
  );
}

/** The report's rows and their total. */
function ReportTable({ report }: { report: SalesReport }) {
  const { totals, by } = report;
  const tender = by === 'tender';
  return (
    <table className="report-table">
      <thead>
        <tr>
          <th scope="col">{SALES_GROUPING_LABELS[by]}</th>
          <th scope="col">Sales</th>
          {tender ? null : <th scope="col">Units</th>}
          <th scope="col">{tender ? 'Taken' : 'Sales (GST incl.)'}</th>
          <th scope="col">Refunds</th>
          <th scope="col">Net sales</th>
          {tender ? null : (
            <>
              <th scope="col">GST</th>
              <th scope="col">Cost</th>
              <th scope="col">Gross profit</th>
              <th scope="col">Margin</th>
            </>
          )}
        </tr>
      </thead>
      <tbody>
        {report.rows.map((row) => (
          <FigureRow key={row.key} label={labelOf(by, row.label)} figures={row} tender={tender} />
        ))}
      </tbody>
      {tender ? null : (
        <tfoot>
          <FigureRow label="Total" figures={totals} tender={false} />
        </tfoot>
      )}
    </table>
  );
}

function FigureRow({
  label,
  figures,
  tender,
}: {
  label: string;
  figures: SalesFigures;
  tender: boolean;
}) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{figures.sales}</td>
      {tender ? null : <td>{figures.units}</td>}
      <td>{formatCents(figures.sales_cents)}</td>
      <td>{figures.refund_cents ? formatCents(figures.refund_cents) : '—'}</td>
      <td>{formatCents(netSalesOf(figures))}</td>
      {tender ? null : (
        <>
          <td>{formatCents(figures.gst_cents - figures.refund_gst_cents)}</td>
          <td>{formatCents(figures.cost_cents - figures.restocked_cost_cents)}</td>
          <td>{formatCents(grossProfitOf(figures))}</td>
          <td>{netExGstOf(figures) === 0 ? '—' : percentText(marginOf(figures))}</td>
        </>
      )}
    </tr>
  );
}
