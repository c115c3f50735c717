import { type FormEvent, useId, useMemo, useState } from 'react';
import * as v from 'valibot';
import { changeOrder, type OrderProduct, takeOrder } from '#data/repositories/customer-orders.ts';
import {
  CUSTOMER_ORDER_MESSAGES,
  type CustomerOrder,
  CustomerOrderCreateSchema,
  CustomerOrderPatchSchema,
  MAX_LINE_QUANTITY,
  ORDER_FIELDS,
  ORDER_KIND_LABELS,
  ORDER_KINDS,
  type OrderField,
  type OrderKind,
  type OrderLineChange,
  orderTotalCents,
} from '#domains/customer-orders/customer-order.ts';
import type { Customer } from '#domains/customers/customer.ts';
import { searchCustomers } from '#domains/customers/customer-list.ts';
import { itemName } from '#domains/products/display-name.ts';
import { lookUpScan } from '#domains/products/lookup.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { centsOf, formatCents } from '#domains/sales/money.ts';
import { sameValue } from '#shared/sync/field-merge.ts';
import { DialogFooter } from '#ui/dialog-footer.tsx';
import { Field } from '#ui/field.tsx';
import { Modal } from '#ui/modal.tsx';
import { showToast } from '#ui/toast.tsx';
import { ORDERS_TEXT } from '../orders-text.ts';

type Details = Record<Exclude<OrderField, 'kind'>, string> & { kind: OrderKind };
type Problem = OrderField | 'customer' | 'lines';
type Errors = Partial<Record<Problem, string>>;

interface FormLine extends OrderProduct {
  quantity: string;
}

const MATCHES = 6;

const detailsOf = (order: CustomerOrder | null, tomorrow: string): Details => ({
  kind: order?.kind ?? 'pickup',
  due_on: order?.due_on ?? tomorrow,
  window_from: order?.window_from ?? '',
  window_to: order?.window_to ?? '',
  address: order?.address ?? '',
  notes: order?.notes ?? '',
});

/** Each problem of a parse under the field it is about (a check of the whole names its field). */
function problemsOf(issues: readonly v.BaseIssue<unknown>[]): Errors {
  const found: Errors = {};
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    const field: Problem | undefined =
      issue.message === CUSTOMER_ORDER_MESSAGES.window
        ? 'window_to'
        : issue.message === CUSTOMER_ORDER_MESSAGES.address
          ? 'address'
          : key === 'customer_id'
            ? 'customer'
            : key === 'changes'
              ? (issue.path?.[1]?.key as Problem | undefined)
              : (key as Problem | undefined);
    if (field && !found[field]) found[field] = issue.message;
  }
  return found;
}

/**
 * Taking an order for a customer, or changing one: who it is for, pickup or delivery, the day
 * and window, where to deliver, and its products (scanned or searched in this device's
 * catalogue). A change sends only the details and lines that differ.
 */
