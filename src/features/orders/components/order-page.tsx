import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useWaitingOrderChanges } from '#data/hooks/use-customer-orders.ts';
import { useAccountEntries } from '#data/hooks/use-customers.ts';
import { orderName, setOrderStatus } from '#data/repositories/customer-orders.ts';
import {
  type CustomerOrder,
  itemCount,
  ORDER_KIND_LABELS,
  RESERVING,
} from '#domains/customer-orders/customer-order.ts';
import { windowText } from '#domains/customer-orders/order-list.ts';
import { depositsOf } from '#domains/customers/account.ts';
import { formatCents } from '#domains/sales/money.ts';
import { DialogFooter } from '#ui/dialog-footer.tsx';
import { Modal } from '#ui/modal.tsx';
import { ORDERS_TEXT } from '../orders-text.ts';
import { dueText, OrderStatusBadge } from './order-format.tsx';

/** One order: who, when, where and what, and what can be done with it now. */
export function OrderPage({
  order,
  canEdit,
  onEdit,
  onBack,
}: {
  order: CustomerOrder | undefined;
  canEdit: boolean;
  onEdit: () => void;
  onBack: () => void;
}) {
  const back = (
    <button type="button" className="button button--secondary" onClick={onBack}>
      {ORDERS_TEXT.allOrders}
    </button>
  );
  if (!order) {
    return (
      <section className="card orders-card" aria-label={ORDERS_TEXT.title}>
        <p className="orders-empty">{ORDERS_TEXT.notFound}</p>
        <div>{back}</div>
      </section>
    );
  }
  return <OrderDetails order={order} canEdit={canEdit} onEdit={onEdit} back={back} />;
}

function OrderDetails({
  order,
  canEdit,
  onEdit,
  back,
}: {
  order: CustomerOrder;
  canEdit: boolean;
  onEdit: () => void;
  back: ReactNode;
}) {
  const waiting = useWaitingOrderChanges(order.id) ?? [];
  const refused = waiting.some((entry) => entry.state === 'needs-attention');
  const [cancelling, setCancelling] = useState(false);
  const open = RESERVING.has(order.status);
  const deposit = depositsOf(useAccountEntries(order.customer_id) ?? [], order.id);
  const facts: [string, ReactNode][] = [
    [
      'Customer',
      <Link
        key="customer"
        to="/customers"
        search={{ customer: order.customer_id }}
        className="orders-link"
      >
        {order.customer}
      </Link>,
    ],
    [ORDER_KIND_LABELS[order.kind], `${dueText(order.due_on)} · ${windowText(order)}`],
    ['Status', <OrderStatusBadge key="status" status={order.status} />],
    ['Items', ORDERS_TEXT.items(itemCount(order.lines))],
    // Still to hand over: what was paid ahead and what is left; afterwards the sale says it.
    ...(open || deposit > 0
      ? ([
          [
            'Payment',
            deposit > 0
              ? ORDERS_TEXT.depositPaid(
                  formatCents(deposit),
                  formatCents(Math.max(order.total_cents - deposit, 0)),
                )
              : ORDERS_TEXT.payOnCollection,
          ],
        ] as [string, ReactNode][])
      : []),
    ...(order.address ? ([['Address', order.address]] as [string, ReactNode][]) : []),
    ...(order.sale_receipt
      ? ([['Sale', ORDERS_TEXT.soldOn(order.sale_receipt)]] as [string, ReactNode][])
      : []),
  ];
  return (
    <section className="card orders-card" aria-labelledby="order-title">
      <div className="orders-card__header">
        <h2 id="order-title" className="orders-card__title">
          {order.number || ORDERS_TEXT.notNumbered} · {order.customer}
        </h2>
        <div className="orders-actions">
          {back}
          {canEdit && open ? (
            <>
              <button type="button" className="button button--secondary" onClick={onEdit}>
                {ORDERS_TEXT.editOrder}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setCancelling(true)}
              >
                {ORDERS_TEXT.cancelOrder}
              </button>
              <button
                type="button"
                className={`button ${order.status === 'ready' ? 'button--secondary' : 'button--primary'}`}
                onClick={() =>
                  void setOrderStatus(order, order.status === 'ready' ? 'open' : 'ready')
                }
              >
                {order.status === 'ready' ? ORDERS_TEXT.reopen : ORDERS_TEXT.markReady}
              </button>
              <Link
                to="/pos"
                search={{ order: order.id }}
                className={`button ${order.status === 'ready' ? 'button--primary' : 'button--secondary'}`}
              >
                {ORDERS_TEXT.completeAtTill(order.kind)}
              </Link>
            </>
          ) : null}
        </div>
      </div>
      {waiting.length > 0 ? (
        <p className={`orders-note${refused ? ' orders-note--warning' : ''}`} role="status">
          {refused ? ORDERS_TEXT.refused : ORDERS_TEXT.waiting}
        </p>
      ) : null}
      <dl className="facts">
        {facts.map(([label, value]) => (
          <div key={label} className="facts__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="detail-table-wrap">
        <table className="detail-table orders-table">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="orders-table__figure">
                Quantity
              </th>
              <th scope="col" className="orders-table__figure">
                Price
              </th>
              <th scope="col" className="orders-table__figure">
                Line total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.product_id}>
                <td>{line.name}</td>
                <td className="orders-table__figure">{line.quantity}</td>
                <td className="orders-table__figure">{formatCents(line.price_cents)}</td>
                <td className="orders-table__figure">
                  {formatCents(line.quantity * line.price_cents)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Total
              </th>
              <td className="orders-table__figure">
                <strong>{formatCents(order.total_cents)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {order.notes ? (
        <div>
          <h3 className="orders-card__subtitle">Notes</h3>
          <p className="orders-empty">{order.notes}</p>
        </div>
      ) : null}
      {cancelling ? (
        <Modal
          title={ORDERS_TEXT.cancelOrder}
          onClose={() => setCancelling(false)}
          footer={
            <DialogFooter
              confirmLabel={ORDERS_TEXT.cancelOrder}
              cancelLabel={ORDERS_TEXT.keepOrder}
              tone="danger"
              onCancel={() => setCancelling(false)}
              onConfirm={() => {
                setCancelling(false);
                void setOrderStatus(order, 'cancelled');
              }}
            />
          }
        >
          <p>{ORDERS_TEXT.cancelQuestion}</p>
          <p className="orders-empty">{orderName(order)}</p>
        </Modal>
      ) : null}
    </section>
  );
}
