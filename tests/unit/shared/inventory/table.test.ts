import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALWAYS_EDITABLE,
  applyDraft,
  changesFromDraft,
  deleteItem,
  draftFor,
  duplicateItem,
  editableColumns,
} from '#domains/products/local-edits.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import {
  createSearchCache,
  DEFAULT_SORT,
  nextSort,
  pageButtons,
  pageInfo,
  searchItems,
  showingText,
  sortItems,
  sortOrder,
  updatedSortOrder,
} from '#domains/products/table.ts';

const item = (id: number, overrides: Partial<InventoryItem> = {}): InventoryItem => ({
  id,
  product: `Wine ${id}`,
  producer: 'Producer',
  country: 'France',
  region: 'Bordeaux',
  appellation: 'Margaux',
  luc: 10,
  gst: 1,
  listPrice: 20,
  status: 'In Stock',
  margin: 45,
  custom: {},
  ...overrides,
});

describe('sorting', () => {
  it("defaults to the product name ('name'), ascending", () => {
    expect(DEFAULT_SORT).toEqual({ key: 'product', direction: 'asc' });
  });

  it('toggles ascending to descending on the same column; anything else sorts ascending', () => {
    expect(nextSort({ key: 'luc', direction: 'asc' }, 'luc')).toEqual({
      key: 'luc',
      direction: 'desc',
    });
    expect(nextSort({ key: 'luc', direction: 'desc' }, 'luc')).toEqual({
      key: 'luc',
      direction: 'asc',
    });
    expect(nextSort({ key: 'luc', direction: 'asc' }, 'gst')).toEqual({
      key: 'gst',
      direction: 'asc',
    });
  });

  it('sorts numbers numerically, not as text', () => {
    const items = [item(1, { luc: 9 }), item(2, { luc: 100 }), item(3, { luc: 25 })];
    expect(sortItems(items, { key: 'luc', direction: 'asc' }).map((i) => i.luc)).toEqual([
      9, 25, 100,
    ]);
    expect(sortItems(items, { key: 'luc', direction: 'desc' }).map((i) => i.luc)).toEqual([
      100, 25, 9,
    ]);
  });

  it('sorts text by plain comparison and keeps missing values last', () => {
    const items = [
      item(1, { product: 'beta' }),
      item(2, { product: 'Alpha' }),
      item(3, { product: 'Beta' }),
      item(4, { sku: 'B' }),
      item(5, { sku: 'A' }),
    ];
    expect(sortItems(items, { key: 'product', direction: 'asc' }).map((i) => i.product)).toEqual([
      'Alpha',
      'Beta',
      'Wine 4',
      'Wine 5',
      'beta',
    ]);
    expect(sortItems(items, { key: 'sku', direction: 'desc' }).map((i) => i.id)).toEqual([
      4, 5, 1, 2, 3,
    ]);
  });

  it('sorts custom field values too, without changing the list it was given', () => {
    const items = [item(1, { custom: { vintage: 2019 } }), item(2, { custom: { vintage: 2005 } })];
    const before = items.map((i) => i.id);
    expect(sortItems(items, { key: 'vintage', direction: 'asc' }).map((i) => i.id)).toEqual([2, 1]);
    expect(items.map((i) => i.id)).toEqual(before);
  });
});

describe('search', () => {
  const items = [
    item(1, { product: 'Grange', producer: 'Penfolds', region: 'South Australia' }),
    item(2, { product: 'Sassicaia', producer: 'Tenuta San Guido', region: 'Tuscany' }),
    item(3, { product: 'Tignanello', custom: { wine_type: 'Sparkling' } }),
  ];

  it('matches any field, case-insensitively', () => {
    expect(searchItems(items, 'PENFOLDS').map((i) => i.id)).toEqual([1]);
    expect(searchItems(items, 'tusc').map((i) => i.id)).toEqual([2]);
    expect(searchItems(items, 'sparkling').map((i) => i.id)).toEqual([3]);
    expect(searchItems(items, 'nothing like it')).toEqual([]);
    expect(searchItems(items, '  ')).toHaveLength(3);
  });
});

