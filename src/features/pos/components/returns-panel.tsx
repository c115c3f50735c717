import { Minus, Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { findSale, RETURN_TEXT, recordReturn, salesOfDay } from '#data/repositories/returns.ts';
import { dayIn } from '#data/time-zone.ts';
import { formatCents } from '#domains/sales/money.ts';
import type { PaymentSettings } from '#domains/sales/payment-settings.ts';
import { normalReceiptNumber } from '#domains/sales/receipt-number.ts';
import { refundDue, returnTotals, type SaleReturn, type SoldSale } from '#domains/sales/returns.ts';
import { receiptMoment, type ShopIdentity, TAX_INVOICE_TEXT } from '#domains/sales/tax-invoice.ts';
import { Field } from '#ui/field.tsx';
import { choiceKey, choiceLabel, tenderChoices } from '../basket.ts';
import { ReceiptBarcode, ReceiptShop } from './receipt.tsx';

export const RETURNS_TEXT = {
  find: 'Receipt number (type or scan its barcode)',
  byDay: 'Or pick from a day’s sales',
  notReceipt: 'Enter a receipt number such as T2-000137',
  refundsForManagers: 'Refunds are made by managers and owners: ask one to make this return.',
  noSalesThatDay: 'No sales that day.',
  onlyKept: 'Offline: the sales this tablet made or looked up.',
} as const;

/**
 * Returns on the POS: find the sale by its receipt number (a scanner types it from the receipt's
 * barcode) or among a day's sales, choose how many units of each line come back and whether
 * they can be sold again, refund on a tender, and the return is queued (offline too, for a sale
 * this tablet keeps). Refunds are the managers' and owners'.
 */
export function ReturnsPanel({
  businessId,
  canRefund,
  settings,
  shop,
}: {
  businessId: string;
  canRefund: boolean;
  settings: PaymentSettings;
  /** Who the refund slip is from. */
  shop: ShopIdentity;
}) {
  const id = useId();
  const [receipt, setReceipt] = useState('');
  const [day, setDay] = useState(() => dayIn(new Date(), shop.time_zone));
  const [daySales, setDaySales] = useState<Awaited<ReturnType<typeof salesOfDay>> | null>(null);
  const [sale, setSale] = useState<SoldSale | null>(null);
  const [units, setUnits] = useState<Record<number, number>>({});
  const [damaged, setDamaged] = useState<Record<number, boolean>>({});
  // A sale put (partly) on its customer's account may be refunded to that account.
  const choices = tenderChoices(
    settings,
    sale?.tenders.some((tender) => tender.kind === 'account') ?? false,
  );
  const [choice, setChoice] = useState<string>(choices[0] ? choiceKey(choices[0]) : 'card');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The return made, with the sale it refunds and what each of its lines refunded. */
  const [done, setDone] = useState<{
    ret: SaleReturn;
    sale: SoldSale;
    lines: { line_no: number; name: string; quantity: number; refundCents: number }[];
  } | null>(null);

  async function open(text: string) {
    const number = normalReceiptNumber(text);
    if (!number) {
      setProblem(RETURNS_TEXT.notReceipt);
      return;
    }
    setBusy(true);
    try {
      const found = await findSale(number);
      setSale(found);
      setUnits({});
      setDamaged({});
      setDone(null);
      setProblem(found ? null : RETURN_TEXT.notFound(number));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  async function showDay(date: string) {
    setDay(date);
    try {
      setDaySales(await salesOfDay(date, shop.time_zone));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }

  const lines: SaleReturn['lines'] = sale
    ? sale.lines
        .filter((line) => (units[line.line_no] ?? 0) > 0)
        .map((line) => ({
          line_no: line.line_no,
          quantity: units[line.line_no] ?? 0,
          resaleable: !damaged[line.line_no],
        }))
    : [];
  const totals = sale ? returnTotals(sale.lines, lines) : null;
  const selected = choices.find((option) => choiceKey(option) === choice) ?? choices[0];
  const due =
    totals && !('problem' in totals) && selected
      ? refundDue(selected.kind, totals.totalCents, settings.cashStepCents)
      : 0;

  async function refund(event: FormEvent) {
    event.preventDefault();
    if (!sale || !selected) return;
    if (lines.length === 0) {
      setProblem(RETURN_TEXT.nothing);
      return;
    }
    setBusy(true);
    try {
      const ret = await recordReturn(
        { sale, lines, tender: selected, cashStep: settings.cashStepCents },
        businessId,
      );
      const worked = totals && !('problem' in totals) ? totals.lines : [];
      setDone({
        ret,
        sale,
        lines: worked.map((each) => ({
          line_no: each.line_no,
          name: each.line.name,
          quantity: lines.find((wanted) => wanted.line_no === each.line_no)?.quantity ?? 0,
          refundCents: each.refundCents,
        })),
      });
      setSale(null);
      setReceipt('');
      setProblem(null);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="pos">
      <section className="card pos__find" aria-label="Find a sale">
        <form
          className="pos__find-sale"
          onSubmit={(event) => {
            event.preventDefault();
            void open(receipt);
          }}
        >
          <label className="field__label" htmlFor={`${id}-receipt`}>
            {RETURNS_TEXT.find}
          </label>
          <div className="payment-section__add-row">
            <input
              id={`${id}-receipt`}
              className="field__input"
              autoComplete="off"
              value={receipt}
              onChange={(event) => {
                setReceipt(event.target.value);
                setProblem(null);
              }}
            />
            <button type="submit" className="button button--secondary" disabled={busy}>
              Find
            </button>
          </div>
        </form>
        <Field id={`${id}-day`} label={RETURNS_TEXT.byDay}>
          {(control) => (
            <>
              <input
                {...control}
                className="field__input"
                type="date"
                value={day}
                onChange={(event) => void showDay(event.target.value)}
              />
              {daySales === null ? (
                <button
                  type="button"
                  className="button button--link pos__sale-discount"
                  onClick={() => void showDay(day)}
                >
                  Show that day’s sales
                </button>
              ) : null}
            </>
          )}
        </Field>
        {daySales ? (
          <>
            {daySales.complete ? null : <p className="pos__hint">{RETURNS_TEXT.onlyKept}</p>}
            {daySales.sales.length === 0 ? (
              <p className="pos__hint">{RETURNS_TEXT.noSalesThatDay}</p>
            ) : (
              <ul className="pos__matches pos__day-sales">
                {daySales.sales.map((each) => (
                  <li key={each.id}>
                    <button
                      type="button"
                      className="pos__match"
                      onClick={() => {
                        setReceipt(each.receipt);
                        void open(each.receipt);
                      }}
                    >
                      <span className="pos__match-name">
                        {each.receipt} ·{' '}
                        {new Date(each.made_at).toLocaleTimeString([], { timeStyle: 'short' })}
                      </span>
                      <span className="pos__match-price">{formatCents(each.total_cents)}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
      </section>
      <div className="card pos__sale">
        {problem ? (
          <p className="field__error" role="alert">
            {problem}
          </p>
        ) : null}
        {done ? (
          <section className="receipt" aria-label="Return receipt">
            <div className="receipt__paper">
              <ReceiptShop shop={shop} title={TAX_INVOICE_TEXT.refund} />
              <p className="receipt__meta">{receiptMoment(done.ret.made_at, shop.time_zone)}</p>
              <p className="receipt__text">
                {TAX_INVOICE_TEXT.refundOf(done.sale.receipt)} (
                {receiptMoment(done.sale.made_at, shop.time_zone)})
              </p>
              <ul className="receipt__lines">
                {done.lines.map((line) => (
                  <li key={line.line_no} className="receipt__line">
                    <span className="receipt__name">{line.name}</span>
                    <span className="receipt__qty">{line.quantity} back</span>
                    <span className="receipt__amount">-{formatCents(line.refundCents)}</span>
                  </li>
                ))}
              </ul>
              <p className="receipt__text">
                Refunded {formatCents(done.ret.tender.cents)} on{' '}
                {done.ret.tender.kind === 'other'
                  ? done.ret.tender.label
                  : done.ret.tender.kind === 'account'
                    ? 'the customer’s account'
                    : done.ret.tender.kind}
              </p>
              <p className="receipt__gst">
                {TAX_INVOICE_TEXT.gstIncluded(formatCents(done.ret.gst_cents))}
              </p>
              <p className="receipt__number">Return {done.ret.receipt}</p>
              <ReceiptBarcode receipt={done.ret.receipt} />
            </div>
            <div className="receipt__actions">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => window.print()}
              >
                Print
              </button>
            </div>
          </section>
        ) : null}
        {sale ? (
          <form aria-label={`Return from ${sale.receipt}`} onSubmit={refund} noValidate>
            <h2 className="pos__subtitle">
              Sale {sale.receipt} · {receiptMoment(sale.made_at, shop.time_zone)} ·{' '}
              {formatCents(sale.total_cents)}
            </h2>
            <ul className="pos__lines">
              {sale.lines.map((line) => {
                const left = line.quantity - line.returned;
                const count = units[line.line_no] ?? 0;
                const set = (next: number) =>
                  setUnits({ ...units, [line.line_no]: Math.min(Math.max(next, 0), left) });
                return (
                  <li key={line.line_no} className="pos__line pos__return-line">
                    <span className="pos__line-name">
                      {line.name}
                      <span className="pos__line-note">
                        Sold {line.quantity} for {formatCents(line.net_cents)}
                        {line.returned > 0 ? ` · ${line.returned} returned` : ''}
                      </span>
                    </span>
                    <span className="pos__stepper">
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-label={`One less ${line.name} back`}
                        disabled={count === 0}
                        onClick={() => set(count - 1)}
                      >
                        <Minus size={16} />
                      </button>
                      <output aria-label={`${line.name} coming back`}>{count}</output>
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-label={`One more ${line.name} back`}
                        disabled={count >= left}
                        onClick={() => set(count + 1)}
                      >
                        <Plus size={16} />
                      </button>
                    </span>
                    <label className="pos__tender pos__damaged">
                      <input
                        type="checkbox"
                        checked={Boolean(damaged[line.line_no])}
                        onChange={(event) =>
                          setDamaged({ ...damaged, [line.line_no]: event.target.checked })
                        }
                      />
                      Not fit to sell
                    </label>
                  </li>
                );
              })}
            </ul>
            <fieldset className="pos__tenders">
              <legend className="field__label">Refund on</legend>
              {choices.map((option) => (
                <label key={choiceKey(option)} className="pos__tender">
                  <input
                    type="radio"
                    name={`${id}-refund`}
                    checked={selected !== undefined && choiceKey(selected) === choiceKey(option)}
                    onChange={() => setChoice(choiceKey(option))}
                  />
                  {choiceLabel(option)}
                </label>
              ))}
            </fieldset>
            {totals && 'problem' in totals ? (
              <p className="field__error" role="alert">
                {totals.problem}
              </p>
            ) : null}
            {canRefund ? null : <p className="pos__hint">{RETURNS_TEXT.refundsForManagers}</p>}
            <button
              type="submit"
              className="button button--primary pos__complete"
              disabled={!canRefund || busy || lines.length === 0}
            >
              Refund {formatCents(due)}
            </button>
          </form>
        ) : done ? null : (
          <p className="pos__hint">Find the sale to return from.</p>
        )}
      </div>
    </div>
  );
}
