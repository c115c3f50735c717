import { describe, expect, it } from 'vitest';
import { parseCsv } from '#data/imports/csv.ts';
import { planImport } from '#domains/imports/dry-run.ts';
import { importTargets, suggestMapping } from '#domains/imports/mapping.ts';
import { everyFieldColumns, exportRows, listCsv, shownColumns } from '#domains/products/export.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { inventoryItem } from '../../helpers/inventory-item.ts';

const customFields = [{ field_key: 'cellar_door', field_name: 'Cellar Door Only' }];
const catalogue: InventoryItem[] = [
  inventoryItem(1, {
    product: 'Penfolds Bin 28 Shiraz 2019',
    sku: 'PEN-28',
    barcode: '9300000000019',
    luc: 26,
    gst: 2.6,
    listPrice: 44.99,
    stock_quantity: -1,
    vintage: '2019',
    drink_type: 'Red',
    alcohol: '14.5',
    description: 'Dark fruit,\nlong "finish"',
    custom: { cellar_door: 'yes' },
  }),
  inventoryItem(2, {
    product: '=Rosé de Provence',
    sku: 'ROS-01',
    producer: '@Château',
    luc: 12,
    gst: 1.2,
    listPrice: 24,
    stock_quantity: 6,
  }),
];

/** A catalogue exported with every field, read back and planned as an import. */
function roundTrip(edit: (csv: string) => string = (csv) => csv) {
  const columns = everyFieldColumns(customFields);
  const { headings, rows } = exportRows(catalogue, columns);
  const table = parseCsv(edit(listCsv(headings, rows)));
  const mapping = suggestMapping(table.headings, importTargets(customFields));
  return planImport({
    headings: table.headings,
    rows: table.rows,
    mapping,
    matchBy: 'sku',
    behavior: 'updateAndCreate',
    setStock: true,
    catalogue,
    shopCategory: 'gst10',
    definitions: [
      {
        field_key: 'cellar_door',
        field_name: 'Cellar Door Only',
        field_type: 'text',
        is_required: false,
        validation: {},
      },
    ],
  });
}

describe('an export imported again', () => {
  it('changes nothing: every row is found and unchanged, stock included', () => {
    const plan = roundTrip();
    expect(plan.counts).toEqual({ create: 0, update: 0, unchanged: 2, error: 0 });
  });

  it('with one price changed in the spreadsheet, updates exactly that', () => {
    const plan = roundTrip((csv) => csv.replace(',44.99,', ',46.50,'));
    expect(plan.counts).toEqual({ create: 0, update: 1, unchanged: 1, error: 0 });
    expect(plan.rows[0]).toMatchObject({ productId: 1, changes: { list_price: '46.50' } });
  });

  it('escapes cells a spreadsheet would run as formulas, and reads them back as they were', () => {
    const { headings, rows } = exportRows(catalogue, everyFieldColumns(customFields));
    const csv = listCsv(headings, rows);
    expect(csv).toContain("'=Rosé de Provence");
    expect(csv).toContain("'@Château");
    expect(csv).toContain("'-1");
  });
});

describe('the columns the table shows', () => {
  it('keep their order, headings and shown values, numbers marked as numbers', () => {
    const columns = shownColumns([
      { key: 'listPrice', label: 'List Price' },
      { key: 'product', label: 'Product Name' },
      { key: 'stock_quantity', label: 'Stock Quantity' },
      { key: 'cellar_door', label: 'Cellar Door Only (Custom)' },
    ]);
    expect(columns.map((column) => column.numeric)).toEqual([true, false, true, false]);
    expect(exportRows(catalogue, columns)).toEqual({
      headings: ['List Price', 'Product Name', 'Stock Quantity', 'Cellar Door Only (Custom)'],
      rows: [
        [44.99, 'Penfolds Bin 28 Shiraz 2019', -1, 'yes'],
        [24, '=Rosé de Provence', 6, ''],
      ],
    });
  });
});