describe('paging', () => {
  it("says 'Showing X to Y of N results'", () => {
    expect(showingText(pageInfo(95, 1, 10))).toBe('Showing 1 to 10 of 95 results');
    expect(showingText(pageInfo(95, 10, 10))).toBe('Showing 91 to 95 of 95 results');
    expect(showingText(pageInfo(0, 1, 10))).toBe('Showing 0 to 0 of 0 results');
  });

  it('keeps the page within range', () => {
    expect(pageInfo(30, 9, 10).page).toBe(3);
    expect(pageInfo(30, 0, 10).page).toBe(1);
    expect(pageInfo(0, 3, 10)).toMatchObject({ page: 1, pageCount: 1 });
  });

  const labels = (page: number, count: number) =>
    pageButtons(page, count).map((button) => (button.kind === 'page' ? button.page : '…'));

  it('shows up to 5 numbered buttons, then an ellipsis and the last page', () => {
    expect(labels(1, 1)).toEqual([1]);
    expect(labels(1, 3)).toEqual([1, 2, 3]);
    expect(labels(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(labels(1, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(labels(1, 20)).toEqual([1, 2, 3, 4, 5, '…', 20]);
    expect(labels(10, 20)).toEqual([8, 9, 10, 11, 12, '…', 20]);
    expect(labels(18, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(labels(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });
});

describe('local edits', () => {
  it('merges an inline edit: decimals for luc and listPrice, invalid → 0, margin recomputed', () => {
    const original = item(1, { luc: 10, gst: 1, listPrice: 20, margin: 45 });
    const draft = { ...draftFor(original, ALWAYS_EDITABLE, []), luc: '14.50', product: 'Renamed' };
    const edited = applyDraft(original, draft);
    expect(edited).toMatchObject({ product: 'Renamed', luc: 14.5, margin: 22.5 });
    const invalid = applyDraft(original, { ...draft, listPrice: 'twenty' });
    expect(invalid).toMatchObject({ listPrice: 0, margin: 0 });
  });

  it('edits custom fields as free text', () => {
    const original = item(1, { custom: { wine_type: 'Red' } });
    const draft = draftFor(original, ALWAYS_EDITABLE, ['wine_type']);
    expect(draft.wine_type).toBe('Red');
    expect(applyDraft(original, { ...draft, wine_type: 'Rosé' }).custom).toEqual({
      wine_type: 'Rosé',
    });
  });

  it('offers the spec fields, then every other field the table shows, never stock or margin', () => {
    expect(editableColumns(['product', 'sku', 'luc', 'gst', 'margin', 'stock_quantity'])).toEqual([
      ...ALWAYS_EDITABLE,
      'sku',
      'gst',
    ]);
  });

  it('sends only what changed, by its write key: an optional price left empty is no change', () => {
    const original = item(1, { sku: 'VIN-1', gst: 1.5 });
    const columns = editableColumns(['sku', 'gst', 'cost_price', 'barcode']);
    const draft = draftFor(original, columns, []);
    expect(changesFromDraft(original, draft, [])).toEqual({});
    expect(
      changesFromDraft(original, { ...draft, sku: 'VIN-2', gst: '1.50', listPrice: '' }, []),
    ).toEqual({ sku: 'VIN-2', list_price: '' });
  });

  it("duplicates as '{product} (Copy)' right after the original and renumbers ids from 1", () => {
    const items = [item(5), item(9), item(12)];
    const next = duplicateItem(items, 9);
    expect(next.map((i) => [i.id, i.product])).toEqual([
      [1, 'Wine 5'],
      [2, 'Wine 9'],
      [3, 'Wine 9 (Copy)'],
      [4, 'Wine 12'],
    ]);
  });

  it('deletes one row', () => {
    expect(deleteItem([item(1), item(2)], 1).map((i) => i.id)).toEqual([2]);
  });
});

describe('search as the user types', () => {
  it('narrows from the shorter query and answers Backspace from what it kept', () => {
    const texts = ['penfolds grange', 'penfolds bin 28', 'tenuta san guido', 'pernod'];
    const order = [3, 2, 1, 0];
    const lookups: string[] = [];
    const tracked = new Proxy(texts, {
      get(target, property, receiver) {
        if (typeof property === 'string' && /^\d+$/.test(property)) lookups.push(property);
        return Reflect.get(target, property, receiver);
      },
    });
    let made = 0;
    const search = createSearchCache(order, () => {
      made += 1;
      return tracked;
    });
    // No texts are made until something is searched for.
    expect(search('')).toBe(order);
    expect(made).toBe(0);
    expect(search('PE')).toEqual([3, 1, 0]);
    lookups.length = 0;
    expect(search('pen')).toEqual([1, 0]);
    // Only the rows 'pe' matched were looked at.
    expect(lookups.sort()).toEqual(['0', '1', '3']);
    lookups.length = 0;
    expect(search('pe')).toEqual([3, 1, 0]);
    expect(lookups).toEqual([]);
    expect(search('')).toBe(order);
    expect(search('  ')).toBe(order);
    expect(made).toBe(1);
  });
});

describe('sort order', () => {
  it('keeps ties in catalogue order in both directions', () => {
    const items = [
      item(1, { country: 'Italy' }),
      item(2, { country: 'France' }),
      item(3, { country: 'Italy' }),
    ];
    expect(sortOrder(items, { key: 'country', direction: 'asc' })).toEqual([1, 0, 2]);
    expect(sortOrder(items, { key: 'country', direction: 'desc' })).toEqual([0, 2, 1]);
  });

  it('sorts rows by their number, i.e. the catalogue order', () => {
    const items = [item(5), item(3), item(9)];
    expect(sortOrder(items, { key: 'rowNumber', direction: 'desc' })).toEqual([2, 1, 0]);
  });
});

describe('sorting again after a few rows changed', () => {
  const row = fc.record({
    product: fc.constantFrom('Grange', 'Bin 389', 'Hill of Grace', ''),
    luc: fc.constantFrom(5, 10, 10, 20),
    region: fc.constantFrom('Barossa', 'Eden Valley', ''),
    custom: fc.constantFrom<InventoryItem['custom'][]>(
      {},
      { vintage: 2019 },
      { vintage: '2020' },
      { vintage: ['a', 'b'] },
    ),
  });
  const sorts = fc.record({
    key: fc.constantFrom('product', 'luc', 'region', 'vintage', 'rowNumber'),
    direction: fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
  });

  it('gives the order a full sort gives, whatever changed', () => {
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 40 }),
        fc.array(fc.tuple(fc.nat(), row), { maxLength: 6 }),
        sorts,
        (rows, changes, sort) => {
          const before = rows.map((values, index) => item(index + 1, values));
          const after = [...before];
          for (const [at, values] of changes) {
            const index = at % after.length;
            after[index] = item(index + 1, values);
          }
          const order = sortOrder(before, sort);
          expect(updatedSortOrder(before, order, after, sort)).toEqual(sortOrder(after, sort));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('sorts again when rows were added or removed', () => {
    const before = [item(1), item(2)];
    const after = [item(3, { product: 'Aardvark' }), ...before];
    expect(updatedSortOrder(before, sortOrder(before, DEFAULT_SORT), after, DEFAULT_SORT)).toEqual(
      sortOrder(after, DEFAULT_SORT),
    );
  });
});
