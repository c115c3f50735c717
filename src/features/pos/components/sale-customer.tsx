import { UserRound, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useCustomerOrders } from '#data/hooks/use-customer-orders.ts';
import { useCustomers } from '#data/hooks/use-customers.ts';
import {
  type CustomerOrder,
  NOT_NUMBERED,
  ORDER_KIND_LABELS,
  RESERVING,
} from '#domains/customer-orders/customer-order.ts';
import { dueText } from '#domains/customer-orders/order-list.ts';
import { customersToChoose } from '#domains/customers/customer-list.ts';
import { formatCents } from '#domains/sales/money.ts';
import type { PaymentSettings } from '#domains/sales/payment-settings.ts';
import { Modal } from '#ui/modal.tsx';
import type { SaleCustomer as Chosen, SaleOrder } from '../basket.ts';
import { ACCOUNT_PAYMENT_TEXT, AccountPaymentDialog } from './account-payment.tsx';

/** How many customers a search lists: a name or a few digits of a phone narrow it further. */
const SHOWN = 8;

export const SALE_CUSTOMER_TEXT = {
  add: 'Add customer',
  change: 'Change',
  remove: 'Remove',
  title: 'Customer for this sale',
  search: 'Search by name, email or phone',
  loading: 'Loading...',
  noCustomers: 'No customers yet: add them under Customers.',
  noMatch: (query: string) => `No customer matches "${query}".`,
  customer: (name: string) => `Customer: ${name}`,
  completing: (number: string, kind: SaleOrder['kind']) =>
    `Completing ${number} (${ORDER_KIND_LABELS[kind]})`,
  toHandOver: 'Orders to hand over',
  complete: (number: string) => `Complete ${number}`,
} as const;

/**
 * Who the sale is for, above its lines: 'Add customer' finds one of the shop's customers on this
 * device (works offline); a customer with orders to hand over offers each, and completing one
 * rings up its lines at the prices it agreed. A sale that completes an order says which.
 */
export function SaleCustomerBar({
  customer,
  order,
  account,
  payment,
  onChoose,
  onRemove,
  onComplete,
}: {
  customer: Chosen | undefined;
  order: SaleOrder | undefined;
  /** The customer's account as this device knows it: its limit (none: no account) and balance. */
  account: { limitCents: number | null; balanceCents: number; availableCents: number };
  /** Taking a payment from the customer (on account, or a deposit), when the till can. */
  payment: {
    businessId: string;
    settings: PaymentSettings;
    onTaken: (text: string) => void;
  } | null;
  /** A customer chosen, with their tags (a tag may give a discount). */
  onChoose: (customer: Chosen, tags: readonly string[]) => void;
  onRemove: () => void;
  onComplete: (order: CustomerOrder) => void;
}) {
  const [choosing, setChoosing] = useState(false);
  const [paying, setPaying] = useState(false);
  const orders = useCustomerOrders();
  const toHandOver = useMemo(
    () =>
      customer && !order
        ? (orders ?? []).filter(
            (each) => each.customer_id === customer.id && RESERVING.has(each.status),
          )
        : [],
    [orders, customer, order],
  );
  return (
    <div className="pos__customer">
      <div className="pos__customer-row">
        <UserRound size={16} aria-hidden="true" />
        <span className="pos__customer-name">
          {order
            ? `${SALE_CUSTOMER_TEXT.completing(order.number || NOT_NUMBERED, order.kind)} · ${customer?.name ?? ''}`
            : customer
              ? SALE_CUSTOMER_TEXT.customer(customer.name)
              : null}
        </span>
        {customer || order ? (
          <>
            {order ? null : (
              <button
                type="button"
                className="button button--link"
                onClick={() => setChoosing(true)}
              >
                {SALE_CUSTOMER_TEXT.change}
              </button>
            )}
            <button
              type="button"
              className="button button--link"
              aria-label={`${SALE_CUSTOMER_TEXT.remove} ${order ? order.number : (customer?.name ?? '')}`}
              onClick={onRemove}
            >
              <X size={14} aria-hidden="true" /> {SALE_CUSTOMER_TEXT.remove}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setChoosing(true)}
          >
            {SALE_CUSTOMER_TEXT.add}
          </button>
        )}
      </div>
      {customer && !order ? (
        <div className="pos__customer-orders">
          <span className="pos__hint">{accountLine(account)}</span>
          {payment ? (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => setPaying(true)}
            >
              {ACCOUNT_PAYMENT_TEXT.take}
            </button>
          ) : null}
        </div>
      ) : null}
      {toHandOver.length > 0 ? (
        <div className="pos__customer-orders">
          <span className="pos__hint">{SALE_CUSTOMER_TEXT.toHandOver}</span>
          {toHandOver.map((each) => (
            <button
              key={each.id}
              type="button"
              className="button button--secondary button--small"
              onClick={() => onComplete(each)}
            >
              {SALE_CUSTOMER_TEXT.complete(each.number || NOT_NUMBERED)} · {dueText(each.due_on)} ·{' '}
              {formatCents(each.total_cents)}
            </button>
          ))}
        </div>
      ) : null}
      {paying && customer && payment ? (
        <AccountPaymentDialog
          businessId={payment.businessId}
          customer={customer}
          settings={payment.settings}
          orders={toHandOver}
          onClose={() => setPaying(false)}
          onTaken={(text) => {
            setPaying(false);
            payment.onTaken(text);
          }}
        />
      ) : null}
      {choosing ? (
        <CustomerPicker
          onClose={() => setChoosing(false)}
          onChoose={(chosen, tags) => {
            setChoosing(false);
            onChoose(chosen, tags);
          }}
        />
      ) : null}
    </div>
  );
}

