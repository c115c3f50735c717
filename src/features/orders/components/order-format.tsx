import {
  type CustomerOrderStatus,
  ORDER_STATUS_LABELS,
} from '#domains/customer-orders/customer-order.ts';

const DAY = new Intl.DateTimeFormat('en-AU', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** A due day ('2026-12-24') as people read it ('Thu 24 Dec'), whatever the time zone. */
export const dueText = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));

export function OrderStatusBadge({ status }: { status: CustomerOrderStatus }) {
  return (
    <span className={`order-status order-status--${status}`}>{ORDER_STATUS_LABELS[status]}</span>
  );
}
