import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '#shared/inventory/constants.ts';
import {
  applyDraft,
  deleteItem,
  duplicateItem,
  type RowDraft,
  replaceItem,
} from '#shared/inventory/local-edits.ts';
import type { InventoryItem } from '#shared/inventory/product.ts';
import { summarize } from '#shared/inventory/summary.ts';
import {
  DEFAULT_SORT,
  nextSort,
  pageInfo,
  type SortState,
  searchIndex,
  sortItems,
} from '#shared/inventory/table.ts';

/**
 * The state of the inventory table: search, page size, page, sort, column widths, and the
 * screen's own copy of the catalogue once the user edits, duplicates or deletes a row (those
 * changes are local, as the spec says, and last until the page is left).
 *
 * Work is arranged for catalogues of tens of thousands: the search text of every row is built
 * once per catalogue, the sorted list once per sort, and a keystroke only filters the sorted
 * list, which keeps its order.
 */
export function useInventoryTable(catalogue: readonly InventoryItem[]) {
  const [workingCopy, setWorkingCopy] = useState<InventoryItem[] | null>(null);
  const [query, setQueryState] = useState('');
  const [pageSize, setPageSizeState] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [widths, setWidths] = useState<Record<string, number>>({});

  const items = workingCopy ?? catalogue;
  const index = useMemo(() => searchIndex(items), [items]);
  const sorted = useMemo(() => sortItems(items, sort), [items, sort]);
  const deferredQuery = useDeferredValue(query);
  const filtered = useMemo(() => {
    const needle = deferredQuery.trim().toLowerCase();
    return needle ? sorted.filter((item) => (index.get(item) ?? '').includes(needle)) : sorted;
  }, [sorted, index, deferredQuery]);
  const info = pageInfo(filtered.length, page, pageSize);
  const pageRows = useMemo(
    () => filtered.slice((info.page - 1) * pageSize, info.page * pageSize),
    [filtered, info.page, pageSize],
  );
  const summary = useMemo(() => summarize(items), [items]);

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
    filtered,
    pageRows,
    info,
    summary,
    saveEdit,
    duplicate,
    remove,
  };
}
