import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, FileUp, Info } from 'lucide-react';
import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useCatalogueWrites, useShownCatalogue } from '#data/hooks/use-catalogue-writes.ts';
import { useColumnLayout } from '#data/hooks/use-column-layout.ts';
import { useCan } from '#data/hooks/use-permissions.ts';
import { useStoredInventorySettings } from '#data/hooks/use-stored.ts';
import { refreshCatalogue, useStoredCatalogue } from '#data/repositories/catalogue.ts';
import { inventorySettingsQuery } from '#data/repositories/inventory-settings.ts';
import { businessProfileQuery } from '#data/repositories/team.ts';
import { useOnline } from '#data/sync/use-sync-status.ts';
import { DEFAULT_TABLE } from '#domains/preferences/column-preferences.ts';
import {
  defaultInventorySettings,
  SORT_OPTION_ORDER,
  VIEW_DENSITY_ROW_HEIGHT,
} from '#domains/preferences/inventory-settings.ts';
import { shownColumnKeys } from '#domains/products/columns.ts';
import { LOW_STOCK_THRESHOLD } from '#domains/products/constants.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { SAMPLE_INVENTORY } from '#domains/products/sample-data.ts';
import { PageHeader } from '#ui/page-header.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { columnDef } from '../columns.ts';
import { IMPORT_TEXT } from './import/import-text.ts';
import {
  type DisplayOptions,
  InventoryTableView,
  type ProductOpening,
} from './inventory-table-view.tsx';
import { TaxReview } from './tax-review.tsx';
import './inventory.css';

// Loaded when first opened: the grid paints without them.
const ImportPanel = lazy(() =>
  import('./import/import-panel.tsx').then((module) => ({ default: module.ImportPanel })),
);
const ProductForm = lazy(() =>
  import('./product-form.tsx').then((module) => ({ default: module.ProductForm })),
);
const StocktakesView = lazy(() =>
  import('./stocktakes/stocktakes-view.tsx').then((module) => ({ default: module.StocktakesView })),
);

export const INVENTORY_TABS = [
  { id: 'inventory', label: 'Inventory' },
  { id: 'add', label: 'Add Inventory' },
  { id: 'batch', label: 'Batch Operations' },
  { id: 'settings', label: 'Settings' },
] as const;
export type InventoryTab = (typeof INVENTORY_TABS)[number]['id'];

const NO_ITEMS: readonly InventoryItem[] = [];
const DEFAULT_PRODUCT_DEFAULTS = defaultInventorySettings().productDefaults;
const DEFAULT_STOCK_REASONS = defaultInventorySettings().stockManagement.stockAdjustmentReasons;

type LoadState = { status: 'loading' } | { status: 'done' } | { status: 'error'; message: string };

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Unknown error';
}

/**
 * Inventory Management (spec section 2): shows the stored catalogue at once, with the changes
 * still waiting to be sent, and refreshes it from the server in the background. Edits,
 * duplicates and deletes are saved through the outbox. Add Inventory is the form for a new
 * product; Batch Operations holds the stocktakes.
 */
