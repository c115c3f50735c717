import { useQuery } from '@tanstack/react-query';
import { ImageIcon } from 'lucide-react';
import { createContext, type KeyboardEvent, useContext, useId, useState } from 'react';
import { productSalesQuery } from '#data/repositories/sales.ts';
import { stockMovementsQuery } from '#data/repositories/stock.ts';
import { productField, type WineField } from '#domains/products/fields.ts';
import { formatCurrency, formatPercent, headerSku, withUnit } from '#domains/products/format.ts';
import { markup, totalCost } from '#domains/products/pricing.ts';
import { availableOf, type InventoryItem } from '#domains/products/product.ts';
import { PRODUCT_DETAIL_PLACEHOLDERS as P } from '#domains/products/product-detail.ts';
import { statusBadge } from '#domains/products/status.ts';
import { formatCents } from '#domains/sales/money.ts';
import { formatDelta } from '#domains/stock/movement.ts';
import { countText } from '#shared/words.ts';
import { Modal } from '#ui/modal.tsx';
import { shareProduct } from '../product-actions.ts';
import { Facts, Section } from './detail-parts.tsx';
import { RecentOrders } from './recent-orders.tsx';
import { ReorderInformation } from './reorder-information.tsx';
import { ReservingOrders } from './reserving-orders.tsx';

type TabId = 'overview' | 'stock' | 'analytics';
const TABS: { id: TabId; label: string }[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'stock', label: 'Stock & Orders' },
  { id: 'analytics', label: 'Analytics' },
];

/**
 * The Product Detail popup of spec section 2. On the sample products shown while the catalogue
 * is empty it keeps the spec's fixed placeholder content (section 9); on a product of the
 * catalogue every figure is the product's own, and what is not recorded says so.
 */
