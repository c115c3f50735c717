import { Download, Printer, Search } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { StoredCustomField } from '#data/db.ts';
import type { CatalogueWrites } from '#data/hooks/use-catalogue-writes.ts';
import { useOnline } from '#data/sync/use-sync-status.ts';
import { VIEW_DENSITY_ROW_HEIGHT } from '#domains/preferences/inventory-settings.ts';
import { LOW_STOCK_THRESHOLD, PAGE_SIZE_OPTIONS } from '#domains/products/constants.ts';
import { itemName } from '#domains/products/display-name.ts';
import {
  changesFromDraft,
  draftFor,
  editableColumns,
  errorsByDraftKey,
  type RowDraft,
} from '#domains/products/local-edits.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import type { SortState } from '#domains/products/table.ts';
import { formatDelta } from '#domains/stock/movement.ts';
import { showToast } from '#ui/toast.tsx';
import type { ColumnDef } from '../columns.ts';
import type { ExportFormat } from '../export-list.ts';
import { exportProduct } from '../product-actions.ts';
import { useInventoryTable } from '../use-inventory-table.ts';
import { type AdjustmentInput, AdjustStockDialog } from './adjust-stock-dialog.tsx';
import { DeleteProductDialog } from './delete-product-dialog.tsx';
import type { InventoryGridHandle } from './inventory-grid.tsx';
import { LazyInventoryGrid } from './lazy-inventory-grid.tsx';
import { Pagination } from './pagination.tsx';
import { RowEditor } from './row-editor.tsx';
import { type RowAction, RowOptionsMenu } from './row-options-menu.tsx';
import { SummaryCards } from './summary-cards.tsx';

// Loaded when first opened: the grid paints without them.
const ExportDialog = lazy(() =>
  import('./export-dialog.tsx').then((module) => ({ default: module.ExportDialog })),
);
const PrintLabelsDialog = lazy(() =>
  import('./print-labels-dialog.tsx').then((module) => ({ default: module.PrintLabelsDialog })),
);
const ProductDetailDialog = lazy(() =>
  import('./product-detail-dialog.tsx').then((module) => ({ default: module.ProductDetailDialog })),
);
const ProductHistoryDialog = lazy(() =>
  import('./product-history-dialog.tsx').then((module) => ({
    default: module.ProductHistoryDialog,
  })),
);

/** A product to open as the table shows: its detail, or its stock adjustment. */
export interface ProductOpening {
  productId: number;
  action: 'detail' | 'adjust';
}

/** The display preferences that shape the table. */
export interface DisplayOptions {
  pageSize?: number | undefined;
  sort?: SortState | undefined;
  rowHeight: number;
  showImages: boolean;
}

/**
 * The table view of Inventory Management: search, page size, the grid, pagination, summary
 * cards, the row menu with its actions, inline edit, and the product detail.
 */
