import { describe, expect, it } from 'vitest';
import { type DryRunInput, IMPORT_MESSAGES, planImport } from '#domains/imports/dry-run.ts';
import {
  importTargets,
  mappingFromTemplate,
  STOCK_TARGET,
  suggestMapping,
  templateFor,
  templateMapping,
} from '#domains/imports/mapping.ts';
import { BARCODE_MESSAGE } from '#domains/products/barcode.ts';
import { productRecord } from '#domains/products/export.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { inventoryItem } from '../../helpers/inventory-item.ts';

const customFields = [{ field_key: 'cellar_door', field_name: 'Cellar Door Only' }];
const targets = importTargets(customFields);

describe('suggestMapping', () => {
  it('takes headings that name a field exactly, whatever their case and accents', () => {
    expect(
      suggestMapping(
        ['Product name', 'SKU', 'list_price', 'BARCODE', 'Producer/Brand', 'Cellar Door Only'],
        targets,
      ),
    ).toEqual(['name', 'sku', 'list_price', 'barcode', 'producer', 'cellar_door']);
  });

  it("then other systems' names: Price/RRP/Sell → List price, Cost → LUC, EAN/UPC → Barcode", () => {
    expect(suggestMapping(['Title', 'RRP', 'Cost', 'EAN', 'Qty', 'ABV'], targets)).toEqual([
      'name',
      'list_price',
      'luc',
      'barcode',
      STOCK_TARGET,
      'alcohol',
    ]);
    expect(suggestMapping(['Sell', 'UPC'], targets)).toEqual(['list_price', 'barcode']);
  });

  it('puts an exact name before a synonym, and each field once', () => {
    // 'Retail price' is Retail price, so 'Price' is List price; the second 'Price' is left out.
    expect(suggestMapping(['Price', 'Retail price', 'Price (2)', 'Notes'], targets)).toEqual([
      'list_price',
      'retail_price',
      null,
      'description',
    ]);
  });

  it('maps a whole export of the product back to its own fields', () => {
    const headings = productRecord(inventoryItem(1), new Map([['cellar_door', 'Cellar Door Only']]))
      .map(([label]) => label)
      .concat('Cellar Door Only');
    const mapping = suggestMapping(headings, targets);
    expect(mapping.every((key) => key !== null)).toBe(true);
    expect(new Set(mapping).size).toBe(mapping.length);
  });
});

describe('saved mappings', () => {
  it('are proposed for a file with the same headings, in any order', () => {
    const headings = ['Wine', 'Cost', 'Bin'];
    const saved = {
      name: 'Old till',
      mapping: templateMapping(headings, ['name', 'luc', null]),
    };
    expect(saved.mapping).toEqual({ Wine: 'name', Cost: 'luc', Bin: '' });
    expect(templateFor(['Bin', 'Wine', 'Cost'], [saved])).toBe(saved);
    expect(templateFor(['Wine', 'Cost'], [saved])).toBeUndefined();
    // A field that no longer exists is left out.
    const gone = { name: 'Gone', mapping: { Wine: 'name', Cost: 'old_field', Bin: '' } };
    expect(mappingFromTemplate(headings, gone, targets)).toEqual(['name', null, null]);
  });
});

