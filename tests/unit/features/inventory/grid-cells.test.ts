import { GridCellKind } from '@glideapps/glide-data-grid';
import { describe, expect, it } from 'vitest';
import { OFFERED_COLUMNS } from '#domains/products/columns.ts';
import { gridCell } from '#features/inventory/components/grid-cells.ts';
import { inventoryItem } from '../../helpers/inventory-item.ts';

const item = inventoryItem(7, { product: 'Grüner Veltliner', status: 'Low Stock', margin: 45 });
const named = (shown: { product: string }) => `${shown.product} (unsynced)`;

describe('the inventory grid’s cells', () => {
  it('never allow an overlay, so the overlay editors left out of the build are never asked for', () => {
    const keys = ['rowNumber', 'image', 'options', ...OFFERED_COLUMNS.map((column) => column.key)];
    const cells = [
      gridCell(undefined, undefined, 1, named),
      ...keys.map((key) => gridCell(item, key, 12, named)),
    ];
    expect(cells).toHaveLength(keys.length + 1);
    for (const cell of cells) expect(cell.allowOverlay).toBe(false);
  });

  it('number the row, name the product as given, and badge the status', () => {
    expect(gridCell(item, 'rowNumber', 12, named)).toMatchObject({
      kind: GridCellKind.Text,
      displayData: '12',
      contentAlign: 'right',
    });
    expect(gridCell(item, 'product', 12, named)).toMatchObject({
      data: 'Grüner Veltliner (unsynced)',
      cursor: 'pointer',
    });
    expect(gridCell(item, 'status', 12, named)).toMatchObject({
      data: 'Low Stock',
      displayData: '● Low Stock',
    });
    expect(gridCell(item, 'image', 12, named).kind).toBe(GridCellKind.Image);
  });
});