export function InventoryPage({
  tab,
  onTabChange,
  opening,
  onOpened,
  newBarcode,
  settingsPanel,
  onViewOrders,
}: {
  /** The product popup's 'View all orders': to the Orders screen. */
  onViewOrders?: () => void;
  tab: InventoryTab;
  onTabChange: (tab: InventoryTab) => void;
  /** A product to open at once, its detail or its stock adjustment; `onOpened` once it is. */
  opening?: ProductOpening | undefined;
  onOpened?: () => void;
  /** Add Inventory starts with this barcode. */
  newBarcode?: string | undefined;
  /** The inventory settings panel, shown on the Settings sub-tab. */
  settingsPanel: ReactNode;
}) {
  const stored = useStoredCatalogue();
  const writes = useCatalogueWrites();
  const canEditCatalogue = useCan('catalogue.edit');
  const canManageCounts = useCan('stocktake.manage');
  const tabs = INVENTORY_TABS.filter((entry) => entry.id !== 'add' || canEditCatalogue);
  // Edit Product: the product form in place of the table, until it is saved or cancelled.
  const [editingProduct, setEditingProduct] = useState<InventoryItem | null>(null);
  // Add Inventory → Import from file, in place of the form.
  const [importing, setImporting] = useState(false);
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  // The inventory data first, then the column preferences (spec section 2).
  const columns = useColumnLayout(DEFAULT_TABLE, { enabled: load.status !== 'loading' });
  const settingsLoad = useQuery({
    ...inventorySettingsQuery(),
    enabled: load.status !== 'loading',
  });
  const storedSettings = useStoredInventorySettings() ?? settingsLoad.data;
  const shown = useShownCatalogue(
    stored?.items ?? NO_ITEMS,
    storedSettings?.settings.stockManagement.lowStockThreshold,
  );

  const reload = useCallback((force: boolean) => {
    setLoad({ status: 'loading' });
    refreshCatalogue({ force }).then(
      () => setLoad({ status: 'done' }),
      (error: unknown) => setLoad({ status: 'error', message: errorMessage(error) }),
    );
  }, []);

  useEffect(() => reload(false), [reload]);

  // Back online after a failed refresh: refresh again without being asked.
  const online = useOnline();
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) reload(false);
    wasOnline.current = online;
  }, [online, reload]);

  const { retry: retryColumns } = columns;
  const tryAgain = useCallback(() => {
    reload(true);
    retryColumns();
  }, [reload, retryColumns]);

  const gridColumns = useMemo(() => {
    const names = new Map(columns.customFields.map((field) => [field.field_key, field.field_name]));
    return shownColumnKeys(columns.layout, names).map((key) => columnDef(key, names));
  }, [columns.layout, columns.customFields]);

  // Saved display preferences apply once the user has saved some; until then the table's own.
  const display: DisplayOptions = useMemo(() => {
    const settings = storedSettings?.savedAt ? storedSettings.settings.display : undefined;
    return {
      pageSize: settings?.itemsPerPage,
      sort: settings ? SORT_OPTION_ORDER[settings.defaultSort] : undefined,
      rowHeight:
        VIEW_DENSITY_ROW_HEIGHT[storedSettings?.settings.display.viewDensity ?? 'comfortable'],
      showImages: storedSettings?.settings.display.showProductImages ?? false,
    };
  }, [storedSettings]);

  // Product Defaults are the person's once they saved settings; until then the business's tax
  // category (Business Profile) suggests the GST.
  const business = useQuery(businessProfileQuery());
  const productDefaults = useMemo(() => {
    const own = storedSettings?.settings.productDefaults ?? DEFAULT_PRODUCT_DEFAULTS;
    const category = business.data?.default_tax_category;
    return storedSettings?.savedAt || !category ? own : { ...own, defaultTaxCategory: category };
  }, [storedSettings, business.data]);

  // What the product form needs, to add a product or to edit one.
  const formProps = {
    catalogue: shown.items,
    customFields: columns.customFields,
    defaults: productDefaults,
    online,
    writes,
  };

  const hasStored = Boolean(stored?.meta);
  let body: React.ReactNode;
  if (stored === undefined || (!hasStored && load.status === 'loading') || columns.loading) {
    body = <PageSpinner label="Loading inventory data and preferences..." />;
  } else if (!hasStored && load.status === 'error') {
    body = (
      <div className="inventory-error card" role="alert">
        <AlertTriangle size={22} aria-hidden="true" />
        <div>
          <h2 className="inventory-error__title">Error loading inventory</h2>
          <p className="inventory-error__message">{load.message}</p>
          <button type="button" className="button button--link" onClick={tryAgain}>
            Try again
          </button>
        </div>
      </div>
    );
  } else if (tab === 'settings') {
    body = settingsPanel;
  } else if (tab === 'batch') {
    body = <StocktakesView catalogue={shown.items} online={online} canManage={canManageCounts} />;
  } else if (tab === 'add' && canEditCatalogue && importing) {
    body = (
      <ImportPanel
        catalogue={shown.items}
        customFields={columns.customFields}
        shopCategory={productDefaults.defaultTaxCategory}
        online={online}
        onBack={() => setImporting(false)}
        onDone={() => {
          setImporting(false);
          onTabChange('inventory');
        }}
      />
    );
  } else if (tab === 'add' && canEditCatalogue) {
    body = (
      <>
        <div className="import-offer card">
          <p>{IMPORT_TEXT.offer}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setImporting(true)}
          >
            <FileUp size={16} aria-hidden="true" />
            {IMPORT_TEXT.open}
          </button>
        </div>
        <ProductForm {...formProps} barcode={newBarcode} onDone={() => onTabChange('inventory')} />
      </>
    );
  } else {
    const useSample = stored.items.length === 0;
    // Edit Product puts the product form in place of the table, which stays mounted (hidden) so
    // that its search, page and sort are there again when the form closes.
    // What the table shows the sample products and the catalogue alike.
    const tableProps = {
      columns: gridColumns,
      display,
      onViewOrders,
      customFields: columns.customFields,
      exportFormat: storedSettings?.settings.importExport.exportFormat ?? 'csv',
      lowStockThreshold:
        storedSettings?.settings.stockManagement.lowStockThreshold ?? LOW_STOCK_THRESHOLD,
      takeRevealColumn: columns.takeJustShown,
    };
    const editingShown = editingProduct && !useSample ? editingProduct : null;
    body = (
      <>
        {editingShown ? (
          <ProductForm
            key={editingShown.id}
            {...formProps}
            editing={editingShown}
            onDone={() => setEditingProduct(null)}
          />
        ) : null}
        <div className="inventory-table-area" hidden={editingShown !== null}>
          {load.status === 'error' && stored.meta ? (
            <p className="inventory-note" role="status">
              <Info size={16} aria-hidden="true" />
              Showing the catalogue saved {new Date(stored.meta.fetchedAt).toLocaleString('en-AU')}.
              {online
                ? ` It could not be refreshed: ${load.message}`
                : ' You are offline; it refreshes when the connection is back.'}
              <button type="button" className="button button--link" onClick={tryAgain}>
                Try again
              </button>
            </p>
          ) : null}
          {columns.error ? (
            <p className="inventory-note" role="status">
              <Info size={16} aria-hidden="true" />
              {online
                ? 'Your column layout could not be loaded, so the default columns are shown.'
                : 'You are offline and your column layout is not on this device yet, so the default columns are shown.'}
              <button type="button" className="button button--link" onClick={retryColumns}>
                Try again
              </button>
            </p>
          ) : null}
          {useSample ? (
            <p className="inventory-note" role="status">
              <Info size={16} aria-hidden="true" />
              Your catalogue is empty, so sample products are shown.
            </p>
          ) : canEditCatalogue ? (
            <TaxReview items={shown.items} writes={writes} />
          ) : null}
          {useSample ? (
            <InventoryTableView catalogue={SAMPLE_INVENTORY} {...tableProps} />
          ) : (
            <InventoryTableView
              catalogue={shown.items}
              {...tableProps}
              writes={writes}
              stockReasons={
                storedSettings?.settings.stockManagement.stockAdjustmentReasons ??
                DEFAULT_STOCK_REASONS
              }
              unsyncedIds={shown.unsynced}
              attentionIds={shown.attention}
              opening={opening}
              onOpened={onOpened}
              canEdit={canEditCatalogue}
              onEditProduct={setEditingProduct}
            />
          )}
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Inventory Management" />
      <div className="tab-bar inventory-tabs" role="tablist" aria-label="Inventory">
        {tabs.map((entry) => (
          <button
            key={entry.id}
            type="button"
            role="tab"
            aria-selected={tab === entry.id}
            className={`tab-bar__tab${tab === entry.id ? ' tab-bar__tab--active' : ''}`}
            onClick={() => onTabChange(entry.id)}
          >
            {entry.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        aria-label={INVENTORY_TABS.find((entry) => entry.id === tab)?.label}
        className="inventory-panel"
      >
        <Suspense fallback={<PageSpinner />}>{body}</Suspense>
      </div>
    </>
  );
}