describe('planImport', () => {
  const catalogue = [
    inventoryItem(1, {
      product: 'Penfolds Bin 28',
      sku: 'PEN-28',
      barcode: '9300000000019',
      luc: 26,
      gst: 2.6,
      listPrice: 44.99,
      version: 3,
      stock_quantity: 12,
    }),
    inventoryItem(2, {
      product: 'Yarra Merlot',
      sku: 'YAR-01',
      luc: 12,
      gst: 1.2,
      listPrice: 19.99,
    }),
  ];
  const headings = ['SKU', 'Name', 'Price', 'Cost', 'GST', 'Stock'];
  const input = (rows: string[][], overrides: Partial<DryRunInput> = {}): DryRunInput => ({
    headings,
    rows,
    mapping: ['sku', 'name', 'list_price', 'luc', 'gst', STOCK_TARGET],
    matchBy: 'sku',
    behavior: 'updateAndCreate',
    setStock: false,
    catalogue,
    definitions: [],
    shopCategory: 'gst10',
    ...overrides,
  });

  it('names rows by the numbers the file gives them (empty rows counted), else from 2', () => {
    const rows = [
      ['NEW-1', 'New Wine', 'abc', '10', '1', ''],
      ['NEW-2', 'Other Wine', '20', '10', '1', ''],
      ['NEW-1', 'Twin Wine', '20', '10', '1', ''],
    ];
    const numbered = planImport(input(rows, { numbers: [2, 5, 9] }));
    expect(numbered.rows.map((row) => row.row)).toEqual([2, 5, 9]);
    expect(numbered.rows[2]?.errors[0]?.message).toBe(
      IMPORT_MESSAGES.repeated('SKU', 'NEW-1', [2, 9]),
    );
    expect(planImport(input(rows)).rows.map((row) => row.row)).toEqual([2, 3, 4]);
  });

  it('counts rows to create, to update and unchanged, and names only what changes', () => {
    const plan = planImport(
      input([
        ['PEN-28', 'Penfolds Bin 28', '46.99', '26', '2.6', '12'],
        ['YAR-01', 'Yarra Merlot', '19.99', '12.00', '1.20', '0'],
        ['NEW-1', 'Grüner Veltliner', '24', '14', '1.4', '6'],
      ]),
    );
    expect(plan.counts).toEqual({ create: 1, update: 1, unchanged: 1, error: 0 });
    expect(plan.rows[0]).toEqual({
      row: 2,
      action: 'update',
      productId: 1,
      version: 3,
      changes: { list_price: '46.99' },
      errors: [],
    });
    expect(plan.rows[1]).toMatchObject({ row: 3, action: 'unchanged', productId: 2, changes: {} });
    expect(plan.rows[2]).toMatchObject({
      row: 4,
      action: 'create',
      changes: { sku: 'NEW-1', name: 'Grüner Veltliner', list_price: '24.00', luc: '14.00' },
    });
    // Stock is read only when the user asks for it.
    expect(plan.rows.every((row) => row.stock === undefined)).toBe(true);
  });

  it('sets the GST of a file without a GST column from each LUC and the shop category', () => {
    const taxedCatalogue = [{ ...catalogue[0], tax_category: 'gst10' } as InventoryItem];
    const plan = planImport(
      input(
        [
          ['PEN-28', 'Penfolds Bin 28', '44.99', '30', '12'],
          ['NEW-1', 'Grüner Veltliner', '24', '14', '6'],
        ],
        {
          headings: ['SKU', 'Item', 'RRP', 'Cost ex GST', 'Qty'],
          mapping: ['sku', 'name', 'list_price', 'luc', STOCK_TARGET],
          catalogue: taxedCatalogue,
          shopCategory: 'wet',
        },
      ),
    );
    expect(plan.rows[0]).toMatchObject({
      action: 'update',
      changes: { luc: '30.00', gst: '3.00' },
    });
    expect(plan.rows[1]).toMatchObject({
      action: 'create',
      changes: { luc: '14.00', gst: '1.40', tax_category: 'wet' },
    });
  });

  it('names every error by its row, its column and the product form’s message', () => {
    const plan = planImport(
      input(
        [
          ['PEN-28', 'Penfolds Bin 28', 'abc', '26', '2.6', '12'],
          ['NEW-2', '', '10', '5', '0.5', '1'],
          ['NEW-3', 'Barcode wine', '10', '5', '0.5', '1', '9300000000018'],
        ],
        {
          headings: [...headings, 'EAN'],
          mapping: ['sku', 'name', 'list_price', 'luc', 'gst', STOCK_TARGET, 'barcode'],
        },
      ),
    );
    expect(plan.counts).toEqual({ create: 0, update: 0, unchanged: 0, error: 3 });
    expect(plan.rows.map((row) => [row.row, row.errors])).toEqual([
      [2, [{ column: 'Price', message: 'List price must be a number' }]],
      [3, [{ column: 'Name', message: 'Product name is required' }]],
      [4, [{ column: 'EAN', message: BARCODE_MESSAGE }]],
    ]);
  });

  it('refuses a required custom field left empty, by its heading', () => {
    const plan = planImport(
      input([['NEW-4', 'Estate Riesling', '30', '15', '1.5', '0', '']], {
        headings: [...headings, 'Cellar door'],
        mapping: ['sku', 'name', 'list_price', 'luc', 'gst', null, 'cellar_door'],
        definitions: [
          {
            field_key: 'cellar_door',
            field_name: 'Cellar Door Only',
            field_type: 'text',
            is_required: true,
            validation: {},
          },
        ],
      }),
    );
    expect(plan.rows[0]?.errors).toEqual([
      { column: 'Cellar door', message: 'Cellar Door Only is required' },
    ]);
  });

  it('makes the same key twice an error on both rows', () => {
    const plan = planImport(
      input([
        ['NEW-5', 'One', '10', '5', '0.5', '0'],
        ['YAR-01', 'Yarra Merlot', '19.99', '12', '1.2', '0'],
        ['NEW-5', 'Two', '11', '5', '0.5', '0'],
      ]),
    );
    const repeated = IMPORT_MESSAGES.repeated('SKU', 'NEW-5', [2, 4]);
    expect(plan.rows.map((row) => row.errors)).toEqual([
      [{ column: 'SKU', message: repeated }],
      [],
      [{ column: 'SKU', message: repeated }],
    ]);
    expect(plan.counts).toMatchObject({ error: 2, unchanged: 1 });
  });

  it('matches by barcode when asked, and keeps to what the import may do', () => {
    const rows = [['', 'Penfolds Bin 28', '44.99', '26', '2.6', '12', '9300000000019']];
    const byBarcode = {
      headings: [...headings, 'Barcode'],
      mapping: ['sku', 'name', 'list_price', 'luc', 'gst', STOCK_TARGET, 'barcode'],
      matchBy: 'barcode' as const,
    };
    // An empty SKU in the file clears the product's SKU: the one change.
    expect(planImport(input(rows, byBarcode)).rows[0]).toMatchObject({
      action: 'update',
      productId: 1,
      changes: { sku: null },
    });
    expect(planImport(input(rows, { ...byBarcode, behavior: 'createOnly' })).rows[0]).toMatchObject(
      {
        action: 'error',
        errors: [
          { column: 'Barcode', message: IMPORT_MESSAGES.exists('Barcode', '9300000000019') },
        ],
      },
    );
    const unknown = [['X-9', 'Nobody', '1', '1', '0.1', '0']];
    expect(planImport(input(unknown, { behavior: 'updateOnly' })).rows[0]).toMatchObject({
      action: 'error',
      errors: [{ column: 'SKU', message: IMPORT_MESSAGES.noMatch('SKU', 'X-9') }],
    });
  });

  it('sets stock from the file only when asked, as the count to correct to', () => {
    const rows = [
      ['PEN-28', 'Penfolds Bin 28', '44.99', '26', '2.6', '9'],
      ['YAR-01', 'Yarra Merlot', '19.99', '12', '1.2', '0'],
      ['NEW-6', 'Counted wine', '10', '5', '0.5', '4'],
      ['NEW-7', 'Bad count', '10', '5', '0.5', 'four'],
    ];
    const plan = planImport(input(rows, { setStock: true }));
    expect(plan.rows.map((row) => [row.action, row.stock])).toEqual([
      ['update', 9],
      ['unchanged', undefined],
      ['create', 4],
      ['error', undefined],
    ]);
    expect(plan.rows[3]?.errors).toEqual([{ column: 'Stock', message: IMPORT_MESSAGES.stock }]);
  });
});
