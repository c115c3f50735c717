import { describe, expect, it } from 'vitest';
import type { InventoryItem } from '#domains/products/product.ts';
import { caseSizeOf, lookUpReceiving, receivingIndex } from '#domains/purchasing/receiving-scan.ts';

const item = (id: number, fields: Partial<InventoryItem>): InventoryItem => ({
  id,
  product: `Wine ${id}`,
  producer: 'Estate',
  country: '',
  region: '',
  appellation: '',
  luc: 10,
  gst: 1,
  listPrice: 20,
  status: 'In Stock',
  margin: 45,
  custom: {},
  ...fields,
});

const shiraz = item(1, {
  barcode: '9300000000019',
  case_barcode: '9300000000040',
  case_size: '12',
});
const shiraz2023 = item(2, { barcode: '9300000000019', vintage: '2023', case_size: '6' });
const gin = item(3, { barcode: '9300000000026', sku: 'GIN-1' });
/** A carton's ITF-14 over a bottle's code (indicator 1). */
const riesling = item(4, {
  barcode: '9300000000057',
  case_barcode: '19300000000047',
  case_size: '6',
});
const items = [shiraz, shiraz2023, gin, riesling];
const index = receivingIndex(items);

describe('scanning a delivery in', () => {
  it('adds one unit for a bottle’s barcode or SKU', () => {
    expect(lookUpReceiving(items, '9300000000026', 8, index)).toEqual({
      kind: 'code',
      matches: [{ item: gin, units: 1, asCase: false }],
    });
    expect(lookUpReceiving(items, 'gin-1', 8, index)).toEqual({
      kind: 'code',
      matches: [{ item: gin, units: 1, asCase: false }],
    });
  });

  it('adds the case size for a case barcode', () => {
    expect(lookUpReceiving(items, '9300000000040', 8, index)).toEqual({
      kind: 'code',
      matches: [{ item: shiraz, units: 12, asCase: true }],
    });
  });

  it('adds the case size for a carton’s GTIN-14, and a GTIN-14 of indicator 0 is its EAN-13', () => {
    expect(lookUpReceiving(items, '19300000000047', 8, index)).toEqual({
      kind: 'code',
      matches: [{ item: riesling, units: 6, asCase: true }],
    });
    expect(lookUpReceiving(items, '09300000000040', 8, index)).toEqual({
      kind: 'code',
      matches: [{ item: shiraz, units: 12, asCase: true }],
    });
    expect(lookUpReceiving(items, '29300000000037', 8, index)).toEqual({ kind: 'unknown-code' });
    expect(lookUpReceiving(items, '19300000000048', 8, index)).toEqual({ kind: 'bad-barcode' });
  });

  it('offers every vintage under one barcode', () => {
    const found = lookUpReceiving(items, '9300000000019', 8, index);
    expect(found.kind).toBe('code');
    expect(found.kind === 'code' && found.matches.map((match) => match.item.id)).toEqual([1, 2]);
  });

  it('tells an unknown code from a misread one, and searches names', () => {
    expect(lookUpReceiving(items, '9300000000033', 8, index)).toEqual({ kind: 'unknown-code' });
    expect(lookUpReceiving(items, '9300000000034', 8, index)).toEqual({ kind: 'bad-barcode' });
    expect(lookUpReceiving(items, 'wine 3', 8, index)).toEqual({
      kind: 'search',
      matches: [{ item: gin, units: 1, asCase: false }],
    });
  });

  it('counts a case of a product without a case size as one unit', () => {
    expect(caseSizeOf({ case_size: '' })).toBe(1);
    expect(caseSizeOf({ case_size: '0' })).toBe(1);
    expect(caseSizeOf({ case_size: '6' })).toBe(6);
  });
});
