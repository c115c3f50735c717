import { ClipboardList } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useCustomerOrders } from '#data/hooks/use-customer-orders.ts';
import { useCustomers } from '#data/hooks/use-customers.ts';
import { useLocalCatalogue } from '#data/hooks/use-local-catalogue.ts';
import { useCan, useSignedInUser } from '#data/hooks/use-permissions.ts';
import { useStoredPaymentSettings } from '#data/hooks/use-stored.ts';
import { refreshCatalogue } from '#data/repositories/catalogue.ts';
import { useOnline } from '#data/sync/use-sync-status.ts';
import { dayIn } from '#data/time-zone.ts';
import {
  type CustomerOrder,
  itemCount,
  ORDER_KIND_LABELS,
} from '#domains/customer-orders/customer-order.ts';
import {
  ORDER_VIEW_LABELS,
  ORDER_VIEWS,
  type OrderView,
  ordersInView,
  windowText,
} from '#domains/customer-orders/order-list.ts';
import { formatCents } from '#domains/sales/money.ts';
import { addDays } from '#shared/moments.ts';
import { PageHeader } from '#ui/page-header.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { ORDERS_TEXT } from '../orders-text.ts';
import { OrderForm } from './order-form.tsx';
import { dueText, OrderStatusBadge } from './order-format.tsx';
import { OrderPage } from './order-page.tsx';
import { PickingList } from './picking-list.tsx';
import './orders.css';

/** Where the screen is: which orders are listed, or an order open. */
export interface OrdersView {
  view: OrderView;
  order?: string | undefined;
}

/**
 * Orders (beyond the spec's prototype; README, "Customer orders"): every customer order of the
 * business is kept on the device through the pull, so the lists, an order and taking one work
 * offline, and an order taken here shows at once. Days are the shop's (its time zone).
 */
export function OrdersPage({
  view,
  onNavigate,
}: {
  view: OrdersView;
  onNavigate: (view: OrdersView) => void;
}) {
  const orders = useCustomerOrders();
  const customers = useCustomers();
  const { items } = useLocalCatalogue();
  const online = useOnline();
  // Orders are taken from the catalogue this device holds: it is fetched on first visit, as the
  // till and purchasing do, then kept current by the pull.
  useEffect(() => {
    if (online) refreshCatalogue().catch(() => {});
  }, [online]);
  const canEdit = useCan('orders.edit');
  const user = useSignedInUser();
  const shop = useStoredPaymentSettings(user?.businessId)?.shop;
  const today = dayIn(new Date(), shop?.time_zone || undefined);
  const [editing, setEditing] = useState<CustomerOrder | 'new' | null>(null);
  const [picking, setPicking] = useState(false);
  const listed = useMemo(
    () => (orders ? ordersInView(orders, view.view, today) : undefined),
    [orders, view.view, today],
  );

  const form =
    editing === null ? null : (
      <OrderForm
        order={editing === 'new' ? null : editing}
        customers={customers ?? []}
        catalogue={items}
        tomorrow={addDays(today, 1)}
        onClose={() => setEditing(null)}
        onSaved={(id) => {
          setEditing(null);
          onNavigate({ ...view, order: id });
        }}
      />
    );
  const header = (
    <PageHeader
      title={ORDERS_TEXT.title}
      subtitle={ORDERS_TEXT.subtitle}
      actions={
        canEdit ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setEditing('new')}
          >
            {ORDERS_TEXT.takeOrder}
          </button>
        ) : null
      }
    />
  );

  if (orders === undefined || listed === undefined) {
    return (
      <>
        {header}
        <PageSpinner />
      </>
    );
  }

  if (view.order !== undefined) {
    const order = orders.find((entry) => entry.id === view.order);
    return (
      <>
        {header}
        <OrderPage
          order={order}
          canEdit={canEdit}
          onEdit={() => order && setEditing(order)}
          onBack={() => onNavigate({ view: view.view })}
        />
        {form}
      </>
    );
  }

  return (
    <>
      {header}
      <div className="tab-bar orders-views" role="tablist" aria-label={ORDERS_TEXT.views}>
        {ORDER_VIEWS.map((entry) => (
          <button
            key={entry}
            type="button"
            role="tab"
            aria-selected={view.view === entry}
            className={`tab-bar__tab${view.view === entry ? ' tab-bar__tab--active' : ''}`}
            onClick={() => onNavigate({ view: entry })}
          >
            {ORDER_VIEW_LABELS[entry]}
          </button>
        ))}
      </div>
      <section
        className="card orders-card"
        role="tabpanel"
        aria-label={ORDER_VIEW_LABELS[view.view]}
      >
        {listed.length === 0 ? (
          <p className="orders-empty">{ORDERS_TEXT.none[view.view]}</p>
        ) : (
          <>
            <div className="orders-tools">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setPicking(true)}
              >
                <ClipboardList size={16} aria-hidden="true" /> {ORDERS_TEXT.pickingList}
              </button>
            </div>
            <div className="detail-table-wrap">
              <table className="detail-table orders-table">
                <thead>
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Customer</th>
                    <th scope="col">Due</th>
                    <th scope="col">Pickup or delivery</th>
                    <th scope="col" className="orders-table__figure">
                      Items
                    </th>
                    <th scope="col" className="orders-table__figure">
                      Total
                    </th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {listed.map((order) => (
                    <tr key={order.id}>
                      <td>
                        <button
                          type="button"
                          className="button button--link orders-table__number"
                          onClick={() => onNavigate({ ...view, order: order.id })}
                        >
                          {order.number || ORDERS_TEXT.notNumbered}
                        </button>
                      </td>
                      <td>{order.customer}</td>
                      <td>
                        {dueText(order.due_on)} · {windowText(order)}
                      </td>
                      <td>{ORDER_KIND_LABELS[order.kind]}</td>
                      <td className="orders-table__figure">{itemCount(order.lines)}</td>
                      <td className="orders-table__figure">{formatCents(order.total_cents)}</td>
                      <td>
                        <OrderStatusBadge status={order.status} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
      {picking ? (
        <PickingList
          title={ORDERS_TEXT.pickingTitle(ORDER_VIEW_LABELS[view.view])}
          orders={listed}
          onClose={() => setPicking(false)}
        />
      ) : null}
      {form}
    </>
  );
}
