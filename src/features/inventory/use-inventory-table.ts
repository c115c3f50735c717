import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '#domains/products/constants.ts';
import {
  applyDraft,
  deleteItem,
  duplicateItem,
  type RowDraft,
  replaceItem,
} from '#domains/products/local-edits.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { summarize } from '#domains/products/summary.ts';
import {
  createSearchCache,
  DEFAULT_SORT,
  nextSort,
  pageInfo,
  type SortState,
  searchTexts,
  sortOrder,
  updatedSortOrder,
} from '#domains/products/table.ts';

/**
 * The state of the inventory table: search, page size, page, sort, column widths, and, for the
 * sample products only, the screen's own copy once the user edits, duplicates or deletes a row
 * (the stored catalogue's changes are saved through the outbox instead).
 *
 * Work is arranged for catalogues of tens of thousands: the search text of every row is built
 * once per catalogue, at the first search, the sort order once per sort, and a keystroke only
 * filters that order (a longer query only the rows the shorter one matched).
 */
export function useInventoryTable(
  catalogue: readonly InventoryItem[],
  preferred: { pageSize?: number; sort?: SortState } = {},
) {
  const [workingCopy, setWorkingCopy] = useState<InventoryItem[] | null>(null);
  const [query, setQueryState] = useState('');
  const [pageSize, setPageSizeState] = useState<number>(preferred.pageSize ?? DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortState>(preferred.sort ?? DEFAULT_SORT);
  const [widths, setWidths] = useState<Record<string, number>>({});

  // The display preferences may arrive (or change) after the table has opened.
  const preferredSize = preferred.pageSize;
  const preferredSortKey = preferred.sort?.key;
  const preferredSortDirection = preferred.sort?.direction;
  useEffect(() => {
    if (preferredSize === undefined) return;
    setPageSizeState(preferredSize);
    setPage(1);
  }, [preferredSize]);
  useEffect(() => {
    if (preferredSortKey && preferredSortDirection) {
      setSort({ key: preferredSortKey, direction: preferredSortDirection });
    }
  }, [preferredSortKey, preferredSortDirection]);

  const items = workingCopy ?? catalogue;
  // A few rows changed (a refresh, an acknowledged write): they move, the rest keeps its order.
  const sorted = useRef<{
    items: readonly InventoryItem[];
    sort: SortState;
    order: number[];
  } | null>(null);
  const order = useMemo(() => {
    const last = sorted.current;
    const next =
      last && last.sort.key === sort.key && last.sort.direction === sort.direction
        ? updatedSortOrder(last.items, last.order, items, sort)
        : sortOrder(items, sort);
    sorted.current = { items, sort, order: next };
    return next;
  }, [items, sort]);
  const search = useMemo(() => createSearchCache(order, () => searchTexts(items)), [order, items]);
  const deferredQuery = useDeferredValue(query);
  const matches = useMemo(() => search(deferredQuery), [search, deferredQuery]);
  const info = pageInfo(matches.length, page, pageSize);
  const pageRows = useMemo(
    () =>
      matches
        .slice((info.page - 1) * pageSize, info.page * pageSize)
        .map((index) => items[index] as InventoryItem),
    [matches, items, info.page, pageSize],
  );
  const summary = useMemo(() => summarize(items), [items]);
  /** Every row the search matches, in the table's order (read when asked: up to 50,000). */
  const matchedRows = useCallback(
    () => matches.map((index) => items[index] as InventoryItem),
    [matches, items],
  );

  const setQuery = useCallback((value: string) => {
    setQueryState(value);
    setPage(1);
  }, []);
  const setPageSize = useCallback((value: number) => {
    setPageSizeState(value);
    setPage(1);
  }, []);
  const sortBy = useCallback((key: string) => setSort((current) => nextSort(current, key)), []);
  const resize = useCallback(
    (key: string, width: number) => setWidths((current) => ({ ...current, [key]: width })),
    [],
  );

  const saveEdit = useCallback(
    (id: number, draft: RowDraft) => {
      const original = items.find((item) => item.id === id);
      if (original) setWorkingCopy(replaceItem(items, applyDraft(original, draft)));
    },
    [items],
  );
  const duplicate = useCallback((id: number) => setWorkingCopy(duplicateItem(items, id)), [items]);
  const remove = useCallback((id: number) => setWorkingCopy(deleteItem(items, id)), [items]);

  return {
    items,
    query,
    setQuery,
    pageSize,
    setPageSize,
    setPage,
    sort,
    sortBy,
    widths,
    resize,
    matchCount: matches.length,
    matchedRows,
    pageRows,
    info,
    summary,
    saveEdit,
    duplicate,
    remove,
  };
}
