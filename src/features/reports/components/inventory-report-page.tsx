import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { useCan } from '#data/hooks/use-permissions.ts';
import { inventoryReportQuery } from '#data/repositories/reports.ts';
import { useOnline } from '#data/sync/use-sync-status.ts';
import type { InventoryReport } from '#domains/reports/inventory-report.ts';
import { formatCents } from '#domains/sales/money.ts';
import { asOfText, useNow } from '#ui/as-of.ts';
import { PageHeader } from '#ui/page-header.tsx';
import { PrintSheet, usePrinting } from '#ui/print-sheet.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { REPORTS_TEXT } from '../reports-text.ts';
import { KeyFigure } from './key-figure.tsx';
import {
  dayText,
  PeriodPicker,
  type PeriodSearch,
  periodText,
  rangeAsked,
  useShopToday,
} from './period-picker.tsx';
import './reports.css';

const ABC_MEANING = {
  A: 'the products making the first 20 % of sales',
  B: 'the next 60 %',
  C: 'the last 20 %',
  D: 'no sale in the period',
} as const;

function Table({
  caption,
  head,
  rows,
  foot,
}: {
  caption: string;
  head: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  foot?: readonly ReactNode[];
}) {
  return (
    <section className="card report__table-wrap report__section" aria-label={caption}>
      <h2 className="report__section-title">{caption}</h2>
      {rows.length === 0 ? (
        <p className="report__note">{REPORTS_TEXT.none}</p>
      ) : (
        <table className="report-table">
          <thead>
            <tr>
              {head.map((title) => (
                <th key={title} scope="col">
                  {title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((cells, index) => (
              // Rows of a report are in the order given; their first cell names them.
              // biome-ignore lint/suspicious/noArrayIndexKey: a report's rows never move
              <tr key={index}>
                <th scope="row">{cells[0]}</th>
                {cells.slice(1).map((cell, at) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed
                  <td key={at}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
          {foot ? (
            <tfoot>
              <tr>
                <th scope="row">{foot[0]}</th>
                {foot.slice(1).map((cell, at) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed
                  <td key={at}>{cell}</td>
                ))}
              </tr>
            </tfoot>
          ) : null}
        </table>
      )}
    </section>
  );
}

function InventoryTables({ report }: { report: InventoryReport }) {
  const { valuation, abc, dead_stock: dead, shrinkage, cover } = report;
  return (
    <>
      <Table
        caption={REPORTS_TEXT.valuation}
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

/** /reports/inventory: what the stock is worth, what sells and what does not, what went missing. */
export function InventoryReportPage({
  asked,
  onAsk,
}: {
  asked: PeriodSearch;
  onAsk: (next: PeriodSearch) => void;
}) {
  const allowed = useCan('reports.view');
  const today = useShopToday();
  const { range, problem } = rangeAsked(asked, today);
  const query = useQuery({
    ...inventoryReportQuery(range),
    enabled: allowed && problem === null,
  });
  const online = useOnline();
  const now = useNow(60_000);
  const printing = usePrinting();
  if (!allowed) {
    return (
      <>
        <PageHeader title={REPORTS_TEXT.inventoryTitle} />
        <p className="card report__message">{REPORTS_TEXT.managersOnly}</p>
      </>
    );
  }
  const report = query.data?.report;
  const current = query.data?.live === true && online && !query.isError;
  const subtitle = report
    ? `${REPORTS_TEXT.inventorySubtitle} · ${(current ? REPORTS_TEXT.updated : REPORTS_TEXT.stale)(asOfText(report.as_of, now))}`
    : REPORTS_TEXT.inventorySubtitle;

  let body: ReactNode;
  if (problem) {
    body = (
      <p className="card report__message" role="alert">
        {problem}
      </p>
    );
  } else if (report) {
    const shrunk = report.shrinkage.reduce((total, row) => total + row.luc_cents, 0);
    body = (
      <>
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
          <KeyFigure label={REPORTS_TEXT.shrinkageValue} value={formatCents(shrunk)} />
        </section>
        <InventoryTables report={report} />
      </>
    );
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
      <PageHeader title={REPORTS_TEXT.inventoryTitle} subtitle={subtitle} />
      <form className="card report__controls" onSubmit={(event) => event.preventDefault()}>
        <PeriodPicker asked={asked} range={range} today={today} onAsk={onAsk} />
        <div className="report__actions">
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
      <p className="report__period">{periodText(range)}</p>
      {body}
      {printing.printing && report ? (
        <PrintSheet>
          <h1>{REPORTS_TEXT.inventoryTitle}</h1>
          <p>
            {periodText(report.range)} · {REPORTS_TEXT.updated(asOfText(report.as_of, now))}
          </p>
          <InventoryTables report={report} />
        </PrintSheet>
      ) : null}
    </>
  );
}
