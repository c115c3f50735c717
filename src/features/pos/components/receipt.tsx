import { Mail, Printer } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import * as v from 'valibot';
import { emailReceipt } from '#data/repositories/sales.ts';
import { useOnline } from '#data/sync/use-sync-status.ts';
import { handedOver, ORDER_STATUS_LABELS } from '#domains/customer-orders/customer-order.ts';
import { PIN_MESSAGES } from '#domains/sales/approval.ts';
import { code128Bars } from '#domains/sales/code128.ts';
import { formatCents, type Settlement } from '#domains/sales/money.ts';
import {
  EmailReceiptSchema,
  RECEIPT_EMAIL_MESSAGES,
  type Sale,
  tenderName,
  totalsOf,
} from '#domains/sales/sale.ts';
import {
  receiptMoment,
  receiptTitle,
  type ShopIdentity,
  TAX_INVOICE_TEXT,
} from '#domains/sales/tax-invoice.ts';
import { discountText, type SaleOrder } from '../basket.ts';

/** The receipt's number as Code 128, for a scanner to find the sale again (returns). */
export function ReceiptBarcode({ receipt }: { receipt: string }) {
  const { bars, modules } = code128Bars(receipt);
  return (
    <svg
      className="receipt__barcode"
      viewBox={`0 0 ${modules} 40`}
      preserveAspectRatio="none"
      role="img"
      aria-label={`Barcode of receipt ${receipt}`}
    >
      <rect width={modules} height={40} fill="#fff" />
      {bars.map((bar) => (
        <rect key={bar.x} x={bar.x} width={bar.width} height={40} fill="#000" />
      ))}
    </svg>
  );
}

export interface ReceiptContent {
  sale: Sale;
  /** Each product's name as sold. */
  names: Record<number, string>;
  settlement: Settlement;
  /** Who it is from: the Business Profile as the till last had it. */
  shop: ShopIdentity;
  header: string;
  footer: string;
  approvedBy?: string | undefined;
  /** The approval was sealed offline: the server checks it when the sale arrives. */
  approvalPending?: boolean | undefined;
  /** The customer it was sold to, by name. */
  customer?: string | undefined;
  /** The customer order it completed. */
  order?: SaleOrder | undefined;
}

