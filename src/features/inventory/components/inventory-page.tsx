import { AlertTriangle, Info } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { refreshCatalogue, useStoredCatalogue } from '#data/repositories/catalogue.ts';
import { SAMPLE_INVENTORY } from '#shared/inventory/sample-data.ts';
import { PageHeader } from '#ui/page-header.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { ESSENTIAL_COLUMNS } from '../columns.ts';
import { InventoryTableView } from './inventory-table-view.tsx';
import './inventory.css';

export const INVENTORY_TABS = [
  { id: 'inventory', label: 'Inventory' },
  { id: 'add', label: 'Add Inventory' },
  { id: 'batch', label: 'Batch Operations' },
  { id: 'settings', label: 'Settings' },
] as const;
export type InventoryTab = (typeof INVENTORY_TABS)[number]['id'];

type LoadState = { status: 'loading' } | { status: 'done' } | { status: 'error'; message: string };

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Unknown error';
}

/**
 * Inventory Management (spec section 2): shows the stored catalogue at once and refreshes it
 * from the server in the background. Add Inventory and Batch Operations show the same table.
 */
export function InventoryPage({
  tab,
  onTabChange,
}: {
  tab: InventoryTab;
  onTabChange: (tab: InventoryTab) => void;
}) {
  const stored = useStoredCatalogue();
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });

  const reload = useCallback((force: boolean) => {
    setLoad({ status: 'loading' });
    refreshCatalogue({ force }).then(
      () => setLoad({ status: 'done' }),
      (error: unknown) => setLoad({ status: 'error', message: errorMessage(error) }),
    );
  }, []);

  useEffect(() => reload(false), [reload]);

  const hasStored = Boolean(stored?.meta);
  let body: React.ReactNode;
  if (stored === undefined || (!hasStored && load.status === 'loading')) {
    body = <PageSpinner label="Loading inventory data and preferences..." />;
  } else if (!hasStored && load.status === 'error') {
    body = (
      <div className="inventory-error card" role="alert">
        <AlertTriangle size={22} aria-hidden="true" />
        <div>
          <h2 className="inventory-error__title">Error loading inventory</h2>
          <p className="inventory-error__message">{load.message}</p>
          <button type="button" className="button button--link" onClick={() => reload(true)}>
            Try again
          </button>
        </div>
      </div>
    );
  } else if (tab === 'settings') {
    body = (
      <section className="card inventory-settings-placeholder">
        <h2>Inventory settings</h2>
        <p>Column, custom field and display settings are on their way.</p>
      </section>
    );
  } else {
    const useSample = stored.items.length === 0;
    body = (
      <>
        {load.status === 'error' && stored.meta ? (
          <p className="inventory-note" role="status">
            <Info size={16} aria-hidden="true" />
            Showing the catalogue saved {new Date(stored.meta.fetchedAt).toLocaleString('en-AU')}.
            It could not be refreshed: {load.message}
            <button type="button" className="button button--link" onClick={() => reload(true)}>
              Try again
            </button>
          </p>
        ) : null}
        {useSample ? (
          <p className="inventory-note" role="status">
            <Info size={16} aria-hidden="true" />
            Your catalogue is empty, so sample products are shown.
          </p>
        ) : null}
        <InventoryTableView
          catalogue={useSample ? SAMPLE_INVENTORY : stored.items}
          columns={ESSENTIAL_COLUMNS}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Inventory Management" />
      <div className="inventory-tabs" role="tablist" aria-label="Inventory">
        {INVENTORY_TABS.map((entry) => (
          <button
            key={entry.id}
            type="button"
            role="tab"
            aria-selected={tab === entry.id}
            className={`inventory-tabs__tab${tab === entry.id ? ' inventory-tabs__tab--active' : ''}`}
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
        {body}
      </div>
    </>
  );
}