/** The account in a line: what is owed and available, a credit, or no account. */
function accountLine(account: {
  limitCents: number | null;
  balanceCents: number;
  availableCents: number;
}): string {
  if (account.limitCents !== null) {
    return ACCOUNT_PAYMENT_TEXT.account(
      formatCents(Math.max(account.balanceCents, 0)),
      formatCents(account.availableCents),
    );
  }
  return account.balanceCents < 0
    ? ACCOUNT_PAYMENT_TEXT.credit(formatCents(-account.balanceCents))
    : account.balanceCents > 0
      ? ACCOUNT_PAYMENT_TEXT.owed(formatCents(account.balanceCents))
      : ACCOUNT_PAYMENT_TEXT.noAccount;
}

function CustomerPicker({
  onClose,
  onChoose,
}: {
  onClose: () => void;
  onChoose: (customer: Chosen, tags: readonly string[]) => void;
}) {
  const id = useId();
  const customers = useCustomers();
  const [query, setQuery] = useState('');
  const found = useMemo(() => customersToChoose(customers ?? [], query, SHOWN), [customers, query]);
  const choose = (customer: { id: string; name: string; tags: readonly string[] }) =>
    onChoose({ id: customer.id, name: customer.name }, customer.tags);
  return (
    <Modal title={SALE_CUSTOMER_TEXT.title} onClose={onClose} size="small">
      <label className="field__label" htmlFor={`${id}-search`}>
        {SALE_CUSTOMER_TEXT.search}
      </label>
      <input
        id={`${id}-search`}
        className="field__input"
        type="search"
        autoComplete="off"
        // biome-ignore lint/a11y/noAutofocus: the dialog opens to find a customer; the field is what it is for.
        autoFocus
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          const [first] = found;
          if (event.key === 'Enter' && first) {
            event.preventDefault();
            choose(first);
          }
        }}
      />
      {customers === undefined ? (
        <p className="pos__hint">{SALE_CUSTOMER_TEXT.loading}</p>
      ) : customers.length === 0 ? (
        <p className="pos__hint">{SALE_CUSTOMER_TEXT.noCustomers}</p>
      ) : query.trim() && found.length === 0 ? (
        <p className="pos__hint">{SALE_CUSTOMER_TEXT.noMatch(query.trim())}</p>
      ) : (
        <ul className="pos__matches">
          {found.map((customer) => (
            <li key={customer.id}>
              <button type="button" className="pos__match" onClick={() => choose(customer)}>
                <span className="pos__match-name">{customer.name}</span>
                <span className="pos__hint">{customer.phone ?? customer.email ?? ''}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
