import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowDownRight, ArrowUpRight, Package, Truck } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useRef } from 'react';
import { isNetworkFailure } from '#data/connection.ts';
import { useLocalLowStock } from '#data/hooks/use-low-stock.ts';
import { type DashboardData, dashboardQuery } from '#data/repositories/dashboard.ts';
import { useOnline } from '#data/sync/use-sync-status.ts';
import { type DashboardSnapshot, LOW_STOCK_ALERT_AT } from '#domains/dashboard/snapshot.ts';
import { formatCents } from '#domains/sales/money.ts';
import { asOfText, useNow } from '#ui/as-of.ts';
import { formatChange } from '#ui/chart-format.ts';
import { PageHeader } from '#ui/page-header.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { useNearViewport } from '#ui/use-near-viewport.ts';
import { stockLevel } from '../stock-level.ts';
import { ApprovalsToReview } from './approvals-to-review.tsx';
import './dashboard.css';

// ECharts is the heaviest thing on the page: it loads on its own, after the cards.
const SalesChart = lazy(() => import('./sales-chart.tsx'));
const chartLoading = <div className="sales-chart__loading">Loading chart...</div>;

/** What is shown is 'fresh' for this long after it came from the server. */
const FRESH_FOR_MS = 60_000;

function Change({ percent }: { percent: number | null }) {
  if (percent === null) {
    return (
      <span className="dash-change" title={DASHBOARD_TEXT.nothingYesterday}>
        — <span className="dash-change__vs">vs yesterday</span>
      </span>
    );
  }
  const up = percent >= 0;
  const Icon = up ? ArrowUpRight : ArrowDownRight;
  return (
    <span className={`dash-change dash-change--${up ? 'up' : 'down'}`}>
      <Icon size={14} aria-hidden="true" />
      {formatChange(percent)} <span className="dash-change__vs">vs yesterday</span>
    </span>
  );
}

