import { Download, Printer } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useCustomerOrders } from '#data/hooks/use-customer-orders.ts';
import { useAccountEntries } from '#data/hooks/use-customers.ts';
import { useCan, useSignedInUser } from '#data/hooks/use-permissions.ts';
import { useStoredPaymentSettings } from '#data/hooks/use-stored.ts';
import { setAccountLimit } from '#data/repositories/customer-accounts.ts';
import { useOnline } from '#data/sync/use-sync-status.ts';
import { dayIn, deviceTimeZone } from '#data/time-zone.ts';
import {
  ACCOUNT_MESSAGES,
  availableOnAccount,
  balanceOf,
  entryText,
  type Statement,
  statementCsv,
  statementOf,
} from '#domains/customers/account.ts';
import type { Customer } from '#domains/customers/customer.ts';
import { formatCents, parseCents } from '#domains/sales/money.ts';
import { downloadText } from '#ui/download.ts';
import { MoneyInput } from '#ui/money-input.tsx';
import { CUSTOMERS_TEXT } from '../customers-text.ts';
import { calendarDayText } from './customer-format.ts';

/** A balance in words: what they owe, or the credit they hold. */
const balanceText = (cents: number) =>
  cents < 0 ? CUSTOMERS_TEXT.inCredit(formatCents(-cents)) : formatCents(cents);

/**
 * A customer's account on their page: the balance (the sum of its entries this device knows,
 * offline too), the limit and what is available, a statement of a period with every sale on
 * account, payment, refund and deposit (printed alone on the page, or saved as CSV); managers
 * open the account, change its limit or close it (online).
 */
