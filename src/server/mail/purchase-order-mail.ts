import { orderCsv } from '#domains/purchasing/order-csv.ts';
import type { Order } from '#domains/purchasing/purchase-order.ts';
import { formatCents } from '#domains/sales/money.ts';
import { escapeHtml, type MailMessage } from './mailer.ts';

/** A purchase order sent to its supplier: a short note, and the order attached as CSV. */
export function purchaseOrderMail(to: string, shopName: string, order: Order): MailMessage {
  const summary = `${order.number} from ${shopName}: ${order.lines.length} ${
    order.lines.length === 1 ? 'line' : 'lines'
  }, ${formatCents(order.total_cents)} excluding GST.`;
  const notes = order.notes ? [`Notes: ${order.notes}`] : [];
  const expected = order.expected_on ? [`Wanted by ${order.expected_on}.`] : [];
  const text = [summary, ...expected, ...notes, 'The order is attached as a CSV file.'].join(
    '\n\n',
  );
  return {
    to,
    subject: `Purchase order ${order.number} from ${shopName}`,
    text,
    html: text
      .split('\n\n')
      .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
      .join(''),
    attachments: [
      { filename: `${order.number}.csv`, content: orderCsv(order), contentType: 'text/csv' },
    ],
  };
}
