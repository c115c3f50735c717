import { describe, expect, it } from 'vitest';
import {
  codeIndex,
  lookUpScan,
  productsWithCode,
  searchProducts,
} from '#domains/products/lookup.ts';
import { inventoryItem } from '../helpers/inventory-item.ts';

const catalogue = [
  inventoryItem(1, { product: 'Grange 2018', sku: 'VIN-000001', barcode: '9311111000027' }),
  inventoryItem(2, { product: 'Grange 2019', sku: 'VIN-000002', barcode: '9311111000027' }),
  inventoryItem(3, { product: 'Coca-Cola Zero', producer: 'Import', barcode: '036000291452' }),
  inventoryItem(4, { product: 'Hill of Grace', producer: 'Henschke', sku: 'HOG-2017' }),
  inventoryItem(5, { product: 'Pinot Noir', barcode: '96385074' }),
];
const ids = (items: { id: number }[]) => items.map((item) => item.id);

describe('finding a product by what was scanned or typed', () => {
  it('matches a barcode or a SKU whole, every product that has it', () => {
    expect(ids(productsWithCode(catalogue, '9311111000027'))).toEqual([1, 2]);
    expect(ids(productsWithCode(catalogue, ' hog-2017 '))).toEqual([4]);
    expect(ids(productsWithCode(catalogue, '96385074'))).toEqual([5]);
    expect(productsWithCode(catalogue, '931111100002')).toEqual([]);
    expect(productsWithCode(catalogue, '')).toEqual([]);
  });

  it('finds the same through an index of the codes as by reading every product', () => {
    const index = codeIndex(catalogue);
    for (const code of [
      '9311111000027',
      ' hog-2017 ',
      '96385074',
      '0036000291452',
      '931111100002',
      '',
      'HOG-2017',
    ]) {
      expect(ids(productsWithCode(catalogue, code, index)), code).toEqual(
        ids(productsWithCode(catalogue, code)),
      );
    }
  });

  it('takes a UPC-A code and the same code read as EAN-13 (a leading 0) as one', () => {
    expect(ids(productsWithCode(catalogue, '0036000291452'))).toEqual([3]);
    const stored13 = [inventoryItem(9, { barcode: '0036000291452' })];
    expect(ids(productsWithCode(stored13, '036000291452'))).toEqual([9]);
  });

  it('searches every word in names, producers and SKUs, up to the limit', () => {
    expect(ids(searchProducts(catalogue, 'grange', 8))).toEqual([1, 2]);
    expect(ids(searchProducts(catalogue, 'grange 2019', 8))).toEqual([2]);
    expect(ids(searchProducts(catalogue, 'henschke', 8))).toEqual([4]);
    expect(ids(searchProducts(catalogue, 'grange', 1))).toEqual([1]);
    expect(searchProducts(catalogue, '   ', 8)).toEqual([]);
  });

  it('tells a known code, a new barcode, a misread one and a search apart', () => {
    expect(lookUpScan(catalogue, '9311111000027', 8)).toEqual({
      kind: 'code',
      items: [catalogue[0], catalogue[1]],
    });
    expect(lookUpScan(catalogue, '9311111000034', 8)).toEqual({
      kind: 'new-barcode',
      code: '9311111000034',
    });
    expect(lookUpScan(catalogue, '55123457', 8)).toEqual({ kind: 'new-barcode', code: '55123457' });
    expect(lookUpScan(catalogue, '9311111000035', 8)).toEqual({
      kind: 'bad-barcode',
      code: '9311111000035',
    });
    expect(lookUpScan(catalogue, 'hill grace', 8)).toEqual({
      kind: 'search',
      items: [catalogue[3]],
    });
    expect(lookUpScan(catalogue, 'Penfolds', 8)).toEqual({ kind: 'search', items: [] });
  });
});
