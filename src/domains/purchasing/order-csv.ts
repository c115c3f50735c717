import { csvLine } from '../products/export.ts';
import { formatCents } from '../sales/money.ts';
import type { Order } from './purchase-order.ts';

/** A purchase order as the CSV attached to its email: one line a product, then the total. */
export function orderCsv(order: Order): string {
  return [
    csvLine(['Order', 'Product', 'Units', 'Unit cost (ex GST)', 'Line total (ex GST)']),
    ...order.lines.map((line) =>
      csvLine([
        order.number,
        line.name,
        line.units,
        formatCents(line.unit_cost_cents),
        formatCents(line.units * line.unit_cost_cents),
      ]),
    ),
    csvLine([order.number, 'Total', '', '', formatCents(order.total_cents)]),
  ].join('\r\n');
}
