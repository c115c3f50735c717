import { useState } from 'react';
import { usePurchaseOrders, useSuppliers } from '#data/hooks/use-purchasing.ts';
import { cancelPurchaseOrder, sendPurchaseOrder } from '#data/repositories/buying.ts';
import { startReceiving } from '#data/repositories/deliveries.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { ORDER_STATUS_LABELS, type Order } from '#domains/purchasing/purchase-order.ts';
import { formatCents } from '#domains/sales/money.ts';
import { PageSpinner } from '#ui/spinner.tsx';
import { showToast } from '#ui/toast.tsx';
import { PURCHASING_TEXT } from '../purchasing-text.ts';
import { OrderEditor } from './order-editor.tsx';
import { dayText, RECEIVABLE_ORDER } from './purchasing-format.ts';

const STATUS_TONE: Record<Order['status'], string> = {
  draft: 'grey',
  sent: 'yellow',
  partly_received: 'yellow',
  received: 'green',
  cancelled: 'red',
};

export function OrderStatusBadge({ status }: { status: Order['status'] }) {
  return (
    <span className={`status-badge status-badge--${STATUS_TONE[status]}`}>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}

/** Purchase orders, newest first; one opens with its lines and what can be done with it. */
export function OrdersView({
  catalogue,
  canManage,
  orderId,
  onOpen,
  onOpenDelivery,
}: {
  catalogue: readonly InventoryItem[];
  canManage: boolean;
  orderId: string | undefined;
  onOpen: (id: string | undefined) => void;
  onOpenDelivery: (id: string) => void;
}) {
  const orders = usePurchaseOrders();
  // A new order, or the open draft's lines, being changed.
  const [editing, setEditing] = useState(false);
  if (orders === undefined) return <PageSpinner />;
  const open = orderId ? orders.find((order) => order.id === orderId) : undefined;
  if (editing && canManage && (!open || open.status === 'draft')) {
    return (
      <OrderEditor
        catalogue={catalogue}
        order={open}
        onSaved={(id) => {
          setEditing(false);
          onOpen(id);
        }}
        onCancel={() => setEditing(false)}
      />
    );
  }
  if (open) {
    return (
      <OrderPage
        order={open}
        canManage={canManage}
        onBack={() => onOpen(undefined)}
        onEdit={() => setEditing(true)}
        onOpenDelivery={onOpenDelivery}
      />
    );
  }
  return (
    <section className="card purchasing-section" aria-label={PURCHASING_TEXT.tabs.orders}>
      <div className="purchasing-section__header">
        <h2 className="purchasing-section__title">{PURCHASING_TEXT.tabs.orders}</h2>
        {canManage ? (
          <button type="button" className="button button--primary" onClick={() => setEditing(true)}>
            {PURCHASING_TEXT.newOrder}
          </button>
        ) : null}
      </div>
      {orders.length === 0 ? (
        <p className="purchasing-note">{PURCHASING_TEXT.noOrders}</p>
      ) : (
        <div className="detail-table-wrap">
          <table className="detail-table purchasing-table">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Status</th>
                <th scope="col">Supplier</th>
                <th scope="col">Total</th>
                <th scope="col">Made</th>
                <th scope="col">Lines</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td>
                    <button
                      type="button"
                      className="button button--link"
                      onClick={() => onOpen(order.id)}
                    >
                      {order.number || PURCHASING_TEXT.notNumbered}
                    </button>
                  </td>
                  <td>
                    <OrderStatusBadge status={order.status} />
                  </td>
                  <td>{order.supplier}</td>
                  <td>{formatCents(order.total_cents)}</td>
                  <td>{dayText(order.created_at)}</td>
                  <td>{order.lines.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function OrderPage({
  order,
  canManage,
  onBack,
  onEdit,
  onOpenDelivery,
}: {
  order: Order;
  canManage: boolean;
  onBack: () => void;
  onEdit: () => void;
  onOpenDelivery: (id: string) => void;
}) {
  const suppliers = useSuppliers();
  const supplier = suppliers?.find((entry) => entry.id === order.supplier_id);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [busy, setBusy] = useState(false);
  const title = order.number || PURCHASING_TEXT.notNumbered;

  async function run(action: () => Promise<unknown>, said: string) {
    setBusy(true);
    try {
      await action();
      showToast(said, 'success');
    } finally {
      setBusy(false);
    }
  }

  async function receive() {
    setBusy(true);
    try {
      const delivery = await startReceiving(
        { supplier_id: order.supplier_id, order_id: order.id },
        { supplier: order.supplier, orderNumber: order.number || null },
      );
      onOpenDelivery(delivery.id);
    } finally {
      setBusy(false);
    }
  }

  const isDraft = order.status === 'draft';
  const cancellable = isDraft || RECEIVABLE_ORDER.has(order.status);
  return (
    <section className="card purchasing-section" aria-labelledby="order-title">
      <div className="purchasing-section__header">
        <h2 id="order-title" className="purchasing-section__title">
          {title} · {order.supplier}
        </h2>
        <div className="purchasing-actions">
          <button type="button" className="button button--secondary" onClick={onBack}>
            All orders
          </button>
          {canManage && isDraft ? (
            <>
              <button type="button" className="button button--secondary" onClick={onEdit}>
                {PURCHASING_TEXT.editOrder}
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy || !supplier?.email}
                onClick={() =>
                  void run(() => sendPurchaseOrder(order, 'email-csv'), `Sending ${title}`)
                }
              >
                {PURCHASING_TEXT.sendEmail}
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() =>
                  void run(() => sendPurchaseOrder(order, 'marked'), `${title} marked as sent`)
                }
              >
                {PURCHASING_TEXT.markSent}
              </button>
            </>
          ) : null}
          {RECEIVABLE_ORDER.has(order.status) ? (
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => void receive()}
            >
              {PURCHASING_TEXT.receive}
            </button>
          ) : null}
          {canManage && cancellable && !confirmingCancel ? (
            <button
              type="button"
              className="button button--danger"
              onClick={() => setConfirmingCancel(true)}
            >
              {PURCHASING_TEXT.cancelOrder}
            </button>
          ) : null}
        </div>
      </div>
      {canManage && isDraft && supplier && !supplier.email ? (
        <p className="purchasing-note">{PURCHASING_TEXT.noEmail}</p>
      ) : null}
      {confirmingCancel ? (
        <div
          className="purchasing-confirm"
          role="alertdialog"
          aria-labelledby="cancel-order-question"
        >
          <p id="cancel-order-question">Cancel {title}? Nothing more is received against it.</p>
          <div className="purchasing-actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setConfirmingCancel(false)}
            >
              Keep it
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={() =>
                void run(() => cancelPurchaseOrder(order), `${title} cancelled`).then(() =>
                  setConfirmingCancel(false),
                )
              }
            >
              {PURCHASING_TEXT.cancelOrder}
            </button>
          </div>
        </div>
      ) : null}
      <dl className="facts">
        <div className="facts__row">
          <dt>Status</dt>
          <dd>
            <OrderStatusBadge status={order.status} />
          </dd>
        </div>
        <div className="facts__row">
          <dt>Made</dt>
          <dd>{dayText(order.created_at)}</dd>
        </div>
        <div className="facts__row">
          <dt>Sent</dt>
          <dd>
            {order.sent_at
              ? `${dayText(order.sent_at)} · ${order.sent_via === 'email-csv' ? 'by email (CSV)' : 'marked as sent'}`
              : 'Not yet'}
          </dd>
        </div>
      </dl>
      <div className="detail-table-wrap">
        <table className="detail-table purchasing-table">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Units</th>
              <th scope="col">Unit cost</th>
              <th scope="col">Total</th>
              <th scope="col">Received</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.product_id}>
                <td>{line.name}</td>
                <td>{line.units}</td>
                <td>{formatCents(line.unit_cost_cents)}</td>
                <td>{formatCents(line.units * line.unit_cost_cents)}</td>
                <td>{line.received}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Total
              </th>
              <td>{formatCents(order.total_cents)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
