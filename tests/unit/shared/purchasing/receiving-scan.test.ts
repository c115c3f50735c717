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
const scan = (code: string) => lookUpReceiving(items, code, 8, index);
/** What a scan answers when its code is one product's: `units` of it, as a bottle or a case. */
const found = (item: InventoryItem, units: number, asCase: boolean) => ({
  kind: 'code',
  matches: [{ item, units, asCase }],
});

describe('scanning a delivery in', () => {
  it('adds one unit for a bottle’s barcode or SKU', () => {
    expect(scan('9300000000026')).toEqual(found(gin, 1, false));
    expect(scan('gin-1')).toEqual(found(gin, 1, false));
  });

  it('adds the case size for a case barcode', () => {
    expect(scan('9300000000040')).toEqual(found(shiraz, 12, true));
  });

  it('adds the case size for a carton’s GTIN-14, and a GTIN-14 of indicator 0 is its EAN-13', () => {
    expect(scan('19300000000047')).toEqual(found(riesling, 6, true));
    expect(scan('09300000000040')).toEqual(found(shiraz, 12, true));
    expect(scan('29300000000037')).toEqual({ kind: 'unknown-code' });
    expect(scan('19300000000048')).toEqual({ kind: 'bad-barcode' });
  });

  it('offers every vintage under one barcode', () => {
    const answer = scan('9300000000019');
    expect(answer.kind).toBe('code');
    expect(answer.kind === 'code' && answer.matches.map((match) => match.item.id)).toEqual([1, 2]);
  });

  it('tells an unknown code from a misread one, and searches names', () => {
    expect(scan('9300000000033')).toEqual({ kind: 'unknown-code' });
    expect(scan('9300000000034')).toEqual({ kind: 'bad-barcode' });
    expect(scan('wine 3')).toEqual({
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
