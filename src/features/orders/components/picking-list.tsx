import { Printer } from 'lucide-react';
import { useMemo } from 'react';
import { createPortal } from 'react-dom';
import {
  type CustomerOrder,
  itemCount,
  ORDER_KIND_LABELS,
} from '#domains/customer-orders/customer-order.ts';
import { windowText } from '#domains/customer-orders/order-list.ts';
import { pickingList } from '#domains/customer-orders/picking-list.ts';
import { Modal } from '#ui/modal.tsx';
import { ORDERS_TEXT } from '../orders-text.ts';
import { dueText } from './order-format.tsx';

/**
 * The picking list of the orders listed (those still to hand over): every product in all with
 * how many orders want it, then each order with its lines and a box to tick. Printed alone on
 * the page (global .print-sheet), from the device's orders, so offline too.
 */
export function PickingList({
  title,
  orders,
  onClose,
}: {
  title: string;
  orders: readonly CustomerOrder[];
  onClose: () => void;
}) {
  const list = useMemo(() => pickingList(orders), [orders]);
  const sheet = (printed: boolean) => (
    <PickingSheet title={printed ? title : undefined} list={list} />
  );
  return (
    <>
      <Modal
        title={title}
        size="large"
        onClose={onClose}
        footer={
          <div className="orders-actions">
            <button type="button" className="button button--secondary" onClick={onClose}>
              {ORDERS_TEXT.close}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={list.orders.length === 0}
              onClick={() => window.print()}
            >
              <Printer size={16} aria-hidden="true" /> {ORDERS_TEXT.print}
            </button>
          </div>
        }
      >
        {sheet(false)}
      </Modal>
      {createPortal(
        <div className="print-sheet" aria-hidden="true">
          {sheet(true)}
        </div>,
        document.body,
      )}
    </>
  );
}

/** The list itself; on paper it carries its title (on screen the dialog's says it). */
function PickingSheet({
  title,
  list,
}: {
  title: string | undefined;
  list: ReturnType<typeof pickingList>;
}) {
  if (list.orders.length === 0) return <p className="orders-empty">{ORDERS_TEXT.nothingToPick}</p>;
  return (
    <div className="picking">
      {title ? <h2 className="picking__title">{title}</h2> : null}
      <p className="orders-empty">
        {ORDERS_TEXT.pickingSummary(list.orders.length, list.products.length)}
      </p>
      <table className="detail-table orders-table picking__table">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="orders-table__figure">
              Units
            </th>
            <th scope="col" className="orders-table__figure">
              Orders
            </th>
          </tr>
        </thead>
        <tbody>
          {list.products.map((line) => (
            <tr key={line.product_id}>
              <td>{line.name}</td>
              <td className="orders-table__figure">{line.units}</td>
              <td className="orders-table__figure">{line.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.orders.map((order) => (
        <section key={order.id} className="picking__order">
          <h3 className="picking__order-title">
            {order.number || ORDERS_TEXT.notNumbered} · {order.customer}
          </h3>
          <p className="orders-empty">
            {ORDER_KIND_LABELS[order.kind]} · {dueText(order.due_on)} · {windowText(order)} ·{' '}
            {ORDERS_TEXT.items(itemCount(order.lines))}
            {order.address ? ` · ${order.address}` : ''}
          </p>
          <ul className="picking__lines">
            {order.lines.map((line) => (
              <li key={line.product_id}>
                <span className="picking__box" aria-hidden="true" />
                {line.quantity} × {line.name}
              </li>
            ))}
          </ul>
          {order.notes ? <p className="picking__notes">{order.notes}</p> : null}
        </section>
      ))}
    </div>
  );
}
