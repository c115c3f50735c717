import { useQuery } from '@tanstack/react-query';
import { productStandingsQuery } from '#data/repositories/reports.ts';
import type { ReportFilters } from '#domains/reports/filters.ts';
import type { DayRange } from '#domains/reports/period.ts';
import {
  marginOf,
  netExGstOf,
  netSalesOf,
  type SalesRow,
  STANDING_PRODUCTS,
} from '#domains/reports/sales-report.ts';
import { formatCents } from '#domains/sales/money.ts';
import { REPORTS_TEXT } from '../reports-text.ts';
import { percentText } from './key-figure.tsx';
import { Table } from './report-table.tsx';

const HEAD = ['Product', 'Units', 'Net sales', 'Margin'] as const;

const cellsOf = (row: SalesRow) => [
  row.label,
  row.units - row.returned_units,
  formatCents(netSalesOf(row)),
  netExGstOf(row) === 0 ? '—' : percentText(marginOf(row)),
];

/**
 * The period's top and bottom products by net sales (the Sales Report's, with its filters):
 * what sells, and what barely does, without reading the whole report by product.
 */
export function ProductStandings({ range, filters }: { range: DayRange; filters: ReportFilters }) {
  const query = useQuery(productStandingsQuery(range, filters));
  const standings = query.data?.report;
  if (!standings) {
    return (
      <p className="card report__message">
        {query.isError ? REPORTS_TEXT.failed : REPORTS_TEXT.loading}
      </p>
    );
  }
  return (
    <div className="report__standings">
      <Table
        caption={REPORTS_TEXT.topProducts(Math.min(STANDING_PRODUCTS, standings.products))}
        head={HEAD}
        rows={standings.top.map(cellsOf)}
      />
      <Table
        caption={REPORTS_TEXT.bottomProducts(standings.bottom.length)}
        head={HEAD}
        rows={standings.bottom.map(cellsOf)}
        empty={REPORTS_TEXT.allInTop(standings.products)}
      />
    </div>
  );
}
