import { describe, expect, it } from 'vitest';
import { cellText } from '#domains/products/format.ts';
import { columnValue, mapEnhancedProduct, parseNumber } from '#domains/products/product.ts';

describe('mapping the enhanced inventory answer', () => {
  it('maps name → product, list_price → listPrice, margin_percent → margin', () => {
    const item = mapEnhancedProduct({
      id: 7,
      columns: [
        { key: 'name', value: 'Tignanello 2019' },
        { key: 'producer', value: 'Marchesi Antinori' },
        { key: 'country', value: 'Italy' },
        { key: 'region', value: 'Tuscany' },
        { key: 'appellation', value: 'Toscana IGT' },
        { key: 'luc', value: '118.00' },
        { key: 'gst', value: '11.80' },
        { key: 'list_price', value: '189.99' },
        { key: 'margin_percent', value: 31.68 },
        { key: 'stock_quantity', value: 14 },
        { key: 'status', value: 'In Stock' },
        { key: 'sku', value: 'VIN-1' },
        { key: 'cost_price', value: '129.80' },
        { key: 'description', value: 'Dark fruit' },
      ],
    });
    expect(item).toEqual({
      id: 7,
      product: 'Tignanello 2019',
      producer: 'Marchesi Antinori',
      country: 'Italy',
      region: 'Tuscany',
      appellation: 'Toscana IGT',
      luc: 118,
      gst: 11.8,
      listPrice: 189.99,
      margin: 31.68,
      stock_quantity: 14,
      status: 'In Stock',
      sku: 'VIN-1',
      cost_price: '129.80',
      description: 'Dark fruit',
      custom: {},
    });
  });

  it('gives the spec defaults for missing values', () => {
    expect(mapEnhancedProduct({ id: 1, columns: [] })).toEqual({
      id: 1,
      product: 'Unknown Product',
      producer: 'Unknown Producer',
      country: 'Unknown',
      region: 'Unknown',
      appellation: 'Unknown',
      status: 'Unknown',
      luc: 0,
      gst: 0,
      listPrice: 0,
      margin: 0,
      custom: {},
    });
  });

  it('keeps a value sent empty empty, shown as a dash, not Unknown', () => {
    const item = mapEnhancedProduct({
      id: 2,
      columns: [
        { key: 'name', value: 'Imported Shiraz' },
        { key: 'appellation', value: '' },
        { key: 'region', value: 'Barossa' },
      ],
    });
    expect(item).toMatchObject({ appellation: '', region: 'Barossa', country: 'Unknown' });
    expect(cellText('appellation', item.appellation)).toBe('—');
    expect(cellText('vintage', undefined)).toBe('—');
    expect(cellText('sku', undefined)).toBe('N/A');
  });

  it.each([
    ['luc', 'luc'],
    ['gst', 'gst'],
    ['list_price', 'listPrice'],
    ['stock_quantity', 'stock_quantity'],
    ['margin_percent', 'margin'],
  ])('parses %s as a number, 0 when invalid', (serverKey, screenKey) => {
    for (const [value, expected] of [
      ['12.5', 12.5],
      [7, 7],
      ['abc', 0],
      [null, 0],
      ['', 0],
      [{}, 0],
    ] as const) {
      const item = mapEnhancedProduct({ id: 1, columns: [{ key: serverKey, value }] });
      expect(columnValue(item, screenKey), `${serverKey}=${JSON.stringify(value)}`).toBe(expected);
    }
  });

  it('keeps cost and retail prices as sent, and unknown keys as custom values', () => {
    const item = mapEnhancedProduct({
      id: 2,
      columns: [
        { key: 'cost_price', value: 19.5 },
        { key: 'retail_price', value: null },
        { key: 'wine_type', value: 'Red' },
        { key: 'organic', value: true },
        { key: 'regions', value: ['Bordeaux', 'Loire Valley'] },
      ],
    });
    expect(item.cost_price).toBe(19.5);
    expect('retail_price' in item).toBe(false);
    expect(item.custom).toEqual({
      wine_type: 'Red',
      organic: true,
      regions: ['Bordeaux', 'Loire Valley'],
    });
    expect(columnValue(item, 'wine_type')).toBe('Red');
  });

  it('keeps how the product is bought: its supplier’s code, case and reorder figures', () => {
    const item = mapEnhancedProduct({
      id: 3,
      columns: [
        { key: 'supplier_code', value: 'CD-104' },
        { key: 'case_size', value: '12' },
        { key: 'case_barcode', value: '9312345000036' },
        { key: 'case_cost', value: '108.00' },
        { key: 'reorder_point', value: '6' },
        { key: 'reorder_quantity', value: null },
      ],
    });
    expect(item).toMatchObject({
      supplier_code: 'CD-104',
      case_size: '12',
      case_barcode: '9312345000036',
      case_cost: '108.00',
      reorder_point: '6',
      custom: {},
    });
    expect('reorder_quantity' in item).toBe(false);
  });

  it('parseNumber reads leading numbers and refuses the rest', () => {
    expect(parseNumber('45.90')).toBe(45.9);
    expect(parseNumber('  3 ')).toBe(3);
    expect(parseNumber(Number.NaN)).toBe(0);
    expect(parseNumber(undefined)).toBe(0);
  });
});