/** A card of the dashboard grid: its place in the grid, its title, and what sits beside it. */
function DashCard({
  area,
  title,
  aside,
  children,
}: {
  area: 'today' | 'orders' | 'sales' | 'top' | 'low';
  title: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const titleId = `dash-${area}`;
  return (
    <section className={`card dash-card dash-card--${area}`} aria-labelledby={titleId}>
      <div className="dash-card__head">
        <h2 id={titleId} className="dash-card__title">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

function TodaySnapshot({
  today,
  hasSales,
}: {
  today: DashboardSnapshot['today'];
  hasSales: boolean;
}) {
  return (
    <DashCard area="today" title="Today's Snapshot">
      <dl className="dash-metrics">
        <div className="dash-metric">
          <dt>Revenue</dt>
          <dd className="dash-metric__value">{formatCents(today.revenue.cents)}</dd>
          <dd>
            <Change percent={today.revenue.changePercent} />
          </dd>
        </div>
        <div className="dash-metric">
          <dt>Profit</dt>
          <dd className="dash-metric__value">{formatCents(today.profit.cents)}</dd>
          <dd>
            <Change percent={today.profit.changePercent} />
          </dd>
        </div>
      </dl>
      {hasSales ? null : <p className="dash-empty">{DASHBOARD_TEXT.noSalesYet}</p>}
    </DashCard>
  );
}

function TomorrowOrders({ orders }: { orders: DashboardSnapshot['tomorrowOrders'] }) {
  return (
    <DashCard
      area="orders"
      title="Tomorrow's Orders"
      aside={
        <Link
          to="/orders"
          search={{ day: 'tomorrow' }}
          className="button button--link dash-card__action"
        >
          View all
        </Link>
      }
    >
      {orders.length === 0 ? (
        <p className="dash-empty">{DASHBOARD_TEXT.noOrdersTomorrow}</p>
      ) : (
        <ul className="dash-list">
          {orders.map((order) => (
            <li key={order.id} className="dash-list__item">
              <Link to="/orders" search={{ order: order.id }} className="dash-list__link">
                <span className="dash-list__icon" aria-hidden="true">
                  {order.kind === 'Delivery' ? <Truck size={18} /> : <Package size={18} />}
                </span>
                <span className="dash-list__main">
                  <span className="dash-list__name" title={order.name}>
                    {order.name}
                  </span>
                  <span className="dash-list__meta">{order.items} items</span>
                </span>
                <span className="dash-list__when">
                  <span className="dash-list__when-kind">{order.kind}</span>
                  <span className="dash-list__when-time">{order.time}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DashCard>
  );
}

function SalesPerformance({
  sales,
  hasSales,
}: {
  sales: DashboardSnapshot['sales'];
  hasSales: boolean;
}) {
  // Below the fold (on a small phone) ECharts loads only when the card comes near the screen.
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  return (
    <DashCard
      area="sales"
      title="Sales Performance"
      aside={<span className="dash-card__hint">Last 7 Days</span>}
    >
      <div
        ref={box}
        className="sales-chart"
        role="img"
        aria-label="Revenue by day over the last 7 days"
      >
        {near ? (
          <Suspense fallback={chartLoading}>
            <SalesChart sales={sales} />
          </Suspense>
        ) : (
          chartLoading
        )}
      </div>
      {sales.some((day) => day.revenueCents !== 0) ? null : (
        <p className="dash-empty">
          {hasSales ? DASHBOARD_TEXT.noSalesThisWeek : DASHBOARD_TEXT.noSalesYet}
        </p>
      )}
    </DashCard>
  );
}

function MostSold({
  items,
  hasSales,
}: {
  items: DashboardSnapshot['topItems'];
  hasSales: boolean;
}) {
  return (
    <DashCard
      area="top"
      title="Most Sold Items"
      aside={
        <Link to="/reports/sales" className="button button--link dash-card__action">
          View Report
        </Link>
      }
    >
      {items.length === 0 ? (
        <p className="dash-empty">
          {hasSales ? DASHBOARD_TEXT.noSalesThisWeek : DASHBOARD_TEXT.noSalesYet}
        </p>
      ) : null}
      <ul className="dash-list">
        {items.map((item) => (
          <li key={item.id ?? item.name} className="dash-list__item">
            <img className="dash-list__image" src={item.img} alt="" width={40} height={40} />
            <span className="dash-list__main">
              <span className="dash-list__name" title={item.name}>
                {item.name}
              </span>
              <span className="dash-list__meta">{item.category}</span>
            </span>
            <span className="dash-list__side dash-list__side--strong">{item.sold} sold</span>
          </li>
        ))}
      </ul>
    </DashCard>
  );
}

function LowStockAlerts({ lowStock }: { lowStock: DashboardSnapshot['lowStock'] }) {
  return (
    <DashCard
      area="low"
      title={
        <>
          Low Stock Alerts <span className="dash-card__count">({lowStock.count} items)</span>
        </>
      }
      // The dashboard's own rule (spec): not the inventory page's threshold, so it says which.
      aside={<span className="dash-card__hint">At or below {LOW_STOCK_ALERT_AT} available</span>}
    >
      {lowStock.items.length === 0 ? (
        <p className="dash-empty">Nothing is running low.</p>
      ) : (
        <ul className="dash-list">
          {lowStock.items.map((item) => {
            const level = stockLevel(item.stock);
            return (
              <li key={item.id} className="dash-list__item low-stock__item">
                {level ? (
                  <span
                    className={`stock-dot stock-dot--${level.tone}`}
                    role="img"
                    aria-label={level.label}
                    title={level.label}
                  />
                ) : (
                  <span className="stock-dot" aria-hidden="true" />
                )}
                <span className="dash-list__main">
                  <span className="dash-list__name" title={item.name}>
                    {item.name}
                  </span>
                  <span className="dash-list__meta">{item.stock} left</span>
                </span>
                {/* Until purchasing exists: the product's stock adjustment, to book what arrives. */}
                <Link
                  to="/inventory"
                  search={{ product: item.id, open: 'adjust' }}
                  className="button button--secondary button--small low-stock__reorder"
                  aria-label={`Reorder ${item.name}`}
                >
                  Reorder
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <Link to="/inventory" className="button button--secondary dash-card__footer-action">
        Manage Inventory
      </Link>
    </DashCard>
  );
}

/**
 * Whether what is shown can be taken as current. It cannot, and the page says 'Updated {time}',
 * when it came from the worker's cache, the device is offline, the last refresh failed, or it is
 * over a minute old.
 */
function useIsCurrent(data: DashboardData, dataUpdatedAt: number, refreshFailed: boolean) {
  const now = useNow(15_000);
  const online = useOnline();
  const current =
    data.live && online && !refreshFailed && now.getTime() - dataUpdatedAt <= FRESH_FOR_MS;
  return { current, now };
}

function Cards({
  data,
  dataUpdatedAt,
  refreshFailed,
}: {
  data: DashboardData;
  dataUpdatedAt: number;
  refreshFailed: boolean;
}) {
  const { current, now } = useIsCurrent(data, dataUpdatedAt, refreshFailed);
  const { snapshot } = data;
  // The catalogue on this device, when it holds one, follows stock moved here at once.
  const localLowStock = useLocalLowStock();
  return (
    <>
      {current ? null : (
        <p className="dash-as-of" role="status">
          Updated {asOfText(snapshot.asOf, now)}
        </p>
      )}
      <ApprovalsToReview />
      <div className="dash-grid">
        <TodaySnapshot today={snapshot.today} hasSales={snapshot.hasSales} />
        <TomorrowOrders orders={snapshot.tomorrowOrders} />
        <LowStockAlerts lowStock={localLowStock ?? snapshot.lowStock} />
        <SalesPerformance sales={snapshot.sales} hasSales={snapshot.hasSales} />
        <MostSold items={snapshot.topItems} hasSales={snapshot.hasSales} />
      </div>
    </>
  );
}

export const DASHBOARD_TEXT = {
  noSalesYet: 'No sales yet: sales made on the POS show here.',
  noSalesThisWeek: 'No sales in the last 7 days.',
  noOrdersTomorrow: 'No orders are due tomorrow.',
  nothingYesterday: 'Nothing was sold by this time yesterday.',
  needsVisit:
    'The dashboard needs one online visit on this device. Connect to the internet and try again.',
} as const;

/** The Dashboard of spec section 2: how the business is doing, and what is about to run out. */
export function DashboardPage() {
  const query = useQuery(dashboardQuery());
  return (
    <>
      <PageHeader title="Dashboard" subtitle="Here's a snapshot of your business today." />
      {query.data ? (
        <Cards
          data={query.data}
          dataUpdatedAt={query.dataUpdatedAt}
          refreshFailed={query.errorUpdatedAt > query.dataUpdatedAt}
        />
      ) : query.isError ? (
        <div className="card dash-error" role="alert">
          <p>
            {isNetworkFailure(query.error)
              ? DASHBOARD_TEXT.needsVisit
              : `The dashboard could not be loaded. ${query.error.message}`}
          </p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void query.refetch()}
          >
            Try again
          </button>
        </div>
      ) : (
        <PageSpinner label="Loading dashboard..." />
      )}
    </>
  );
}
