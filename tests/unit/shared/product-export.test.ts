import { describe, expect, it } from 'vitest';
import {
  csvCell,
  MOVEMENT_HEADINGS,
  movementRows,
  type ProductMovement,
  productCsv,
  productFileName,
} from '#domains/products/export.ts';
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

  it('adds its stock movements, oldest first, under their own headings', () => {
    const item = inventoryItem(7, { product: 'Grange', stock_quantity: 3 });
    const changes: ProductMovement[] = [
      {
        at: '2026-11-27T02:00:00.000Z',
        kind: 'stock',
        by: 'Sam',
        fields: { stock_quantity: [5, 3] },
        reason: 'Sale',
        note: 'T2-000137',
      },
      {
        at: '2026-11-26T02:00:00.000Z',
        kind: 'update',
        by: 'Jo',
        fields: { luc: ['1', '2'] },
      },
      {
        at: '2026-11-25T02:00:00.000Z',
        kind: 'stock',
        by: null,
        fields: { stock_quantity: [0, 5] },
        reason: 'Received',
        note: null,
      },
    ];
    const rows = movementRows(changes, (at) => at.slice(0, 10));
    expect(rows).toEqual([
      ['2026-11-25', 5, 5, 'Received', '', ''],
      ['2026-11-27', -2, 3, 'Sale', 'T2-000137', 'Sam'],
    ]);
    const lines = productCsv(item, new Map(), rows).split('\r\n');
    expect(lines.slice(2)).toEqual([
      '',
      'Movements',
      MOVEMENT_HEADINGS.join(','),
      '2026-11-25,5,5,Received,,',
      "2026-11-27,'-2,3,Sale,T2-000137,Sam",
      '',
    ]);
  });
});
