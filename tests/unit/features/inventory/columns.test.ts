import { describe, expect, it } from 'vitest';
import { columnDef, ESSENTIAL_COLUMNS, widthOf } from '#features/inventory/columns.ts';

describe('grid columns', () => {
  it('starts from the built-in essential set in the default order', () => {
    expect(ESSENTIAL_COLUMNS.map((column) => column.key)).toEqual([
      'product',
      'producer',
      'country',
      'region',
      'appellation',
      'luc',
      'gst',
      'listPrice',
      'margin',
      'status',
    ]);
    expect(ESSENTIAL_COLUMNS[0]?.label).toBe('Product Name');
    expect(ESSENTIAL_COLUMNS[5]?.label).toBe('LUC (Landed Unit Cost)');
  });

  it('uses the default widths of spec section 9, 120 px for custom fields', () => {
    expect(widthOf(columnDef('product', new Map()), {})).toBe(180);
    expect(widthOf(columnDef('luc', new Map()), {})).toBe(80);
    expect(widthOf(columnDef('description', new Map()), {})).toBe(200);
    const custom = columnDef('wine_type', new Map([['wine_type', 'Wine Type']]));
    expect(custom).toEqual({ key: 'wine_type', label: 'Wine Type (Custom)', isCustom: true });
    expect(widthOf(custom, {})).toBe(120);
  });

  it('never goes below 50 px when resized', () => {
    const product = columnDef('product', new Map());
    expect(widthOf(product, { product: 12 })).toBe(50);
    expect(widthOf(product, { product: 240.4 })).toBe(240);
  });
});
