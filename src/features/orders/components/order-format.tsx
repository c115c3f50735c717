import {
  type CustomerOrderStatus,
  ORDER_STATUS_LABELS,
} from '#domains/customer-orders/customer-order.ts';

export { dueText } from '#domains/customer-orders/order-list.ts';

export function OrderStatusBadge({ status }: { status: CustomerOrderStatus }) {
  return (
    <span className={`order-status order-status--${status}`}>{ORDER_STATUS_LABELS[status]}</span>
  );
}
