import { describe, expect, it } from 'vitest';
import { csvCell, productCsv, productFileName } from '#domains/products/export.ts';
import { inventoryItem } from '../helpers/inventory-item.ts';

describe('a product exported as CSV', () => {
  it('escapes cells a spreadsheet would run as formulas, and quotes what CSV needs', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const start of ['+', '-', '\u2212', '@', '\t', '\r']) {
      expect(csvCell(`${start}1`).replace(/^"|"$/g, '')).toBe(`'${start}1`);
    }
    expect(csvCell('Rosé, dry')).toBe('"Rosé, dry"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell(['Bordeaux', 'Burgundy'])).toBe('"Bordeaux, Burgundy"');
  });

  it('has a header row of labels and the product’s row, custom fields by their names', () => {
    const item = inventoryItem(7, {
      product: 'Penfolds Grange 2018',
      sku: 'VIN-000007',
      listPrice: 1099.99,
      stock_quantity: 4,
      custom: { bottle: '750ml' },
    });
    const [header, row] = productCsv(item, new Map([['bottle', 'Bottle Size']])).split('\r\n');
    const labels = header?.split(',') ?? [];
    const values = row?.split(',') ?? [];
    const at = (label: string) => values[labels.indexOf(label)];
    expect(at('Product name')).toBe('Penfolds Grange 2018');
    expect(at('SKU')).toBe('VIN-000007');
    expect(at('List price')).toBe('1099.99');
    expect(at('Stock')).toBe('4');
    expect(at('Bottle Size')).toBe('750ml');
    expect(productFileName(item)).toBe('VIN-000007.csv');
    expect(productFileName({ ...item, sku: '' })).toBe('Penfolds-Grange-2018.csv');
  });
});
