import { formatCents } from '#domains/sales/money.ts';
import {
  receiptMoment,
  receiptTitle,
  type ShopIdentity,
  TAX_INVOICE_TEXT,
} from '#domains/sales/tax-invoice.ts';
import { escapeHtml, type MailMessage } from './mailer.ts';

/**
 * What an emailed receipt says, as the printed one (a tax invoice when the shop has an ABN): the
 * shop, the date and time in its zone, the lines, the total and the GST it includes, how it was
 * paid, rounding and change.
 */
export interface ReceiptMailContent {
  shop: ShopIdentity;
  receipt: string;
  madeAt: Date;
  header: string;
  footer: string;
  lines: { name: string; quantity: number; unitCents: number; amountCents: number }[];
  totalCents: number;
  gstCents: number;
  tenders: { label: string; cents: number }[];
  roundingCents: number;
  changeCents: number;
}

export function receiptMail(to: string, content: ReceiptMailContent): MailMessage {
  const { shop } = content;
  // Until the owner saves the shop's zone, the time says it is UTC's.
  const when = shop.time_zone
    ? receiptMoment(content.madeAt, shop.time_zone)
    : `${receiptMoment(content.madeAt, 'UTC')} UTC`;
  const title = receiptTitle(shop);
  const details = [
    ...(shop.tax_number.trim() ? [TAX_INVOICE_TEXT.abn(shop.tax_number)] : []),
    ...(shop.address ? [shop.address] : []),
    ...(shop.phone ? [shop.phone] : []),
  ];
  const rows = [
    ...content.lines.map((line) => ({
      label: `${line.name} — ${line.quantity} × ${formatCents(line.unitCents)}`,
      amount: formatCents(line.amountCents),
    })),
    { label: 'Total', amount: formatCents(content.totalCents) },
    ...content.tenders.map((tender) => ({
      label: tender.label,
      amount: formatCents(tender.cents),
    })),
    ...(content.roundingCents !== 0
      ? [{ label: 'Cash rounding', amount: formatCents(content.roundingCents) }]
      : []),
    ...(content.changeCents > 0
      ? [{ label: 'Change', amount: formatCents(content.changeCents) }]
      : []),
  ];
  const gst = TAX_INVOICE_TEXT.gstIncluded(formatCents(content.gstCents));
  const text = [
    title,
    shop.name,
    ...details,
    ...(content.header ? [content.header] : []),
    `Receipt ${content.receipt}, ${when}`,
    '',
    ...rows.map((row) => `${row.label}: ${row.amount}`),
    gst,
    '',
    ...(content.footer ? [content.footer] : []),
  ].join('\n');
  const html = `<p><strong>${escapeHtml(title)}</strong></p>
<h1>${escapeHtml(shop.name)}</h1>
${details.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${content.header ? `<p>${escapeHtml(content.header)}</p>` : ''}
<p>Receipt ${escapeHtml(content.receipt)}, ${escapeHtml(when)}</p>
<table>${rows.map((row) => `<tr><td>${escapeHtml(row.label)}</td><td>${escapeHtml(row.amount)}</td></tr>`).join('')}</table>
<p>${escapeHtml(gst)}</p>
${content.footer ? `<p>${escapeHtml(content.footer)}</p>` : ''}`;
  return {
    to,
    subject: `Your receipt ${content.receipt} from ${shop.name}`,
    text,
    html,
  };
}