export function OrderForm({
  order,
  customers,
  catalogue,
  tomorrow,
  onClose,
  onSaved,
}: {
  order: CustomerOrder | null;
  customers: readonly Customer[];
  catalogue: readonly InventoryItem[];
  tomorrow: string;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const id = useId();
  const [customer, setCustomer] = useState<Pick<Customer, 'id' | 'name' | 'address'> | null>(
    order ? { id: order.customer_id, name: order.customer, address: null } : null,
  );
  const [customerQuery, setCustomerQuery] = useState('');
  const [details, setDetails] = useState<Details>(() => detailsOf(order, tomorrow));
  const [lines, setLines] = useState<FormLine[]>(
    () =>
      order?.lines.map((line) => ({
        id: line.product_id,
        name: line.name,
        price_cents: line.price_cents,
        quantity: String(line.quantity),
      })) ?? [],
  );
  const [productQuery, setProductQuery] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const customerMatches = useMemo(
    () => (customerQuery.trim() ? searchCustomers(customers, customerQuery).slice(0, MATCHES) : []),
    [customers, customerQuery],
  );
  const found = useMemo(
    () => (productQuery.trim() ? lookUpScan(catalogue, productQuery, MATCHES) : null),
    [catalogue, productQuery],
  );
  const productMatches = found?.kind === 'code' || found?.kind === 'search' ? found.items : [];

  const set = (key: keyof Details) => (value: string) =>
    setDetails((was) => ({ ...was, [key]: value }));
  const quantities = lines.map((line) => Number(line.quantity));
  const totalCents = orderTotalCents(
    lines.map((line, at) => ({
      price_cents: line.price_cents,
      quantity: Number.isInteger(quantities[at]) ? (quantities[at] as number) : 0,
    })),
  );

  function chooseCustomer(chosen: Customer) {
    setCustomer(chosen);
    setCustomerQuery('');
    setErrors((was) => ({ ...was, customer: undefined }));
    if (details.kind === 'delivery' && !details.address && chosen.address) {
      set('address')(chosen.address);
    }
  }

  function addProduct(item: InventoryItem) {
    setProductQuery('');
    setErrors((was) => ({ ...was, lines: undefined }));
    setLines((was) => {
      const at = was.findIndex((line) => line.id === item.id);
      if (at >= 0) {
        return was.map((line, index) =>
          index === at ? { ...line, quantity: String(Number(line.quantity || 0) + 1) } : line,
        );
      }
      return [
        ...was,
        { id: item.id, name: itemName(item), price_cents: centsOf(item.listPrice), quantity: '1' },
      ];
    });
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const badQuantity = quantities.some(
      (quantity) => !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY,
    );
    const problems: Errors = {};
    if (badQuantity) problems.lines = CUSTOMER_ORDER_MESSAGES.quantity;
    if (!customer) problems.customer = CUSTOMER_ORDER_MESSAGES.customer;
    const products = lines.map(({ id: productId, name, price_cents }) => ({
      id: productId,
      name,
      price_cents,
    }));
    if (!order) {
      const parsed = v.safeParse(CustomerOrderCreateSchema, {
        id: crypto.randomUUID(),
        customer_id: customer?.id ?? '',
        ...details,
        lines: lines.map((line, at) => ({ product_id: line.id, quantity: quantities[at] })),
      });
      const all = { ...(parsed.success ? {} : problemsOf(parsed.issues)), ...problems };
      if (!parsed.success || Object.keys(problems).length > 0 || !customer) {
        setErrors(all);
        return;
      }
      setBusy(true);
      try {
        const { id: _made, ...create } = parsed.output;
        const madeId = await takeOrder(create, { customer: customer.name, products });
        showToast(ORDERS_TEXT.saved(customer.name), 'success');
        onSaved(madeId);
      } finally {
        setBusy(false);
      }
      return;
    }
    // A change: the details that differ, each line whose quantity differs (0: taken off).
    const checked: Record<string, unknown> = {};
    for (const key of Object.keys(ORDER_FIELDS) as OrderField[]) {
      const result = v.safeParse(ORDER_FIELDS[key], details[key]);
      if (result.success) checked[key] = result.output;
      else problems[key] = result.issues[0].message;
    }
    const changes = Object.fromEntries(
      Object.entries(checked).filter(([key, value]) => !sameValue(order[key as OrderField], value)),
    );
    const before = new Map(order.lines.map((line) => [line.product_id, line.quantity]));
    const lineChanges: OrderLineChange[] = [
      ...order.lines
        .filter((line) => !lines.some((kept) => kept.id === line.product_id))
        .map((line) => ({ product_id: line.product_id, quantity: 0 })),
      ...lines
        .map((line, at) => ({ product_id: line.id, quantity: quantities[at] as number }))
        .filter((line) => before.get(line.product_id) !== line.quantity),
    ];
    if (lines.length === 0) problems.lines = CUSTOMER_ORDER_MESSAGES.lines;
    const parsed = v.safeParse(CustomerOrderPatchSchema, {
      base_version: Math.max(order.version, 1),
      changes,
      lines: lineChanges,
    });
    const after = { ...order, ...changes };
    if (after.kind === 'delivery' && !after.address)
      problems.address = CUSTOMER_ORDER_MESSAGES.address;
    const nothing = Object.keys(changes).length === 0 && lineChanges.length === 0;
    const all = { ...(nothing || parsed.success ? {} : problemsOf(parsed.issues)), ...problems };
    if (Object.keys(all).length > 0) {
      setErrors(all);
      return;
    }
    setBusy(true);
    try {
      if (!nothing) await changeOrder(order, { changes, lines: lineChanges }, products);
      showToast(ORDERS_TEXT.saved(order.customer), 'success');
      onSaved(order.id);
    } finally {
      setBusy(false);
    }
  }

  const input = (key: Exclude<OrderField, 'kind'>, label: string, type = 'text') => (
    <Field label={label} error={errors[key]}>
      {(control) =>
        key === 'address' || key === 'notes' ? (
          <textarea
            {...control}
            className="field__input"
            rows={2}
            value={details[key]}
            onChange={(event) => set(key)(event.target.value)}
          />
        ) : (
          <input
            {...control}
            className="field__input"
            type={type}
            value={details[key]}
            onChange={(event) => set(key)(event.target.value)}
          />
        )
      }
    </Field>
  );

  return (
    <Modal
      title={order ? ORDERS_TEXT.editOrder : ORDERS_TEXT.takeOrder}
      onClose={onClose}
      footer={
        <DialogFooter confirmLabel="Save" form={`${id}-form`} busy={busy} onCancel={onClose} />
      }
    >
      <form id={`${id}-form`} className="order-form" noValidate onSubmit={save}>
        {customer ? (
          <div className="field">
            <span className="field__label">{ORDERS_TEXT.customer}</span>
            <div className="order-form__chosen">
              <strong>{customer.name}</strong>
              {order ? null : (
                <button
                  type="button"
                  className="button button--link"
                  onClick={() => setCustomer(null)}
                >
                  {ORDERS_TEXT.change}
                </button>
              )}
            </div>
          </div>
        ) : (
          <Field
            label={ORDERS_TEXT.findCustomer}
            error={errors.customer}
            hint={customers.length === 0 ? ORDERS_TEXT.noCustomers : undefined}
          >
            {(control) => (
              <input
                {...control}
                className="field__input"
                type="search"
                autoComplete="off"
                placeholder={ORDERS_TEXT.findCustomerPlaceholder}
                value={customerQuery}
                onChange={(event) => setCustomerQuery(event.target.value)}
              />
            )}
          </Field>
        )}
        {!customer && customerQuery.trim() ? (
          <Matches
            label="Customers found"
            none={ORDERS_TEXT.noCustomerMatch}
            items={customerMatches.map((match) => ({
              key: match.id,
              name: match.name,
              aside: match.phone ?? match.email ?? '',
              pick: () => chooseCustomer(match),
            }))}
          />
        ) : null}
        <fieldset className="order-form__kinds">
          <legend>Pickup or delivery</legend>
          {ORDER_KINDS.map((kind) => (
            <label key={kind} className="order-form__kind">
              <input
                type="radio"
                name={`${id}-kind`}
                value={kind}
                checked={details.kind === kind}
                onChange={() => {
                  setDetails((was) => ({
                    ...was,
                    kind,
                    address:
                      kind === 'delivery' && !was.address ? (customer?.address ?? '') : was.address,
                  }));
                }}
              />
              {ORDER_KIND_LABELS[kind]}
            </label>
          ))}
        </fieldset>
        <div className="order-form__row">
          {input('due_on', 'Day', 'date')}
          {input('window_from', 'From', 'time')}
          {input('window_to', 'To', 'time')}
        </div>
        {details.kind === 'delivery' || details.address
          ? input('address', 'Delivery address')
          : null}
        <Field
          label={ORDERS_TEXT.addProduct}
          error={errors.lines}
          hint={catalogue.length === 0 ? ORDERS_TEXT.noCatalogue : undefined}
        >
          {(control) => (
            <input
              {...control}
              className="field__input"
              type="search"
              autoComplete="off"
              placeholder={ORDERS_TEXT.addProductPlaceholder}
              value={productQuery}
              onChange={(event) => setProductQuery(event.target.value)}
              onKeyDown={(event) => {
                // A scanner ends its code with Enter: one product found is added at once.
                if (event.key !== 'Enter') return;
                event.preventDefault();
                const [only] = productMatches;
                if (productMatches.length === 1 && only) addProduct(only);
              }}
            />
          )}
        </Field>
        {productQuery.trim() ? (
          <Matches
            label="Products found"
            none={ORDERS_TEXT.noProductMatch}
            items={productMatches.map((item) => ({
              key: String(item.id),
              name: itemName(item),
              aside: formatCents(centsOf(item.listPrice)),
              pick: () => addProduct(item),
            }))}
          />
        ) : null}
        {lines.length > 0 ? (
          <div className="detail-table-wrap">
            <table className="detail-table order-form__lines">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Price</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">
                    <span className="visually-hidden">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <tr key={line.id}>
                    <td>{line.name}</td>
                    <td>{formatCents(line.price_cents)}</td>
                    <td>
                      <input
                        className="field__input order-form__quantity"
                        inputMode="numeric"
                        aria-label={ORDERS_TEXT.quantityOf(line.name)}
                        value={line.quantity}
                        onChange={(event) =>
                          setLines((was) =>
                            was.map((kept) =>
                              kept.id === line.id
                                ? { ...kept, quantity: event.target.value }
                                : kept,
                            ),
                          )
                        }
                      />
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button button--link"
                        aria-label={ORDERS_TEXT.remove(line.name)}
                        onClick={() => setLines((was) => was.filter((kept) => kept.id !== line.id))}
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {lines.length > 0 ? (
          <>
            <p className="order-form__total">
              <span>Total</span>
              <span>{formatCents(totalCents)}</span>
            </p>
            <p className="orders-empty">{ORDERS_TEXT.priceNote}</p>
          </>
        ) : null}
        {input('notes', 'Notes')}
      </form>
    </Modal>
  );
}

/** What a search found, each a button that picks it; a line saying so when nothing was. */
function Matches({
  label,
  none,
  items,
}: {
  label: string;
  none: string;
  items: { key: string; name: string; aside: string; pick: () => void }[];
}) {
  if (items.length === 0) return <p className="orders-empty">{none}</p>;
  return (
    <ul className="order-form__matches" aria-label={label}>
      {items.map((item) => (
        <li key={item.key}>
          <button
            type="button"
            className="button button--secondary order-form__match"
            onClick={item.pick}
          >
            <span>{item.name}</span>
            <span>{item.aside}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
