import { Link } from '@tanstack/react-router';
import { useCustomerOrders } from '#data/hooks/use-customer-orders.ts';
import { NOT_NUMBERED, RESERVING } from '#domains/customer-orders/customer-order.ts';
import { dueText } from '#domains/customer-orders/order-list.ts';

export const RESERVING_TEXT = {
  loading: 'Loading...',
  none: 'No customer order sets this product aside.',
} as const;

/**
 * The customer orders, open or ready, that set a product aside (what its Reserved counts), by
 * the day they are due; each opens its order.
 */
export function ReservingOrders({ productId }: { productId: number }) {
  const orders = useCustomerOrders();
  if (orders === undefined) return <p className="detail-text">{RESERVING_TEXT.loading}</p>;
  const reserving = orders
    .filter((order) => RESERVING.has(order.status))
    .flatMap((order) => {
      const line = order.lines.find((entry) => entry.product_id === productId);
      return line ? [{ order, units: line.quantity }] : [];
    })
    .sort((a, b) => a.order.due_on.localeCompare(b.order.due_on));
  if (reserving.length === 0) return <p className="detail-text">{RESERVING_TEXT.none}</p>;
  return (
    <ul className="reserving-orders">
      {reserving.map(({ order, units }) => (
        <li key={order.id} className="reserving-orders__item">
          <span className="reserving-orders__line">
            <Link to="/orders" search={{ order: order.id }} className="reserving-orders__link">
              {order.number || NOT_NUMBERED}
            </Link>
            <span className="reserving-orders__units">Qty {units}</span>
          </span>
          <span className="detail-text reserving-orders__meta">
            {order.customer} · {dueText(order.due_on)}
          </span>
        </li>
      ))}
    </ul>
  );
}
