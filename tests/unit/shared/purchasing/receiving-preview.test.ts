import { describe, expect, it } from 'vitest';
import type { InventoryItem } from '#domains/products/product.ts';
import type { Delivery } from '#domains/purchasing/receiving.ts';
import { receivingPreview } from '#domains/purchasing/receiving-preview.ts';

const item = (id: number, fields: Partial<InventoryItem>): InventoryItem => ({
  id,
  product: `Wine ${id}`,
  producer: '',
  country: '',
  region: '',
  appellation: '',
  luc: 0,
  gst: 0,
  listPrice: 0,
  status: 'In Stock',
  margin: 0,
  custom: {},
  tax_category: 'gst10',
  ...fields,
});

const line = (product_id: number, ordered: number | null, received: number, damaged = 0) => ({
  product_id,
  name: `Wine ${product_id}`,
  ordered,
  received,
  damaged,
  line_cents: null,
  luc_before_cents: null,
  luc_after_cents: null,
});

const delivery: Delivery = {
  id: 'd',
  supplier_id: 's',
  supplier: 'Cellar Direct',
  order_id: 'o',
  order_number: 'PO-000001',
  status: 'open',
  started_at: '2026-11-29T00:00:00.000Z',
  posted_at: null,
  invoice_number: 'INV-1',
  invoice_date: null,
  total_cents: null,
  freight_cents: 0,
  lines: [],
  counts: [],
  difference_cents: null,
};

const shiraz = item(1, { luc: 9, gst: 0.9, listPrice: 20, stock_quantity: 12 });
const gin = item(2, { luc: 48, gst: 4.8, listPrice: 80, stock_quantity: 0 });
const rules = {
  roundingRule: 'nearest',
  roundingAmount: 0.05,
  roundingDirection: 'nearest',
} as const;

describe('what posting would make of a delivery, on the device', () => {
  const preview = receivingPreview({
    delivery,
    // The gin: 5 good and 1 broken; a third product ordered and not come, its cost typed anyway.
    lines: [line(1, 36, 36), line(2, 6, 5, 1), line(3, 12, 0)],
    items: new Map([
      [1, shiraz],
      [2, gin],
      [3, item(3, { luc: 5, gst: 0.5, listPrice: 10 })],
    ]),
    orderedCosts: new Map([
      [1, 1_000],
      [2, 5_000],
    ]),
    costs: new Map([
      [1, 36_000],
      [2, 30_000],
      [3, 6_000],
    ]),
    freightCents: 3_300,
    totalCents: 76_230,
    alertPoints: 5,
    rules,
  });

  it('works the LUCs as the server posts them (its test’s delivery, worked by hand)', () => {
    expect(
      preview.rows.map((row) => [row.productId, row.lucBeforeCents, row.lucAfterCents]),
    ).toEqual([
      [1, 900, 1_013],
      [2, 4_800, 5_250],
      [3, null, null],
    ]);
  });

  it('checks the invoice over the lines that came, freight and GST', () => {
    // (36,000 + 30,000 + 3,300) × 1.1 = 76,230: the line that did not come is not billed.
    expect(preview.rows.map((row) => row.costCents)).toEqual([36_000, 30_000, null]);
    expect(preview).toMatchObject({
      linesCents: 66_000,
      expectedCents: 76_230,
      gstCents: 6_930,
      differenceCents: 0,
    });
  });

  it('flags the Shiraz’s margin, which falls more than 5 points', () => {
    const [shirazRow, ginRow] = preview.rows;
    // $20.00: (20 − 9.90) / 20 = 50.5 % → (20 − 11.14) / 20 = 44.3 %.
    expect(shirazRow?.margin?.beforePercent).toBeCloseTo(50.5, 6);
    expect(shirazRow?.margin?.afterPercent).toBeCloseTo(44.3, 6);
    expect(shirazRow?.margin?.beyond).toBe(true);
    // $11.14 ÷ 0.495 = $22.505… → $22.50 to the nearest 5 c.
    expect(shirazRow?.margin?.keepingPrice).toBe(22.5);
    // Gin: (80 − 52.80) / 80 = 34 % → (80 − 57.75) / 80 = 27.8 %: flagged too.
    expect(ginRow?.margin?.afterPercent).toBeCloseTo(27.8125, 6);
  });

  it('shows a posted delivery’s LUCs as the server posted them', () => {
    const posted = receivingPreview({
      delivery: { ...delivery, status: 'posted' },
      lines: [
        { ...line(1, 36, 36), line_cents: 36_000, luc_before_cents: 900, luc_after_cents: 1_013 },
      ],
      items: new Map([[1, { ...shiraz, luc: 10.13, gst: 1.01, stock_quantity: 48 }]]),
      orderedCosts: new Map(),
      costs: new Map(),
      freightCents: 0,
      totalCents: null,
      alertPoints: 5,
      rules,
    });
    expect(posted.rows[0]).toMatchObject({
      lucBeforeCents: 900,
      lucAfterCents: 1_013,
      lineCents: 36_000,
    });
    expect(posted.rows[0]?.margin?.beforePercent).toBeCloseTo(50.5, 6);
  });
});