/** The receipt by email, when the customer gives an address (the server sends it: online). */
function EmailReceipt({ saleId }: { saleId: string }) {
  const id = useId();
  const online = useOnline();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{
    kind: 'idle' | 'sending' | 'sent' | 'failed';
    text?: string;
  }>({ kind: 'idle' });

  async function send(event: FormEvent) {
    event.preventDefault();
    const parsed = v.safeParse(EmailReceiptSchema, { email });
    if (!parsed.success) {
      setState({ kind: 'failed', text: RECEIPT_EMAIL_MESSAGES.email });
      return;
    }
    setState({ kind: 'sending' });
    try {
      await emailReceipt(saleId, parsed.output.email);
      setState({ kind: 'sent', text: RECEIPT_EMAIL_MESSAGES.sent(parsed.output.email) });
    } catch (error) {
      setState({ kind: 'failed', text: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <form className="receipt__email" onSubmit={send} noValidate aria-label="Email the receipt">
      <label className="field__label" htmlFor={`${id}-email`}>
        Customer’s email (optional)
      </label>
      <div className="payment-section__add-row">
        <input
          id={`${id}-email`}
          className="field__input"
          type="email"
          autoComplete="off"
          value={email}
          disabled={!online}
          aria-invalid={state.kind === 'failed' ? true : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            setState({ kind: 'idle' });
          }}
        />
        <button
          type="submit"
          className="button button--secondary"
          disabled={!online || state.kind === 'sending' || email.trim() === ''}
        >
          <Mail size={16} aria-hidden="true" /> {state.kind === 'sending' ? 'Sending...' : 'Email'}
        </button>
      </div>
      {!online ? (
        <p className="pos__hint">{RECEIPT_EMAIL_MESSAGES.offline}</p>
      ) : state.text ? (
        <p
          className={state.kind === 'failed' ? 'field__error' : 'pos__hint'}
          role={state.kind === 'failed' ? 'alert' : 'status'}
        >
          {state.text}
        </p>
      ) : null}
    </form>
  );
}

/** The seller as a tax invoice names it: title, name, ABN, address and phone. */
export function ReceiptShop({ shop, title }: { shop: ShopIdentity; title: string }) {
  return (
    <>
      <p className="receipt__title">{title}</p>
      <p className="receipt__shop">{shop.name}</p>
      {shop.tax_number.trim() ? (
        <p className="receipt__meta">{TAX_INVOICE_TEXT.abn(shop.tax_number)}</p>
      ) : null}
      {shop.address ? <p className="receipt__meta">{shop.address}</p> : null}
      {shop.phone ? <p className="receipt__meta">{shop.phone}</p> : null}
    </>
  );
}

/**
 * A sale's receipt as the customer takes it, a tax invoice when the shop has an ABN (domains/
 * sales/tax-invoice.ts): the shop, the date and time in its zone, the lines with their
 * discounts, the total and the GST it includes, how it was paid, rounding and change, and the
 * receipt number with its barcode; emailed when the customer gives an address. Printed alone on
 * an 80 mm roll (pos.css, @media print).
 */
export function Receipt({
  content,
  onNewSale,
}: {
  content: ReceiptContent;
  onNewSale: () => void;
}) {
  const { sale, names, settlement } = content;
  const totals = totalsOf(sale);
  return (
    <section className="receipt" aria-label="Receipt">
      <div className="receipt__paper">
        <ReceiptShop shop={content.shop} title={receiptTitle(content.shop)} />
        {content.header ? <p className="receipt__text">{content.header}</p> : null}
        <p className="receipt__meta">{receiptMoment(sale.made_at, content.shop.time_zone)}</p>
        {content.customer ? <p className="receipt__meta">Customer: {content.customer}</p> : null}
        {content.order ? (
          <p className="receipt__meta">
            {content.order.number} · {ORDER_STATUS_LABELS[handedOver(content.order.kind)]}
          </p>
        ) : null}
        <ul className="receipt__lines">
          {sale.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a receipt never changes; its lines are in sale order.
            <li key={`${line.product_id}-${index}`} className="receipt__line">
              <span className="receipt__name">
                {names[line.product_id] ?? `#${line.product_id}`}
              </span>
              <span className="receipt__qty">
                {line.quantity} × {formatCents(line.unit_cents)}
                {line.discount ? ` · ${discountText(line.discount, formatCents)}` : ''}
              </span>
              {/* After its own discount: a sale discount is its own line below. */}
              <span className="receipt__amount">
                {formatCents(
                  (totals.lines[index]?.grossCents ?? 0) -
                    (totals.lines[index]?.lineDiscountCents ?? 0),
                )}
              </span>
            </li>
          ))}
        </ul>
        <dl className="receipt__totals">
          {sale.discount ? (
            <div>
              <dt>Sale discount ({discountText(sale.discount, formatCents)})</dt>
              <dd>-{formatCents(totals.lines.reduce((t, l) => t + l.saleDiscountCents, 0))}</dd>
            </div>
          ) : null}
          <div className="receipt__total">
            <dt>Total</dt>
            <dd>{formatCents(sale.total_cents)}</dd>
          </div>
          {sale.tenders.map((tender, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a receipt never changes; its tenders are in sale order.
            <div key={`${tender.kind}-${index}`}>
              <dt>{tenderName(tender)}</dt>
              <dd>{formatCents(tender.kind === 'cash' ? tender.given_cents : tender.cents)}</dd>
            </div>
          ))}
          {settlement.roundingCents !== 0 ? (
            <div>
              <dt>Cash rounding</dt>
              <dd>{formatCents(settlement.roundingCents)}</dd>
            </div>
          ) : null}
          {settlement.changeCents > 0 ? (
            <div className="receipt__total">
              <dt>Change</dt>
              <dd>{formatCents(settlement.changeCents)}</dd>
            </div>
          ) : null}
        </dl>
        <p className="receipt__gst">{TAX_INVOICE_TEXT.gstIncluded(formatCents(sale.gst_cents))}</p>
        {content.approvedBy ? (
          <p className="receipt__meta">Discount approved by {content.approvedBy}</p>
        ) : null}
        <p className="receipt__number">Receipt {sale.receipt}</p>
        <ReceiptBarcode receipt={sale.receipt} />
        {content.footer ? <p className="receipt__text">{content.footer}</p> : null}
      </div>
      {content.approvalPending ? (
        <p className="receipt__note" role="status">
          {PIN_MESSAGES.offline}
        </p>
      ) : null}
      <EmailReceipt saleId={sale.id} />
      <div className="receipt__actions">
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          <Printer size={16} aria-hidden="true" /> Print receipt
        </button>
        <button type="button" className="button button--primary" onClick={onNewSale}>
          New sale
        </button>
      </div>
    </section>
  );
}
