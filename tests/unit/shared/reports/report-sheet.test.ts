import { describe, expect, it } from 'vitest';
import { customerAnalyticsSheet } from '#domains/reports/customer-analytics.ts';
import { type InventoryReport, inventoryReportSheet } from '#domains/reports/inventory-report.ts';
import { money, sheetCsv, sheetValues } from '#domains/reports/report-sheet.ts';

describe('a report as a spreadsheet', () => {
  it('writes money with two decimals in a CSV and as dollars in a workbook', () => {
    const rows = [
      ['Figure', 'Amount', 'Note'],
      ['Stock, "cellar"', money(123_456), null],
      ['Refunds', money(-5), 3],
    ];
    expect(sheetCsv(rows).split('\r\n')).toEqual([
      'Figure,Amount,Note',
      '"Stock, ""cellar""",1234.56,',
      'Refunds,-0.05,3',
      '',
    ]);
    expect(sheetValues(rows)).toEqual([
      ['Figure', 'Amount', 'Note'],
      ['Stock, "cellar"', 1234.56, null],
      ['Refunds', -0.05, 3],
    ]);
  });

  it('lays the Inventory Report out table by table, as the page shows it', () => {
    const report: InventoryReport = {
      as_of: '2026-11-30T09:00:00.000Z',
      range: { from: '2026-11-01', to: '2026-11-30' },
      on: '2026-11-15',
      filters: [{ label: 'Category', value: 'White Wine' }],
      period: null,
      compare: null,
      valuation: {
        rows: [{ key: 'White Wine', products: 1, units: 12, lucCents: 10_800, listCents: 26_400 }],
        total: { key: 'Total', products: 1, units: 12, lucCents: 10_800, listCents: 26_400 },
      },
      abc: [{ class: 'A', products: 1, sales_cents: 4_400, stock_luc_cents: 10_800 }],
      turnover: 2.4321,
      cost_of_sales_cents: 1_800,
      dead_stock: { days: 90, products: 0, luc_cents: 0, listed: [] },
      shrinkage: [{ reason: 'Damaged', units: 1, luc_cents: 900 }],
      cover: [{ id: 1, name: 'Riesling', stock: 12, units_sold: 2, days: 180 }],
    };
    const csv = sheetCsv(inventoryReportSheet(report)).split('\r\n');
    expect(csv[0]).toBe(
      'Inventory Report,2026-11-01,2026-11-30,Stock at the end of 2026-11-15,Category: White Wine',
    );
    expect(csv).toContain('White Wine,1,12,108.00,264.00');
    expect(csv).toContain('Total,1,12,108.00,264.00');
    expect(csv).toContain('A: the products making the first 20 % of sales,1,44.00,108.00');
    expect(csv).toContain('Turns a year,2.43');
    expect(csv).toContain('Damaged,1,9.00');
    expect(csv).toContain('Riesling,12,2,180');
  });

  it('lays Customer Analytics out with its figures first', () => {
    const csv = sheetCsv(
      customerAnalyticsSheet({
        as_of: '2026-11-30T09:00:00.000Z',
        range: { from: '2026-11-24', to: '2026-11-30' },
        sales: 4,
        net_sales_cents: 16_000,
        customer_sales: 3,
        customer_spend_cents: 12_000,
        customers: 2,
        new_customers: 1,
        returning_customers: 1,
        repeat_customers: 1,
        compare: null,
        top: [{ id: 'm', name: 'Margaret Chen', sales: 2, spend_cents: 8_000 }],
        segments: [{ segment: 'Champions', customers: 1, year_spend_cents: 12_000 }],
        club: { members: 2, buyers: 1, spend_cents: 8_000 },
      }),
    ).split('\r\n');
    expect(csv).toContain('Net sales,160.00');
    expect(csv).toContain('Customers who bought,2');
    expect(csv).toContain('Margaret Chen,2,80.00');
    expect(csv).toContain('Members who bought,1,80.00');
  });
});