export function InventoryTableView({
  catalogue,
  columns,
  display = { rowHeight: VIEW_DENSITY_ROW_HEIGHT.comfortable, showImages: false },
  writes,
  stockReasons = [],
  unsyncedIds,
  attentionIds,
  opening,
  onOpened,
  canEdit = true,
  onEditProduct,
  onViewOrders,
  customFields,
  exportFormat = 'csv',
  lowStockThreshold = LOW_STOCK_THRESHOLD,
  takeRevealColumn,
}: {
  /** The column just shown in Settings, which the grid brings into view. */
  takeRevealColumn?: (() => string | undefined) | undefined;
  /** The user's low-stock threshold (Stock Management Rules), which Low Stock counts by. */
  lowStockThreshold?: number;
  /** Import/Export Settings' format, first offered by Export. */
  exportFormat?: ExportFormat;
  /** The custom fields' definitions, for the row editor's inputs. */
  customFields?: readonly StoredCustomField[] | undefined;
  catalogue: readonly InventoryItem[];
  columns: readonly ColumnDef[];
  display?: DisplayOptions;
  /**
   * Saves edits, duplicates, deletes and stock adjustments; without it they change the screen
   * only (samples), and stock cannot be adjusted.
   */
  writes?: CatalogueWrites;
  /** The reasons offered for a stock adjustment (the inventory settings'). */
  stockReasons?: readonly string[];
  unsyncedIds?: ReadonlySet<number>;
  attentionIds?: ReadonlySet<number>;
  /** A product to open at once (from Scan Product); `onOpened` once it is. */
  opening?: ProductOpening | undefined;
  onOpened?: (() => void) | undefined;
  /** Whether the person's role may change the catalogue (edit, duplicate, delete). */
  canEdit?: boolean;
  /** The product popup's 'View all orders': to the Orders screen. */
  onViewOrders?: (() => void) | undefined;
  /** The product popup's Edit Product: the whole product form (real products only). */
  onEditProduct?: ((item: InventoryItem) => void) | undefined;
}) {
  const table = useInventoryTable(catalogue, {
    ...(display.pageSize !== undefined ? { pageSize: display.pageSize } : {}),
    ...(display.sort ? { sort: display.sort } : {}),
  });
  // The saved Items Per Page is offered too when it is not one of the selector's own sizes.
  const pageSizes = [...new Set<number>([...PAGE_SIZE_OPTIONS, table.pageSize])].sort(
    (a, b) => a - b,
  );
  const gridRef = useRef<InventoryGridHandle>(null);
  const [menu, setMenu] = useState<{
    item: InventoryItem;
    anchor: { x: number; y: number };
  } | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [editErrors, setEditErrors] = useState<Record<string, string>>({});
  const [detailOf, setDetail] = useState<InventoryItem | null>(null);
  // The open product as the catalogue has it now: a sale on another till or a price changed
  // elsewhere shows in the open popup, not only in the grid behind it.
  const detail = useMemo(
    () => (detailOf ? (catalogue.find((item) => item.id === detailOf.id) ?? detailOf) : null),
    [detailOf, catalogue],
  );
  const [labelling, setLabelling] = useState<readonly InventoryItem[] | null>(null);
  const [exporting, setExporting] = useState<readonly InventoryItem[] | null>(null);
  const [deleting, setDeleting] = useState<InventoryItem | null>(null);
  const [historyOf, setHistoryOf] = useState<InventoryItem | null>(null);
  const [adjusting, setAdjusting] = useState<InventoryItem | null>(null);
  const online = useOnline();

  const openingId = opening?.productId;
  const openingAction = opening?.action;
  const onOpenedRef = useRef(onOpened);
  onOpenedRef.current = onOpened;
  useEffect(() => {
    if (openingId === undefined) return;
    const item = catalogue.find((entry) => entry.id === openingId);
    if (item) {
      if (openingAction === 'adjust' && writes) setAdjusting(item);
      else setDetail(item);
    }
    onOpenedRef.current?.();
  }, [openingId, openingAction, catalogue, writes]);

  const customColumns = useMemo(() => columns.filter((column) => column.isCustom), [columns]);
  // Custom fields by their names, for an export's headers.
  const customNames = useMemo(
    () => new Map((customFields ?? []).map((field) => [field.field_key, field.field_name])),
    [customFields],
  );
  const editedColumns = useMemo(
    () => editableColumns(columns.map((column) => column.key)),
    [columns],
  );
  const editing =
    editingId === null ? undefined : table.items.find((item) => item.id === editingId);

  const closeMenu = useCallback(() => setMenu(null), []);
  const openOptions = useCallback(
    (item: InventoryItem, anchor: { x: number; y: number }) => setMenu({ item, anchor }),
    [],
  );

  function onAction(action: RowAction) {
    if (!menu) return;
    const { item } = menu;
    setMenu(null);
    switch (action) {
      case 'edit':
        setEditErrors({});
        setEditingId(item.id);
        break;
      case 'adjust':
        setAdjusting(item);
        break;
      case 'duplicate':
        setEditingId(null);
        if (writes) void writes.duplicate(item);
        else table.duplicate(item.id);
        break;
      case 'history':
        // Sample products have no history on the server: the spec's prototype answer.
        if (writes) setHistoryOf(item);
        else showToast('View History - Feature to be implemented');
        break;
      case 'export':
        // Sample products have no movements on the server.
        void exportProduct(item, customNames, Boolean(writes));
        break;
      case 'delete':
        setDeleting(item);
        break;
    }
  }

  async function saveAdjustment(item: InventoryItem, adjustment: AdjustmentInput) {
    if (!writes) return;
    await writes.adjust(item, adjustment);
    setAdjusting(null);
    showToast(`Stock of ${item.product} adjusted (${formatDelta(adjustment.delta)})`, 'success');
  }

  function confirmDelete() {
    if (!deleting) return;
    if (writes) void writes.remove(deleting);
    else table.remove(deleting.id);
    if (editingId === deleting.id) setEditingId(null);
    showToast(`${deleting.product} deleted successfully!`, 'success');
    setDeleting(null);
  }

  async function saveEdit(item: InventoryItem, draft: RowDraft) {
    if (!writes) {
      table.saveEdit(item.id, draft);
      setEditingId(null);
      return;
    }
    const customKeys = customColumns.map((column) => column.key);
    const errors = await writes.edit(item, changesFromDraft(item, draft, customKeys));
    if (errors) {
      setEditErrors(errorsByDraftKey(errors));
      return;
    }
    setEditErrors({});
    setEditingId(null);
  }

  const query = table.query.trim();
  const pageSizeId = 'inventory-page-size';

  return (
    <div className="inventory-view">
      <section className="inventory-table card" aria-label="Products">
        <div className="inventory-toolbar">
          <label className="inventory-search">
            <Search size={18} aria-hidden="true" className="inventory-search__icon" />
            <span className="visually-hidden">Search products</span>
            <input
              type="search"
              className="field__input inventory-search__input"
              placeholder="Search products, producers, regions..."
              value={table.query}
              onChange={(event) => table.setQuery(event.target.value)}
            />
          </label>
          <button
            type="button"
            className="button button--secondary inventory-toolbar__labels"
            disabled={table.matchCount === 0}
            onClick={() => setLabelling(table.matchedRows())}
          >
            <Printer size={16} aria-hidden="true" />
            Print labels
          </button>
          <button
            type="button"
            className="button button--secondary inventory-toolbar__export"
            disabled={table.matchCount === 0}
            onClick={() => setExporting(table.matchedRows())}
          >
            <Download size={16} aria-hidden="true" />
            Export
          </button>
          <div className="inventory-page-size">
            <label htmlFor={pageSizeId}>Show:</label>
            <select
              id={pageSizeId}
              className="field__input"
              value={table.pageSize}
              onChange={(event) => table.setPageSize(Number(event.target.value))}
            >
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
        </div>

        {table.matchCount === 0 ? (
          <p className="inventory-empty" role="status">
            {query ? `No products found for "${query}".` : 'No products available.'}
          </p>
        ) : (
          <LazyInventoryGrid
            ref={gridRef}
            rows={table.pageRows}
            columns={columns}
            firstRowNumber={table.info.from}
            sort={table.sort}
            widths={table.widths}
            rowHeight={display.rowHeight}
            showImages={display.showImages}
            editingId={editingId}
            {...(unsyncedIds ? { unsyncedIds } : {})}
            {...(attentionIds ? { attentionIds } : {})}
            onSort={table.sortBy}
            onResize={table.resize}
            onOpenProduct={setDetail}
            onOpenOptions={openOptions}
            takeRevealColumn={takeRevealColumn}
          />
        )}

        {editing ? (
          <RowEditor
            key={editing.id}
            productName={editing.product}
            initialDraft={draftFor(
              editing,
              editedColumns,
              customColumns.map((column) => column.key),
            )}
            columns={editedColumns}
            customColumns={customColumns}
            customFields={customFields}
            errors={editErrors}
            onSave={(draft) => void saveEdit(editing, draft)}
            onCancel={() => setEditingId(null)}
          />
        ) : null}

        <Pagination info={table.info} onPage={table.setPage} />
      </section>

      <SummaryCards summary={table.summary} lowStockThreshold={lowStockThreshold} />

      {menu ? (
        <RowOptionsMenu
          productName={menu.item.product}
          anchor={menu.anchor}
          canAdjustStock={Boolean(writes)}
          canEditCatalogue={canEdit}
          onSelect={onAction}
          onClose={closeMenu}
        />
      ) : null}
      {deleting ? (
        <DeleteProductDialog
          productName={deleting.product}
          onCancel={() => setDeleting(null)}
          onConfirm={confirmDelete}
        />
      ) : null}
      {adjusting ? (
        <AdjustStockDialog
          item={adjusting}
          reasons={stockReasons}
          onCancel={() => setAdjusting(null)}
          onSave={(adjustment) => saveAdjustment(adjusting, adjustment)}
        />
      ) : null}
      {/* The dialogs load when first opened; what is on screen stays meanwhile. */}
      <Suspense fallback={null}>
        {historyOf ? (
          <ProductHistoryDialog
            productId={historyOf.id}
            productName={itemName(historyOf)}
            hasUnsyncedChanges={unsyncedIds?.has(historyOf.id) ?? false}
            online={online}
            onClose={() => setHistoryOf(null)}
          />
        ) : null}
        {exporting ? (
          <ExportDialog
            items={exporting}
            columns={columns}
            customFields={customFields ?? []}
            defaultFormat={exportFormat}
            onClose={() => setExporting(null)}
          />
        ) : null}
        {labelling ? (
          <PrintLabelsDialog items={labelling} onClose={() => setLabelling(null)} />
        ) : null}
        {detail ? (
          <ProductDetailDialog
            item={detail}
            onClose={() => {
              setDetail(null);
              // After the dialog has gone and handed focus back to whatever it had.
              requestAnimationFrame(() => gridRef.current?.focus());
            }}
            onShowProducer={(producer) => {
              setDetail(null);
              table.setQuery(producer);
            }}
            onViewOrders={onViewOrders}
            onViewInCatalog={(shown) => {
              setDetail(null);
              // The product alone in the grid: found by its SKU, else its name.
              table.setQuery(shown.sku?.trim() || shown.product);
            }}
            onExport={(shown) => void exportProduct(shown, customNames, Boolean(writes))}
            onPrintLabel={() => {
              setLabelling([detail]);
              setDetail(null);
            }}
            onAdjustStock={
              writes
                ? () => {
                    setAdjusting(detail);
                    setDetail(null);
                  }
                : undefined
            }
            onEditProduct={
              canEdit
                ? () => {
                    const item = detail;
                    setDetail(null);
                    // A product of the catalogue gets the whole form; a sample its row editor.
                    if (writes && onEditProduct) onEditProduct(item);
                    else {
                      setEditErrors({});
                      setEditingId(item.id);
                    }
                  }
                : undefined
            }
            online={online}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