export function ProductDetailDialog({
  item,
  onClose,
  onShowProducer,
  onAdjustStock,
  onEditProduct,
  onViewOrders,
  onViewInCatalog,
  onExport,
  onPrintLabel,
  online = true,
}: {
  /** Print Label: closes the popup and asks how many labels to print. */
  onPrintLabel: () => void;
  /** View in Catalog: closes the popup and shows the product in the grid. */
  onViewInCatalog: (item: InventoryItem) => void;
  /** Export Data: the product as a file. */
  onExport: (item: InventoryItem) => void;
  item: InventoryItem;
  onClose: () => void;
  /** 'View all products from this producer': closes the popup and searches for the producer. */
  onShowProducer: (producer: string) => void;
  /**
   * 'Adjust stock' for a product of the real catalogue, whose Stock & Orders tab then shows its
   * real stock and movements; without it (the sample products) the tab is the spec's placeholder.
   */
  onAdjustStock?: (() => void) | undefined;
  /** Edit Product; without it (a role that may not change the catalogue) it is not offered. */
  onEditProduct?: (() => void) | undefined;
  /** 'View all orders': goes to the purchase orders (closing the popup). */
  onViewOrders?: (() => void) | undefined;
  online?: boolean;
}) {
  const [tab, setTab] = useState<TabId>('overview');
  const baseId = useId();
  // A sample product (shown while the catalogue is empty) keeps the spec's placeholder figures;
  // a product of the catalogue shows only what is known of it.
  const sample = !onAdjustStock;
  const badge = statusBadge(item.status);

  function onTabKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((entry) => entry.id === tab);
    const next =
      event.key === 'ArrowRight' ? index + 1 : event.key === 'ArrowLeft' ? index - 1 : null;
    if (next === null) return;
    event.preventDefault();
    const target = TABS[(next + TABS.length) % TABS.length];
    if (!target) return;
    setTab(target.id);
    document.getElementById(`${baseId}-${target.id}`)?.focus();
  }

  const header = (
    <div className="detail-header">
      <div className="detail-header__image" aria-hidden="true">
        <ImageIcon size={28} />
      </div>
      <div className="detail-header__text">
        <h2 className="detail-header__name">{item.product}</h2>
        <p className="detail-header__producer">{item.producer}</p>
        <div className="detail-header__meta">
          <span className={`status-badge status-badge--${badge.tone}`}>{badge.label}</span>
          <span className="detail-header__sku">SKU: {headerSku(item)}</span>
        </div>
      </div>
    </div>
  );

  return (
    <Modal
      title={item.product}
      size="large"
      header={header}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onPrintLabel}>
            Print Label
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => onViewInCatalog(item)}
          >
            View in Catalog
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void shareProduct(item)}
          >
            Share
          </button>
          <button type="button" className="button button--secondary" onClick={() => onExport(item)}>
            Export Data
          </button>
          {onEditProduct ? (
            <button type="button" className="button button--primary" onClick={onEditProduct}>
              Edit Product
            </button>
          ) : null}
        </>
      }
    >
      <div
        className="tab-bar detail-tabs"
        role="tablist"
        aria-label="Product details"
        onKeyDown={onTabKeyDown}
      >
        {TABS.map((entry) => (
          <button
            key={entry.id}
            id={`${baseId}-${entry.id}`}
            type="button"
            role="tab"
            aria-selected={tab === entry.id}
            aria-controls={`${baseId}-${entry.id}-panel`}
            tabIndex={tab === entry.id ? 0 : -1}
            className={`tab-bar__tab${tab === entry.id ? ' tab-bar__tab--active' : ''}`}
            onClick={() => setTab(entry.id)}
          >
            {entry.label}
          </button>
        ))}
      </div>
      <ViewOrdersContext.Provider value={onViewOrders}>
        <div
          id={`${baseId}-${tab}-panel`}
          role="tabpanel"
          aria-labelledby={`${baseId}-${tab}`}
          className="detail-panel"
        >
          {tab === 'overview' ? (
            <OverviewTab item={item} sample={sample} onShowProducer={onShowProducer} />
          ) : tab === 'stock' ? (
            onAdjustStock ? (
              <RealStockTab item={item} online={online} onAdjustStock={onAdjustStock} />
            ) : (
              <StockTab item={item} />
            )
          ) : (
            <AnalyticsTab item={item} sample={sample} online={online} />
          )}
        </div>
      </ViewOrdersContext.Provider>
    </Modal>
  );
}

/** A value the product does not have (yet) reads as a dash, never another product's. */
const orDash = (value: string | undefined | null) => (value?.trim() ? value : '—');

/** A wine field of the product as read ('14.5 %', '750 ml'), or `none` where it has none. */
function wineValue(item: InventoryItem, key: WineField, none: string): string {
  const value = item[key];
  if (!value?.trim()) return none;
  const spec = productField(key);
  return spec?.kind === 'number' ? withUnit(spec, value) : value;
}

export const DETAIL_TEXT = {
  notRecorded: 'Not recorded for this product.',
  noSales: 'No sales recorded yet',
} as const;

