import { MAX_PAGE_BUTTONS } from './constants.ts';
import { columnValue, type InventoryItem } from './product.ts';

/** Sorting, searching and paging of the inventory table (spec section 4). */

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: string;
  direction: SortDirection;
}

/** The table's own default: 'name' (the product column), ascending. */
export const DEFAULT_SORT: SortState = { key: 'product', direction: 'asc' };

/**
 * A header click: the column currently sorted ascending switches to descending; any other click
 * sorts that column ascending.
 */
export function nextSort(current: SortState, key: string): SortState {
  if (current.key === key && current.direction === 'asc') return { key, direction: 'desc' };
  return { key, direction: 'asc' };
}

function sortValue(item: InventoryItem, key: string, index: number): unknown {
  // Row numbers follow the catalogue's own order.
  if (key === 'rowNumber') return index;
  return columnValue(item, key);
}

const isMissing = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Numbers sort numerically, other values by plain comparison. Missing values go last in both
 * directions, so a sort never buries the rows that have data under empty ones.
 */
export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const left = Array.isArray(a) ? a.join(', ') : String(a);
  const right = Array.isArray(b) ? b.join(', ') : String(b);
  if (left < right) return -1;
  if (left > right) return 1;
  return 0;
}

export function sortItems(
  items: readonly InventoryItem[],
  { key, direction }: SortState,
): InventoryItem[] {
  const sign = direction === 'asc' ? 1 : -1;
  const keyed = items.map((item, index) => ({ item, value: sortValue(item, key, index), index }));
  keyed.sort((x, y) => {
    const xMissing = isMissing(x.value);
    const yMissing = isMissing(y.value);
    if (xMissing || yMissing) {
      return xMissing === yMissing ? x.index - y.index : xMissing ? 1 : -1;
    }
    return sign * compareValues(x.value, y.value) || x.index - y.index;
  });
  return keyed.map((entry) => entry.item);
}

function searchableText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return Object.values(value).map(searchableText).join('\u0000');
  return String(value);
}

/**
 * The lower-cased text of every field of an item, built once per catalogue load so that each
 * keystroke is a plain substring test over the list.
 */
export function searchIndex(items: readonly InventoryItem[]): Map<InventoryItem, string> {
  return new Map(
    items.map((item) => [
      item,
      Object.values(item).map(searchableText).join('\u0000').toLowerCase(),
    ]),
  );
}

/** Case-insensitive: a row matches when any of its field values contains the text. */
export function searchItems(
  items: readonly InventoryItem[],
  query: string,
  index: Map<InventoryItem, string> = searchIndex(items),
): InventoryItem[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return items.slice();
  return items.filter((item) => (index.get(item) ?? '').includes(needle));
}

export interface PageInfo {
  page: number;
  pageCount: number;
  /** 1-based position of the first and last row shown; 0 and 0 when there are none. */
  from: number;
  to: number;
  total: number;
}

export function pageInfo(total: number, page: number, pageSize: number): PageInfo {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const from = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(total, current * pageSize);
  return { page: current, pageCount, from, to, total };
}

export function showingText({ from, to, total }: PageInfo): string {
  return `Showing ${from} to ${to} of ${total} results`;
}

export type PageButton = { kind: 'page'; page: number } | { kind: 'ellipsis' };

/**
 * Up to 5 numbered page buttons around the current page, then an ellipsis and the last page
 * when the last page is not among them.
 */
export function pageButtons(page: number, pageCount: number): PageButton[] {
  const count = Math.min(MAX_PAGE_BUTTONS, pageCount);
  const start = Math.min(
    Math.max(1, page - Math.floor(MAX_PAGE_BUTTONS / 2)),
    pageCount - count + 1,
  );
  const buttons: PageButton[] = Array.from({ length: count }, (_, i) => ({
    kind: 'page' as const,
    page: start + i,
  }));
  const lastShown = start + count - 1;
  if (lastShown < pageCount) {
    if (lastShown < pageCount - 1) buttons.push({ kind: 'ellipsis' });
    buttons.push({ kind: 'page', page: pageCount });
  }
  return buttons;
}
