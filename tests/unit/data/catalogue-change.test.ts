import { describe, expect, it } from 'vitest';
import { applyCatalogueChange, applyToRuns } from '#data/catalogue-change.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { inventoryItem } from '../helpers/inventory-item.ts';

const item = (id: number, product: string, version = 1) => inventoryItem(id, { product, version });
const names = (items: InventoryItem[]) => items.map((row) => `${row.id}:${row.product}`);

describe('applying a change to the catalogue', () => {
  const held = [item(1, 'A'), item(2, 'B'), item(3, 'C')];

  it('replaces a product where it stands and drops deleted ids', () => {
    const next = applyCatalogueChange(held, { put: [{ item: item(2, 'B2', 2) }], deleted: [3] });
    expect(names(next)).toEqual(['1:A', '2:B2']);
  });

  it('places new products after the one they follow, one after another, first, or at the end', () => {
    const next = applyCatalogueChange(held, {
      put: [
        { item: item(9, 'first'), after: null },
        { item: item(4, 'A copy'), after: 1 },
        { item: item(5, 'A copy copy'), after: 4 },
        { item: item(6, 'lost neighbour'), after: 77 },
        { item: item(7, 'no place given') },
      ],
      deleted: [],
    });
    expect(names(next)).toEqual([
      '9:first',
      '1:A',
      '4:A copy',
      '5:A copy copy',
      '2:B',
      '3:C',
      '6:lost neighbour',
      '7:no place given',
    ]);
  });

  it('gives the same catalogue when the same feed comes twice', () => {
    const feed = [{ item: item(4, 'A copy'), after: 1 }, { item: item(2, 'B2', 2) }];
    const once = applyCatalogueChange(held, { put: feed, deleted: [3] });
    expect(applyCatalogueChange(once, { put: feed, deleted: [3] })).toEqual(once);
  });

  it('keeps a product held at a later version than the feed says', () => {
    const next = applyCatalogueChange([item(1, 'A newer', 5)], {
      put: [{ item: item(1, 'A older', 4) }],
      deleted: [],
    });
    expect(names(next)).toEqual(['1:A newer']);
  });

  it('does not bring back a product the same feed deletes', () => {
    const next = applyCatalogueChange(held, {
      put: [{ item: item(8, 'gone'), after: 1 }],
      deleted: [8],
    });
    expect(names(next)).toEqual(['1:A', '2:B', '3:C']);
  });

  it('gives the same catalogue applied to the records that hold it as to the whole list', () => {
    const records = [[item(1, 'A'), item(2, 'B')], [item(3, 'C')], [item(4, 'D'), item(5, 'E')]];
    const change = {
      put: [
        { item: item(9, 'first'), after: null },
        { item: item(6, 'after C'), after: 3 },
        { item: item(4, 'D2', 2) },
        { item: item(7, 'at the end') },
      ],
      deleted: [2, 5],
    };
    const whole = applyCatalogueChange(records.flat(), change);
    const byRecord = applyToRuns(records, change);
    expect(byRecord.flat()).toEqual(whole);
    expect(byRecord.map(names)).toEqual([
      ['9:first', '1:A'],
      ['3:C', '6:after C'],
      ['4:D2', '7:at the end'],
    ]);
  });
});
