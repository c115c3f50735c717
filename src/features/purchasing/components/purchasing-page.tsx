import { type ReactNode, useEffect, useRef } from 'react';
import { useLocalCatalogue } from '#data/hooks/use-local-catalogue.ts';
import { useCan } from '#data/hooks/use-permissions.ts';
import { refreshBuying } from '#data/repositories/buying.ts';
import { refreshCatalogue } from '#data/repositories/catalogue.ts';
import { refreshDeliveries } from '#data/repositories/deliveries.ts';
import { useOnline } from '#data/sync/use-sync-status.ts';
import { PageHeader } from '#ui/page-header.tsx';
import { SCAN_TEXT } from '#ui/scanning/scan-text.ts';
import { PURCHASING_TEXT } from '../purchasing-text.ts';
import { DeliveriesView } from './deliveries-view.tsx';
import { OrdersView } from './orders-view.tsx';
import { SuggestionsView } from './suggestions-view.tsx';
import { SuppliersView } from './suppliers-view.tsx';
import './purchasing.css';

export const PURCHASING_TABS = ['suggestions', 'orders', 'deliveries', 'suppliers'] as const;
export type PurchasingTab = (typeof PURCHASING_TABS)[number];

/** Where the screen is: a tab, and the order, delivery or supplier open in it. */
export interface PurchasingView {
  tab: PurchasingTab;
  order?: string | undefined;
  delivery?: string | undefined;
  supplier?: string | undefined;
}

/**
 * Purchasing (beyond the spec's prototype; README, "Buying and receiving"): reorder suggestions
 * and purchase orders for managers and owners, deliveries for everyone (staff scan them in, a
 * manager posts them), suppliers. The device keeps suppliers, orders and deliveries through the
 * pull, so all of it opens and receiving goes on offline.
 */
export function PurchasingPage({
  view,
  onNavigate,
}: {
  view: PurchasingView;
  onNavigate: (view: PurchasingView) => void;
}) {
  const online = useOnline();
  const canManage = useCan('purchasing.manage');
  const canEditCatalogue = useCan('catalogue.edit');
  const { items, held } = useLocalCatalogue();
  // What receiving says while this device has no catalogue to look scans up in.
  const catalogueNote = held ? null : online ? SCAN_TEXT.loading : SCAN_TEXT.absent;
  // Receiving looks products up in the catalogue this device holds: it is fetched on first
  // visit, as the till and the inventory do, then kept current by the pull.
  useEffect(() => {
    if (!online) return;
    refreshCatalogue().catch(() => {});
    refreshBuying().catch(() => {});
    refreshDeliveries().catch(() => {});
  }, [online]);

  const tabs = PURCHASING_TABS.filter((tab) => tab !== 'suggestions' || canManage);
  const tab = tabs.includes(view.tab) ? view.tab : 'orders';
  // A phone's tab bar scrolls: the open tab is brought into view when it changes.
  const tabBar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    tabBar.current
      ?.querySelector(`[data-tab="${tab}"]`)
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  let body: ReactNode;
  if (tab === 'suggestions') {
    body = <SuggestionsView online={online} onDrafted={() => onNavigate({ tab: 'orders' })} />;
  } else if (tab === 'orders') {
    body = (
      <OrdersView
        catalogue={items}
        canManage={canManage}
        orderId={view.order}
        onOpen={(order) => onNavigate({ tab: 'orders', order })}
        onOpenDelivery={(delivery) => onNavigate({ tab: 'deliveries', delivery })}
      />
    );
  } else if (tab === 'deliveries') {
    body = (
      <DeliveriesView
        catalogue={items}
        catalogueNote={catalogueNote}
        online={online}
        canPost={canManage}
        canEditCatalogue={canEditCatalogue}
        deliveryId={view.delivery}
        onOpen={(delivery) => onNavigate({ tab: 'deliveries', delivery })}
      />
    );
  } else {
    body = (
      <SuppliersView
        catalogue={items}
        canManage={canManage}
        supplierId={view.supplier}
        onOpen={(supplier) => onNavigate({ tab: 'suppliers', supplier })}
        onOpenOrder={(order) => onNavigate({ tab: 'orders', order })}
        onOpenDelivery={(delivery) => onNavigate({ tab: 'deliveries', delivery })}
      />
    );
  }

  return (
    <>
      <PageHeader title={PURCHASING_TEXT.title} subtitle={PURCHASING_TEXT.subtitle} />
      <div
        ref={tabBar}
        className="tab-bar purchasing-tabs"
        role="tablist"
        aria-label={PURCHASING_TEXT.title}
      >
        {tabs.map((entry) => (
          <button
            key={entry}
            type="button"
            role="tab"
            data-tab={entry}
            aria-selected={tab === entry}
            className={`tab-bar__tab${tab === entry ? ' tab-bar__tab--active' : ''}`}
            onClick={() => onNavigate({ tab: entry })}
          >
            {PURCHASING_TEXT.tabs[entry]}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={PURCHASING_TEXT.tabs[tab]} className="purchasing-panel">
        {body}
      </div>
    </>
  );
}
