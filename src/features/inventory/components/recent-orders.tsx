import { useEffect } from 'react';
import { useProductOrders } from '#data/hooks/use-purchasing.ts';
import { refreshBuying } from '#data/repositories/buying.ts';
import { ORDER_STATUS_LABELS } from '#domains/purchasing/purchase-order.ts';
import { formatCents } from '#domains/sales/money.ts';

/** How many of a product's purchase orders the popup lists; 'View all orders' leads to the rest. */
const SHOWN = 5;

const DAY = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

export const RECENT_ORDERS_TEXT = {
  none: 'No purchase orders yet.',
  loading: 'Loading...',
} as const;

/**
 * The popup's Recent Orders for a product of the catalogue: its purchase orders, newest first
 * (the spec's columns: Date, Quantity, Unit Cost, Total, Status), as this device keeps them
 * through the pull, so they show offline too.
 */
export function RecentOrders({ productId, online }: { productId: number; online: boolean }) {
  const orders = useProductOrders(productId);
  useEffect(() => {
    if (online) refreshBuying().catch(() => {});
  }, [online]);
  if (orders === undefined) return <p className="detail-text">{RECENT_ORDERS_TEXT.loading}</p>;
  if (orders.length === 0) return <p className="detail-text">{RECENT_ORDERS_TEXT.none}</p>;
  return (
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
          {orders.slice(0, SHOWN).map((order) => {
            const line = order.lines.find((entry) => entry.product_id === productId);
            if (!line) return null;
            return (
              <tr key={order.id}>
                <td>{DAY.format(new Date(order.created_at))}</td>
                <td>{line.units}</td>
                <td>{formatCents(line.unit_cost_cents)}</td>
                <td>{formatCents(line.units * line.unit_cost_cents)}</td>
                <td>
                  {ORDER_STATUS_LABELS[order.status]}
                  {order.number ? ` · ${order.number}` : ''}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
