import { formatCents } from '#domains/sales/money.ts';
import { escapeHtml, type MailMessage } from './mailer.ts';

/** What an emailed receipt says: the shop, the lines, the total, the GST and how it was paid. */
export interface ReceiptMailContent {
  businessName: string;
  receipt: string;
  madeAt: Date;
  header: string;
  footer: string;
  lines: { name: string; quantity: number; unitCents: number; amountCents: number }[];
  totalCents: number;
  gstCents: number;
  tenders: { label: string; cents: number }[];
  changeCents: number;
}

export function receiptMail(to: string, content: ReceiptMailContent): MailMessage {
  const when = content.madeAt.toISOString().replace('T', ' ').slice(0, 16);
  const rows = [
    ...content.lines.map((line) => ({
      label: `${line.name} — ${line.quantity} × ${formatCents(line.unitCents)}`,
      amount: formatCents(line.amountCents),
    })),
    { label: 'Total', amount: formatCents(content.totalCents) },
    { label: 'GST included', amount: formatCents(content.gstCents) },
    ...content.tenders.map((tender) => ({
      label: tender.label,
      amount: formatCents(tender.cents),
    })),
    ...(content.changeCents > 0
      ? [{ label: 'Change', amount: formatCents(content.changeCents) }]
      : []),
  ];
  const text = [
    content.businessName,
    ...(content.header ? [content.header] : []),
    `Receipt ${content.receipt}, ${when} UTC`,
    '',
    ...rows.map((row) => `${row.label}: ${row.amount}`),
    '',
    ...(content.footer ? [content.footer] : []),
  ].join('\n');
  const html = `<h1>${escapeHtml(content.businessName)}</h1>
${content.header ? `<p>${escapeHtml(content.header)}</p>` : ''}
<p>Receipt ${escapeHtml(content.receipt)}, ${when} UTC</p>
<table>${rows.map((row) => `<tr><td>${escapeHtml(row.label)}</td><td>${escapeHtml(row.amount)}</td></tr>`).join('')}</table>
${content.footer ? `<p>${escapeHtml(content.footer)}</p>` : ''}`;
  return {
    to,
    subject: `Your receipt ${content.receipt} from ${content.businessName}`,
    text,
    html,
  };
}
