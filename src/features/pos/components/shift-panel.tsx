import { type FormEvent, useId, useState } from 'react';
import type { ShiftMeta } from '#data/db.ts';
import { type ClosedShift, closeShift, openShift } from '#data/repositories/shifts.ts';
import { formatCents, parseCents } from '#domains/sales/money.ts';
import { expectedCash, SHIFT_MESSAGES, type ShiftLedger } from '#domains/sales/shifts.ts';
import { Field } from '#ui/field.tsx';
import { MoneyInput } from '#ui/money-input.tsx';

/** An amount taken off: '-$20.00', or '$0.00' when nothing was. */
const less = (cents: number) => (cents > 0 ? `-${formatCents(cents)}` : formatCents(0));

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { timeStyle: 'short' });

/** The shift's figures: sales, returns, each tender, and the cash the drawer should hold. */
function LedgerFigures({ floatCents, ledger }: { floatCents: number; ledger: ShiftLedger }) {
  return (
    <dl className="receipt__totals shift__figures">
      <div>
        <dt>Sales ({ledger.sales})</dt>
        <dd>{formatCents(ledger.salesCents)}</dd>
      </div>
      <div>
        <dt>Returns ({ledger.returns})</dt>
        <dd>{less(ledger.refundsCents)}</dd>
      </div>
      {ledger.payments ? (
        <div>
          <dt>Payments on account and deposits ({ledger.payments})</dt>
          <dd>{formatCents(ledger.paymentsCents ?? 0)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Discounts given</dt>
        <dd>{formatCents(ledger.discountsCents)}</dd>
      </div>
      <div>
        <dt>GST included</dt>
        <dd>{formatCents(ledger.gstCents)}</dd>
      </div>
      <div>
        <dt>Float</dt>
        <dd>{formatCents(floatCents)}</dd>
      </div>
      <div>
        <dt>Cash taken</dt>
        <dd>{formatCents(ledger.cashTakenCents)}</dd>
      </div>
      <div>
        <dt>Cash paid back</dt>
        <dd>{less(ledger.cashRefundedCents)}</dd>
      </div>
      {ledger.tenders.map((tender) => (
        <div key={tender.label}>
          <dt>{tender.label}</dt>
          <dd>
            {formatCents(tender.takenCents)}
            {tender.refundedCents > 0 ? ` (${less(tender.refundedCents)})` : ''}
          </dd>
        </div>
      ))}
      <div className="receipt__total">
        <dt>Cash expected</dt>
        <dd>{formatCents(expectedCash(floatCents, ledger))}</dd>
      </div>
    </dl>
  );
}

/** The end-of-day report of a closed shift: printable on the receipt roll. */
function ShiftReport({ closed, onDone }: { closed: ClosedShift; onDone: () => void }) {
  const { shift, close } = closed;
  const expected = expectedCash(shift.floatCents, close.ledger);
  const variance = close.counted_cents - expected;
  return (
    <section className="receipt" aria-label="End-of-day report">
      <div className="receipt__paper">
        <p className="receipt__shop">End of day · Till {shift.till}</p>
        <p className="receipt__meta">
          {new Date(shift.openedAt).toLocaleDateString()} {time(shift.openedAt)} –{' '}
          {time(close.closed_at)}
        </p>
        <LedgerFigures floatCents={shift.floatCents} ledger={close.ledger} />
        <dl className="receipt__totals">
          <div>
            <dt>Cash counted</dt>
            <dd>{formatCents(close.counted_cents)}</dd>
          </div>
          <div
            className={`receipt__total shift__variance shift__variance--${variance === 0 ? 'none' : variance > 0 ? 'over' : 'short'}`}
          >
            <dt>Variance</dt>
            <dd>
              {variance > 0 ? '+' : ''}
              {formatCents(variance)}
              {variance === 0 ? '' : variance > 0 ? ' over' : ' short'}
            </dd>
          </div>
        </dl>
      </div>
      <div className="receipt__actions">
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          Print report
        </button>
        <button type="button" className="button button--primary" onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
}

/**
 * The till's shift: open it with the cash float, see its figures as the day goes, close it with
 * the cash counted for the end-of-day report (expected against counted, the variance, each
 * tender, sales and returns). Works offline: the tablet keeps the shift's ledger.
 */
export function ShiftPanel({ businessId, shift }: { businessId: string; shift: ShiftMeta | null }) {
  const id = useId();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [closed, setClosed] = useState<ClosedShift | null>(null);

  if (closed) return <ShiftReport closed={closed} onDone={() => setClosed(null)} />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const cents = parseCents(amount);
    if (cents === null) {
      setProblem(shift ? SHIFT_MESSAGES.counted : SHIFT_MESSAGES.float);
      return;
    }
    try {
      if (shift) setClosed(await closeShift(businessId, cents));
      else await openShift(businessId, cents);
      setAmount('');
      setProblem(null);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }

  const label = shift ? 'Cash counted in the drawer' : 'Cash float';
  return (
    <section className="card pos__sale shift" aria-label="Shift">
      {shift ? (
        <>
          <h2 className="pos__subtitle">
            Shift open since {time(shift.openedAt)} · Till {shift.till}
          </h2>
          <LedgerFigures floatCents={shift.floatCents} ledger={shift.ledger} />
        </>
      ) : (
        <p className="pos__hint">No shift is open on this till. Open one with the cash float.</p>
      )}
      <form className="shift__form" onSubmit={submit} noValidate>
        <Field label={label} id={`${id}-amount`} error={problem}>
          {(control) => (
            <MoneyInput
              {...control}
              value={amount}
              onValueChange={(text) => {
                setAmount(text);
                setProblem(null);
              }}
            />
          )}
        </Field>
        <button type="submit" className="button button--primary">
          {shift ? 'Close shift' : 'Open shift'}
        </button>
      </form>
    </section>
  );
}
