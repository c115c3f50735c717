import { useQuery } from '@tanstack/react-query';
import { inventoryReportQuery } from '#data/repositories/reports.ts';
import type { ProductFilters } from '#domains/reports/filters.ts';
import {
  ABC_MEANING,
  type InventoryPeriod,
  type InventoryReport,
  inventoryReportSheet,
} from '#domains/reports/inventory-report.ts';
import { changeOf } from '#domains/reports/sales-report.ts';
import { formatCents } from '#domains/sales/money.ts';
import { REPORTS_TEXT } from '../reports-text.ts';
import { ExportButtons, sheetExport } from './export-buttons.tsx';
import { KeyFigure } from './key-figure.tsx';
import { dayText, type PeriodSearch } from './period-picker.tsx';
import { ReportFilterFields } from './report-filters.tsx';
import { ReportFrame, useReportOfPeriod } from './report-frame.tsx';
import { Table } from './report-table.tsx';
import './reports.css';

/** A figure's change against the period compared with; undefined when not compared. */
function changeAgainst(report: InventoryReport, pick: (period: InventoryPeriod) => number) {
  return report.period && report.compare
    ? changeOf(pick(report.period), pick(report.compare))
    : undefined;
}

function InventoryTables({ report }: { report: InventoryReport }) {
  const { valuation, abc, dead_stock: dead, shrinkage, cover } = report;
  return (
    <>
      <Table
        caption={REPORTS_TEXT.valuation}
        empty={REPORTS_TEXT.noProducts}
        head={['Category', 'Products', 'Units held', 'At LUC', 'At list price']}
        rows={valuation.rows.map((row) => [
          row.key,
          row.products,
          row.units,
          formatCents(row.lucCents),
          formatCents(row.listCents),
        ])}
        foot={[
          'Total',
          valuation.total.products,
          valuation.total.units,
          formatCents(valuation.total.lucCents),
          formatCents(valuation.total.listCents),
        ]}
      />
      <Table
        caption={REPORTS_TEXT.abc}
        head={['Class', 'Products', 'Net sales', 'Stock at LUC']}
        rows={abc.map((row) => [
          `${row.class}: ${ABC_MEANING[row.class]}`,
          row.products,
          formatCents(row.sales_cents),
          formatCents(row.stock_luc_cents),
        ])}
      />
      <Table
        caption={REPORTS_TEXT.deadStock(
          dead.days,
          dead.products,
          formatCents(dead.luc_cents),
          dead.listed.length,
        )}
        head={['Product', 'Held', 'At LUC', 'Last sold']}
        rows={dead.listed.map((row) => [
          row.name,
          row.stock,
          formatCents(row.luc_cents),
          row.last_sale ? dayText(row.last_sale) : 'Never',
        ])}
      />
      <Table
        caption={REPORTS_TEXT.shrinkage}
        head={['Reason', 'Units lost', 'At today’s LUC']}
        rows={shrinkage.map((row) => [row.reason, row.units, formatCents(row.luc_cents)])}
      />
      <Table
        caption={REPORTS_TEXT.cover}
        head={['Product', 'Held', 'Sold in the period', 'Days of cover']}
        rows={cover.map((row) => [
          row.name,
          row.stock,
          row.units_sold,
          row.days === null ? '—' : row.days.toFixed(1),
        ])}
      />
    </>
  );
}

export interface InventoryReportSearch extends PeriodSearch, ProductFilters {
  /** The day stock is valued at the end of (today unless asked). */
  on?: string;
}

/** /reports/inventory: what the stock is worth, what sells and what does not, what went missing. */
export function InventoryReportPage({
  asked,
  onAsk,
}: {
  asked: InventoryReportSearch;
  onAsk: (next: InventoryReportSearch) => void;
}) {
  const period = useReportOfPeriod(asked, onAsk);
  const { category, producer, supplier, origin } = asked;
  const filters = { category, producer, supplier, origin };
  // A day asked that is today (or, after midnight, a day to come) is now.
  const on = asked.on && asked.on < period.today ? asked.on : null;
  const query = useQuery({
    ...inventoryReportQuery({ range: period.range, compare: period.compare, filters, on }),
    enabled: period.allowed && period.problem === null,
  });
  const ask = (next: Partial<InventoryReportSearch>) => onAsk({ ...asked, ...next });
  return (
    <ReportFrame
      title={REPORTS_TEXT.inventoryTitle}
      subtitle={REPORTS_TEXT.inventorySubtitle}
      period={period}
      query={query}
      actions={(report) => (
        <ExportButtons
          report={
            report
              ? sheetExport(
                  `inventory-report-${report.range.from}-to-${report.range.to}`,
                  REPORTS_TEXT.inventoryTitle,
                  () => inventoryReportSheet(report),
                )
              : null
          }
        />
      )}
      controls={
        <>
          <div className="field">
            <label className="field__label" htmlFor="report-stock-on">
              {REPORTS_TEXT.stockOn}
            </label>
            <input
              id="report-stock-on"
              className="field__input"
              type="date"
              value={on ?? period.today}
              max={period.today}
              onChange={(event) =>
                ask({
                  on:
                    event.target.value && event.target.value < period.today
                      ? event.target.value
                      : undefined,
                })
              }
            />
          </div>
          <ReportFilterFields filters={filters} onChange={ask} />
        </>
      }
    >
      {(report) => (
        <>
          {report.on ? (
            <p className="report__note">{REPORTS_TEXT.stockOnNote(dayText(report.on))}</p>
          ) : null}
          <section className="report__figures" aria-label="Key figures">
            <KeyFigure
              label={REPORTS_TEXT.atCost}
              value={formatCents(report.valuation.total.lucCents)}
            />
            <KeyFigure
              label={REPORTS_TEXT.atList}
              value={formatCents(report.valuation.total.listCents)}
            />
            <KeyFigure
              label={REPORTS_TEXT.turns}
              value={report.turnover === null ? '—' : report.turnover.toFixed(1)}
            />
            <KeyFigure
              label={REPORTS_TEXT.deadValue}
              value={formatCents(report.dead_stock.luc_cents)}
            />
            <KeyFigure
              label={REPORTS_TEXT.shrinkageValue}
              value={formatCents(report.shrinkage.reduce((total, row) => total + row.luc_cents, 0))}
              change={changeAgainst(report, (each) => each.shrinkage_luc_cents)}
            />
            {report.period ? (
              <KeyFigure
                label={REPORTS_TEXT.costOfSales}
                value={formatCents(report.period.cost_of_sales_cents)}
                change={changeAgainst(report, (each) => each.cost_of_sales_cents)}
              />
            ) : null}
          </section>
          <InventoryTables report={report} />
        </>
      )}
    </ReportFrame>
  );
}