export function CustomerAccount({ customer }: { customer: Customer }) {
  const entries = useAccountEntries(customer.id);
  const orders = useCustomerOrders();
  const user = useSignedInUser();
  const shop = useStoredPaymentSettings(user?.businessId)?.shop;
  const timeZone = shop?.time_zone || deviceTimeZone();
  const today = dayIn(new Date(), timeZone);
  const [from, setFrom] = useState(() => `${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const limit = customer.account_limit_cents ?? null;
  const balance = balanceOf(entries ?? []);
  const statement = useMemo(
    () => statementOf(entries ?? [], from <= to ? from : to, to, timeZone),
    [entries, from, to, timeZone],
  );
  const orderNumbers = useMemo(
    () => new Map((orders ?? []).map((order) => [order.id, order.number])),
    [orders],
  );
  const dayOf = (madeAt: string) => dayIn(new Date(madeAt), timeZone);

  if (entries === undefined) return null;
  const hasAccount = limit !== null;
  return (
    <div className="customer-block">
      <h3 className="customer-card__subtitle">{CUSTOMERS_TEXT.account}</h3>
      <dl className="facts">
        <div className="facts__row">
          <dt>{CUSTOMERS_TEXT.balance}</dt>
          <dd className="facts__figure">{balanceText(balance)}</dd>
        </div>
        <div className="facts__row">
          <dt>{CUSTOMERS_TEXT.limit}</dt>
          <dd>{hasAccount ? formatCents(limit) : CUSTOMERS_TEXT.noAccount}</dd>
        </div>
        {hasAccount ? (
          <div className="facts__row">
            <dt>{CUSTOMERS_TEXT.available}</dt>
            <dd className="facts__figure">{formatCents(availableOnAccount(limit, balance))}</dd>
          </div>
        ) : null}
      </dl>
      {hasAccount && balance > limit ? (
        <p className="customer-note customer-note--warning" role="status">
          {CUSTOMERS_TEXT.overLimit(formatCents(balance - limit))}
        </p>
      ) : null}
      <p className="customer-empty">{CUSTOMERS_TEXT.paymentsAtTill}</p>
      <AccountLimit customer={customer} />
      {entries.length > 0 ? (
        <StatementView
          customer={customer}
          statement={statement}
          from={from}
          to={to}
          onFrom={setFrom}
          onTo={setTo}
          orderNumbers={orderNumbers}
          dayOf={dayOf}
        />
      ) : (
        <p className="customer-empty">{CUSTOMERS_TEXT.noEntries}</p>
      )}
    </div>
  );
}

/** A manager's or owner's change of the account's limit (opening or closing it), online. */
function AccountLimit({ customer }: { customer: Customer }) {
  const id = useId();
  const canManage = useCan('customers.accounts');
  const online = useOnline();
  const limit = customer.account_limit_cents ?? null;
  const [typed, setTyped] = useState(limit === null ? '' : (limit / 100).toFixed(2));
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!canManage || customer.erased_at) return null;

  async function save(cents: number | null) {
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      await setAccountLimit(customer.id, { limit_cents: cents });
      setDone(cents === null ? CUSTOMERS_TEXT.accountClosed : CUSTOMERS_TEXT.limitSaved);
      if (cents === null) setTyped('');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const cents = parseCents(typed);
    if (cents === null) {
      setProblem(ACCOUNT_MESSAGES.limit);
      return;
    }
    void save(cents);
  }

  return (
    <form className="customer-account__limit" onSubmit={submit} noValidate>
      <label className="field__label" htmlFor={`${id}-limit`}>
        {CUSTOMERS_TEXT.limitLabel}
      </label>
      <div className="customer-card__actions">
        <MoneyInput
          id={`${id}-limit`}
          aria-describedby={problem ? `${id}-problem` : undefined}
          aria-invalid={problem ? true : undefined}
          value={typed}
          onValueChange={(text) => {
            setTyped(text);
            setProblem(null);
          }}
        />
        <button type="submit" className="button button--secondary" disabled={!online || busy}>
          {limit === null ? CUSTOMERS_TEXT.openAccount : CUSTOMERS_TEXT.saveLimit}
        </button>
        {limit !== null ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={!online || busy}
            onClick={() => void save(null)}
          >
            {CUSTOMERS_TEXT.closeAccount}
          </button>
        ) : null}
      </div>
      {!online ? <p className="customer-empty">{CUSTOMERS_TEXT.limitOffline}</p> : null}
      {problem ? (
        <p id={`${id}-problem`} className="field__error" role="alert">
          {problem}
        </p>
      ) : done ? (
        <p className="customer-note" role="status">
          {done}
        </p>
      ) : null}
    </form>
  );
}

function StatementView({
  customer,
  statement,
  from,
  to,
  onFrom,
  onTo,
  orderNumbers,
  dayOf,
}: {
  customer: Customer;
  statement: Statement;
  from: string;
  to: string;
  onFrom: (day: string) => void;
  onTo: (day: string) => void;
  orderNumbers: ReadonlyMap<string, string>;
  dayOf: (madeAt: string) => string;
}) {
  const id = useId();
  const table = <StatementTable statement={statement} orderNumbers={orderNumbers} dayOf={dayOf} />;
  return (
    <div className="customer-statement">
      <h4 className="customer-statement__title">{CUSTOMERS_TEXT.statement}</h4>
      <div className="customer-card__actions">
        <label className="field__label" htmlFor={`${id}-from`}>
          {CUSTOMERS_TEXT.from}
        </label>
        <input
          id={`${id}-from`}
          className="field__input customer-statement__day"
          type="date"
          value={from}
          max={to}
          onChange={(event) => event.target.value && onFrom(event.target.value)}
        />
        <label className="field__label" htmlFor={`${id}-to`}>
          {CUSTOMERS_TEXT.to}
        </label>
        <input
          id={`${id}-to`}
          className="field__input customer-statement__day"
          type="date"
          value={to}
          min={from}
          onChange={(event) => event.target.value && onTo(event.target.value)}
        />
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          <Printer size={16} aria-hidden="true" /> {CUSTOMERS_TEXT.printStatement}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() =>
            downloadText(
              `statement-${customer.id.slice(0, 8)}-${statement.from}-${statement.to}.csv`,
              statementCsv(statement, customer.name, orderNumbers, dayOf),
            )
          }
        >
          <Download size={16} aria-hidden="true" /> {CUSTOMERS_TEXT.exportStatement}
        </button>
      </div>
      {table}
      {createPortal(
        <div className="print-sheet" aria-hidden="true">
          <h2>{CUSTOMERS_TEXT.statementOf(customer.name)}</h2>
          <p>
            {calendarDayText(statement.from)} – {calendarDayText(statement.to)}
          </p>
          {table}
        </div>,
        document.body,
      )}
    </div>
  );
}

function StatementTable({
  statement,
  orderNumbers,
  dayOf,
}: {
  statement: Statement;
  orderNumbers: ReadonlyMap<string, string>;
  dayOf: (madeAt: string) => string;
}) {
  return (
    <table className="customer-statement__table">
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Entry</th>
          <th scope="col" className="customer-statement__amount">
            Amount
          </th>
          <th scope="col" className="customer-statement__amount">
            Balance
          </th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>{calendarDayText(statement.from)}</td>
          <td>{CUSTOMERS_TEXT.broughtForward}</td>
          <td />
          <td className="customer-statement__amount">{balanceText(statement.openingCents)}</td>
        </tr>
        {statement.lines.map(({ entry, balanceCents }) => (
          <tr key={entry.id}>
            <td>{calendarDayText(dayOf(entry.made_at))}</td>
            <td>
              {entryText(
                entry,
                entry.customer_order_id ? orderNumbers.get(entry.customer_order_id) : undefined,
              )}
            </td>
            <td className="customer-statement__amount">{formatCents(entry.amount_cents)}</td>
            <td className="customer-statement__amount">{balanceText(balanceCents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td>{calendarDayText(statement.to)}</td>
          <td>{CUSTOMERS_TEXT.closingBalance}</td>
          <td />
          <td className="customer-statement__amount">{balanceText(statement.closingCents)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
