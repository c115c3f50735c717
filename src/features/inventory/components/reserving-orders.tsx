import { Link } from '@tanstack/react-router';
import { useCustomerOrders } from '#data/hooks/use-customer-orders.ts';
import { RESERVING } from '#domains/customer-orders/customer-order.ts';
import { dueText } from '../../orders/components/order-format.tsx';
import { ORDERS_TEXT } from '../../orders/orders-text.ts';

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
    <div className="detail-table-wrap">
      <table className="detail-table">
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Customer</th>
            <th scope="col">Due</th>
            <th scope="col">Quantity</th>
          </tr>
        </thead>
        <tbody>
          {reserving.map(({ order, units }) => (
            <tr key={order.id}>
              <td>
                <Link to="/orders" search={{ order: order.id }}>
                  {order.number || ORDERS_TEXT.notNumbered}
                </Link>
              </td>
              <td>{order.customer}</td>
              <td>{dueText(order.due_on)}</td>
              <td>{units}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