function OverviewTab({
  item,
  sample,
  onShowProducer,
}: {
  item: InventoryItem;
  sample: boolean;
  onShowProducer: (producer: string) => void;
}) {
  // The wine facts are the spec's fixed values on a sample product; a product of the catalogue
  // shows its own, and a dash (or a sentence) where it has none.
  const fixed = (value: string, key: WineField) => (sample ? value : wineValue(item, key, '—'));
  const text = (value: string, key: WineField) =>
    sample ? value : wineValue(item, key, DETAIL_TEXT.notRecorded);
  return (
    <div className="detail-grid">
      <Section title="Origin Information">
        <Facts
          rows={[
            ['Country', orDash(item.country)],
            ['Region', orDash(item.region)],
            ['Appellation', orDash(item.appellation)],
            ['Vintage', fixed(P.vintage, 'vintage')],
          ]}
        />
      </Section>
      <Section title="Wine Classification">
        <Facts
          rows={[
            ['Type', fixed(P.type, 'drink_type')],
            ['Grape Varieties', fixed(P.grapes, 'grapes')],
            ['Alcohol', fixed(P.alcohol, 'alcohol')],
            ['Bottle Size', fixed(P.bottleSize, 'bottle_ml')],
            ['Serving Temp', fixed(P.servingTemp, 'serving_temp')],
          ]}
        />
      </Section>
      <Section title="Pricing Breakdown">
        <Facts
          rows={[
            ['Base Cost (LUC)', formatCurrency(item.luc)],
            ['GST', formatCurrency(item.gst)],
            ['Total Cost', formatCurrency(totalCost(item.luc, item.gst))],
            ['List Price', formatCurrency(item.listPrice)],
            ['Margin %', formatPercent(item.margin)],
            ['Markup', formatCurrency(markup(item.listPrice, item.luc, item.gst))],
          ]}
        />
      </Section>
      <Section title="Producer Information">
        <p className="detail-text">
          {[item.producer, item.region, item.country].filter((part) => part?.trim()).join(', ')}.
        </p>
        <button
          type="button"
          className="button button--link"
          onClick={() => onShowProducer(item.producer)}
        >
          View all products from this producer
        </button>
      </Section>
      <Section title="Tasting Notes">
        <p className="detail-text">{text(P.tastingNotes, 'tasting')}</p>
      </Section>
      <Section title="Food Pairing">
        <p className="detail-text">{text(P.foodPairing, 'food_pairing')}</p>
      </Section>
      <Section title="Rating">
        <p className="detail-text">{text(P.rating, 'rating')}</p>
      </Section>
    </div>
  );
}

function StockTab({ item }: { item: InventoryItem }) {
  const s = P.stock;
  return (
    <div className="detail-grid">
      <Section title="Current Stock">
        <Facts
          rows={[
            ['Available', String(s.available)],
            ['Reserved', String(s.reserved)],
            ['Total', String(s.total)],
            ['Stock Value', formatCurrency(s.total * item.listPrice)],
          ]}
        />
      </Section>
      <OrderPlaceholders item={item} />
    </div>
  );
}

