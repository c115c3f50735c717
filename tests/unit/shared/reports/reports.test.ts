import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { comparisonRange, daysIn, PERIOD_MESSAGES, periodRange } from '#domains/reports/period.ts';
import { sheetCsv } from '#domains/reports/report-sheet.ts';
import {
  grossProfitOf,
  marginOf,
  NO_SALES,
  netSalesOf,
  type SalesReport,
  SalesReportQuerySchema,
  salesReportRows,
  standingsOf,
  sumFigures,
} from '#domains/reports/sales-report.ts';

describe('report periods', () => {
  it('works out each named period from the shop’s today', () => {
    const today = '2026-11-30'; // a Monday
    expect(periodRange('today', today)).toEqual({ from: today, to: today });
    expect(periodRange('this-week', today)).toEqual({ from: today, to: today });
    expect(periodRange('this-week', '2026-12-06')).toEqual({
      from: '2026-11-30',
      to: '2026-12-06',
    });
    expect(periodRange('last-7', today)).toEqual({ from: '2026-11-24', to: today });
    expect(periodRange('last-30', today)).toEqual({ from: '2026-11-01', to: today });
    expect(periodRange('this-month', today)).toEqual({ from: '2026-11-01', to: today });
    expect(periodRange('this-quarter', today)).toEqual({ from: '2026-10-01', to: today });
    expect(periodRange('this-quarter', '2026-03-31')).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(periodRange('this-year', today)).toEqual({ from: '2026-01-01', to: today });
  });

  it('compares a month, quarter or year so far with the same days of the one before, else with as many days just before', () => {
    expect(comparisonRange('last-7', { from: '2026-11-24', to: '2026-11-30' })).toEqual({
      from: '2026-11-17',
      to: '2026-11-23',
    });
    expect(comparisonRange('custom', { from: '2026-11-10', to: '2026-11-12' })).toEqual({
      from: '2026-11-07',
      to: '2026-11-09',
    });
    expect(comparisonRange('this-month', { from: '2026-11-01', to: '2026-11-15' })).toEqual({
      from: '2026-10-01',
      to: '2026-10-15',
    });
    // March so far, the 31st: February has no 31st, so its comparison ends on its last day.
    expect(comparisonRange('this-month', { from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(comparisonRange('this-quarter', { from: '2026-10-01', to: '2026-11-30' })).toEqual({
      from: '2026-07-01',
      to: '2026-08-30',
    });
    expect(comparisonRange('this-year', { from: '2026-01-01', to: '2026-11-30' })).toEqual({
      from: '2025-01-01',
      to: '2025-11-30',
    });
    expect(daysIn({ from: '2024-01-01', to: '2024-12-31' })).toBe(366);
  });

  it('refuses a period out of order or longer than a year, and days that are not days', () => {
    const parse = (query: Record<string, string>) => v.safeParse(SalesReportQuerySchema, query);
    expect(parse({ from: '2026-11-01', to: '2026-11-30' })).toMatchObject({
      success: true,
      output: { by: 'day' },
    });
    expect(
      parse({ from: '2026-11-01', to: '2026-11-30', compare_from: '2026-10-01' }).issues?.[0]
        ?.message,
    ).toBe(PERIOD_MESSAGES.compare);
    expect(parse({ from: '2026-11-30', to: '2026-11-01' }).issues?.[0]?.message).toBe(
      PERIOD_MESSAGES.order,
    );
    expect(parse({ from: '2025-01-01', to: '2026-01-02' }).issues?.[0]?.message).toBe(
      PERIOD_MESSAGES.long,
    );
    expect(parse({ from: '2026-02-30', to: '2026-03-01' }).success).toBe(false);
    expect(parse({ from: '2026-11-01', to: '2026-11-30', by: 'colour' }).success).toBe(false);
  });
});

describe('the Sales Report’s arithmetic', () => {
  const red = {
    ...NO_SALES,
    sales: 2,
    units: 3,
    sales_cents: 13_500,
    gst_cents: 1_227,
    cost_cents: 6_000,
    returns: 1,
    returned_units: 1,
    refund_cents: 4_500,
    refund_gst_cents: 409,
    restocked_cost_cents: 2_000,
  };
  const spirits = {
    ...NO_SALES,
    sales: 2,
    units: 2,
    sales_cents: 17_490,
    gst_cents: 1_590,
    cost_cents: 8_000,
  };

  it('takes returns off net sales, their GST off GST and the cost put back off the cost', () => {
    expect(netSalesOf(red)).toBe(9_000);
    // (9,000 − 818) − 4,000
    expect(grossProfitOf(red)).toBe(4_182);
    expect(marginOf(red)?.toFixed(2)).toBe('51.11');
    expect(marginOf(NO_SALES)).toBeNull();
    expect(sumFigures([red, spirits])).toMatchObject({ sales_cents: 30_990, gst_cents: 2_817 });
  });

  it('exports every figure as dollars with cents, refunds positive in their own column', () => {
    const report: SalesReport = {
      as_of: '2026-11-30T09:00:00.000Z',
      range: { from: '2026-11-11', to: '2026-11-12' },
      by: 'category',
      filters: [{ label: 'Tender', value: 'Card' }],
      rows: [
        { key: 'Spirits', label: 'Spirits', ...spirits },
        { key: 'Red Wine', label: 'Red Wine', ...red },
      ],
      totals: sumFigures([red, spirits]),
      rounding_cents: 0,
      compare: null,
    };
    expect(sheetCsv(salesReportRows(report, 'Category')).split('\r\n')).toEqual([
      'Sales Report,2026-11-11,2026-11-12,By category,Tender: Card',
      'Category,Sales,Units,Sales (GST incl.),Refunds,Net sales,GST,Cost,Gross profit,Margin %',
      'Spirits,2,2,174.90,0.00,174.90,15.90,80.00,79.00,49.7',
      'Red Wine,2,3,135.00,45.00,90.00,8.18,40.00,41.82,51.1',
      'Total,4,5,309.90,45.00,264.90,24.08,120.00,120.82,50.2',
      '',
    ]);
  });
});

describe('the top and bottom products', () => {
  const rows = (n: number) =>
    Array.from({ length: n }, (_, index) => ({
      key: String(index + 1),
      label: `Product ${index + 1}`,
      ...NO_SALES,
      sales_cents: (n - index) * 100,
    }));
  const labels = (list: readonly { label: string }[]) => list.map((row) => row.label);

  it('takes ten from each end, least first at the bottom', () => {
    const { top, bottom } = standingsOf(rows(25));
    expect(labels(top)).toEqual(
      rows(25)
        .slice(0, 10)
        .map((row) => row.label),
    );
    expect(labels(bottom)).toEqual(
      ['25', '24', '23', '22', '21', '20', '19', '18', '17', '16'].map((n) => `Product ${n}`),
    );
  });

  it('never puts a product in both', () => {
    const { top, bottom } = standingsOf(rows(12));
    expect(top).toHaveLength(10);
    expect(labels(bottom)).toEqual(['Product 12', 'Product 11']);
    expect(standingsOf(rows(3))).toEqual({ top: rows(3), bottom: [] });
    expect(standingsOf([])).toEqual({ top: [], bottom: [] });
  });
});