const movementTime = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/** The product's latest movements from the server, with loading, empty and offline states. */
function RecentMovements({ productId, online }: { productId: number; online: boolean }) {
  const movements = useQuery({ ...stockMovementsQuery(productId), enabled: productId > 0 });
  if (productId <= 0) {
    return <p className="detail-text">{STOCK_TEXT.notSynced}</p>;
  }
  // Offline, a read never asked waits for the connection: say so, not a spinner that never ends.
  if (movements.isPending && !online) {
    return (
      <p className="detail-text" role="status">
        {STOCK_TEXT.needsConnection}
      </p>
    );
  }
  if (movements.isPending) return <p className="detail-text">Loading movements...</p>;
  if (movements.isError) {
    return (
      <div role="alert">
        <p className="detail-text">{online ? STOCK_TEXT.failed : STOCK_TEXT.offline}</p>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => void movements.refetch()}
        >
          Try again
        </button>
      </div>
    );
  }
  if (movements.data.movements.length === 0) {
    return <p className="detail-text">{STOCK_TEXT.empty}</p>;
  }
  return (
    <div className="detail-table-wrap">
      <table className="detail-table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Change</th>
            <th scope="col">Reason</th>
            <th scope="col">By</th>
          </tr>
        </thead>
        <tbody>
          {movements.data.movements.map((movement) => (
            <tr key={movement.id}>
              <td>{movementTime.format(new Date(movement.made_at))}</td>
              <td>{formatDelta(movement.delta)}</td>
              <td>
                {movement.reason}
                {movement.note ? `: ${movement.note}` : ''}
              </td>
              <td>{movement.by ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export const STOCK_TEXT = {
  notSynced: 'This product has not reached the server yet. Its movements show once it is synced.',
  empty: 'No stock movements yet.',
  offline: 'Movements need a connection to the server. Try again when you are back online.',
  needsConnection: 'Movements need the connection: they show when this device is back online.',
  failed: 'Movements could not be loaded.',
} as const;

/** Stock & Orders of a product of the real catalogue: its stock and its latest movements. */
function RealStockTab({
  item,
  online,
  onAdjustStock,
}: {
  item: InventoryItem;
  online: boolean;
  onAdjustStock: () => void;
}) {
  const stock = item.stock_quantity ?? 0;
  return (
    <div className="detail-grid">
      <Section title="Current Stock">
        <Facts
          rows={[
            ['Available', String(availableOf(item))],
            ['Reserved', String(item.reserved_quantity ?? 0)],
            ['Total', String(stock)],
            ['Stock Value (at list price)', formatCurrency(stock * item.listPrice)],
            ['Stock Value (at cost, LUC)', formatCurrency(stock * item.luc)],
          ]}
        />
        <button
          type="button"
          className="button button--secondary detail-section__action"
          onClick={onAdjustStock}
        >
          Adjust stock
        </button>
      </Section>
      {item.reserved_quantity ? (
        <Section title="Reserved for Customer Orders">
          <ReservingOrders productId={item.id} />
        </Section>
      ) : null}
      <Section title="Recent Movements" wide>
        <RecentMovements productId={item.id} online={online} />
      </Section>
      <Section title="Storage Location">
        <p className="detail-text">
          {wineValue(item, 'storage_location', DETAIL_TEXT.notRecorded)}
        </p>
      </Section>
      <Section title="Reorder Information">
        <ReorderInformation item={item} online={online} />
      </Section>
      <Section title="Recent Orders" wide>
        <RecentOrders productId={item.id} online={online} />
        <ViewAllOrders />
      </Section>
    </div>
  );
}

/** Storage, reorder information and orders: placeholders until orders exist. */
function OrderPlaceholders({ item }: { item: InventoryItem }) {
  return (
    <>
      <Section title="Storage Location">
        <p className="detail-text">{P.storageLocation}</p>
      </Section>
      <Section title="Reorder Information">
        <Facts
          rows={[
            ['Reorder Point', String(P.reorder.point)],
            ['Reorder Quantity', String(P.reorder.quantity)],
            ['Lead Time', `${P.reorder.leadTimeDays} days`],
            ['Preferred Supplier', item.producer],
            ['Last Order', P.reorder.lastOrder],
            ['Next Reorder', P.reorder.nextReorder],
          ]}
        />
      </Section>
      <Section title="Recent Orders" wide>
        <div className="detail-table-wrap">
          <table className="detail-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Quantity</th>
                <th scope="col">Unit Cost</th>
                <th scope="col">Total</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {P.recentOrders.map((order) => (
                <tr key={order.date}>
                  <td>{order.date}</td>
                  <td>{order.quantity}</td>
                  <td>{formatCurrency(item.luc)}</td>
                  <td>{formatCurrency(order.quantity * item.luc)}</td>
                  <td>Delivered</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ViewAllOrders />
      </Section>
    </>
  );
}

/** 'View all orders': the purchase orders, where the screen offers a way there. */
function ViewAllOrders() {
  const onViewOrders = useContext(ViewOrdersContext);
  if (!onViewOrders) return null;
  return (
    <button type="button" className="button button--link" onClick={onViewOrders}>
      View all orders
    </button>
  );
}

const ViewOrdersContext = createContext<(() => void) | undefined>(undefined);

export const SALES_TEXT = {
  loading: 'Loading sales...',
  offline: 'Sales figures need a connection to the server. Try again when you are back online.',
  failed: 'Sales could not be loaded.',
  notSynced: 'This product has not reached the server yet. Its sales show once it is synced.',
  comparison: 'A comparison with its category arrives with the reports.',
  customers: 'Who buys it shows once sales are recorded with customers.',
} as const;

const narrowMonth = new Intl.DateTimeFormat('en-AU', { month: 'narrow', timeZone: 'UTC' });
const fullMonth = new Intl.DateTimeFormat('en-AU', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthStart = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** Sold in a year over what is in stock now: '3.4x/year', '0.02x/year'. */
const turnover = (soldInYear: number, stock: number) => {
  const rate = soldInYear / stock;
  return `${rate.toFixed(rate < 1 ? 2 : 1)}x/year`;
};

/**
 * Analytics: the spec's placeholder figures on a sample product; on a product of the catalogue,
 * its own sales from the server (net of discounts, in the shop's months): this month's units,
 * revenue and average price, its turnover over the year against today's stock, and its last 12
 * months. With no sale in a year it says so; offline it says what it needs.
 */
function AnalyticsTab({
  item,
  sample,
  online,
}: {
  item: InventoryItem;
  sample: boolean;
  online: boolean;
}) {
  const sales = useQuery({ ...productSalesQuery(item.id), enabled: !sample && item.id > 0 });
  const text = (value: string) => <p className="detail-text">{value}</p>;
  if (sample) {
    const a = P.analytics;
    return (
      <div className="detail-grid">
        <Section title="Sales This Month">
          <Facts
            rows={[
              ['Units Sold', String(a.unitsSold)],
              ['Revenue', formatCurrency(a.unitsSold * item.listPrice)],
              ['Avg Sale Price', formatCurrency(item.listPrice)],
              ['Turnover Rate', a.turnover],
            ]}
          />
        </Section>
        <Section title="12-Month Sales Trend">
          <div
            className="chart-placeholder"
            role="img"
            aria-label="12-Month Sales Trend chart placeholder"
          >
            Chart coming soon
          </div>
        </Section>
        <Section title="Performance Comparison">{text(a.performance)}</Section>
        <Section title="Customer Insights">{text(a.customers)}</Section>
      </div>
    );
  }
  let month: React.ReactNode;
  let trend: React.ReactNode;
  if (item.id <= 0) {
    month = text(SALES_TEXT.notSynced);
    trend = text(SALES_TEXT.notSynced);
  } else if (sales.isPending) {
    month = text(SALES_TEXT.loading);
    trend = text(SALES_TEXT.loading);
  } else if (sales.isError) {
    month = (
      <div role="alert">
        {text(online ? SALES_TEXT.failed : SALES_TEXT.offline)}
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => void sales.refetch()}
        >
          Try again
        </button>
      </div>
    );
    trend = text(online ? SALES_TEXT.failed : SALES_TEXT.offline);
  } else if (sales.data.year.units === 0) {
    month = text(DETAIL_TEXT.noSales);
    trend = text(DETAIL_TEXT.noSales);
  } else {
    const { month: now, year, months } = sales.data;
    const stock = item.stock_quantity ?? 0;
    month = (
      <Facts
        rows={[
          ['Units Sold', countText(now.units)],
          ['Revenue', formatCents(now.revenue_cents)],
          [
            'Avg Sale Price',
            now.units > 0 ? formatCents(Math.round(now.revenue_cents / now.units)) : '—',
          ],
          ['Turnover Rate', stock > 0 ? turnover(year.units, stock) : '—'],
        ]}
      />
    );
    const most = Math.max(...months.map((entry) => entry.units), 1);
    trend = (
      <ol className="sales-trend" aria-label="Units sold by month">
        {months.map((entry) => (
          <li key={entry.month} className="sales-trend__month">
            <span className="sales-trend__units">{countText(entry.units)}</span>
            <span className="sales-trend__track">
              <span
                className="sales-trend__bar"
                style={{ height: `${Math.round((entry.units / most) * 100)}%` }}
              />
            </span>
            <span className="sales-trend__label" aria-hidden="true">
              {narrowMonth.format(monthStart(entry.month))}
            </span>
            <span className="visually-hidden">{fullMonth.format(monthStart(entry.month))}</span>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <div className="detail-grid">
      <Section title="Sales This Month">{month}</Section>
      <Section title="12-Month Sales Trend">{trend}</Section>
      <Section title="Performance Comparison">{text(SALES_TEXT.comparison)}</Section>
      <Section title="Customer Insights">{text(SALES_TEXT.customers)}</Section>
    </div>
  );
}
