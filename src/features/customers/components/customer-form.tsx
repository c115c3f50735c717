import { type FormEvent, useId, useMemo, useState } from 'react';
import * as v from 'valibot';
import { addCustomer, editCustomer } from '#data/repositories/customers.ts';
import { localDay } from '#data/time-zone.ts';
import {
  CUSTOMER_FIELD_KEYS,
  CUSTOMER_FIELD_LABELS,
  CUSTOMER_FIELDS,
  type Customer,
  type CustomerChanges,
  type CustomerField,
} from '#domains/customers/customer.ts';
import { matchingCustomers } from '#domains/customers/customer-match.ts';
import { sameValue } from '#shared/sync/field-merge.ts';
import { DialogFooter } from '#ui/dialog-footer.tsx';
import { Field } from '#ui/field.tsx';
import { Modal } from '#ui/modal.tsx';
import { showToast } from '#ui/toast.tsx';
import { CUSTOMERS_TEXT } from '../customers-text.ts';
import { calendarDayText } from './customer-format.ts';

type TextField = Exclude<CustomerField, 'tags' | 'marketing_consent'>;

interface Typed extends Record<TextField, string> {
  tags: string;
  /** The day consent was given, or null: the box is unticked. */
  marketing_consent: string | null;
}

const typedOf = (customer: Customer | null): Typed => ({
  name: customer?.name ?? '',
  email: customer?.email ?? '',
  phone: customer?.phone ?? '',
  address: customer?.address ?? '',
  notes: customer?.notes ?? '',
  birthday: customer?.birthday ?? '',
  member_number: customer?.member_number ?? '',
  tags: customer?.tags.join(', ') ?? '',
  marketing_consent: customer?.marketing_consent ?? null,
});

type Values = Required<CustomerChanges>;
type Errors = Partial<Record<CustomerField, string>>;

/** What was typed, as the customer's values, or each field's problem. */
function checked(typed: Typed): { ok: true; values: Values } | { ok: false; errors: Errors } {
  const errors: Errors = {};
  const values: Record<string, unknown> = {};
  for (const key of CUSTOMER_FIELD_KEYS) {
    const raw = key === 'tags' ? typed.tags.split(',') : typed[key];
    const result = v.safeParse(CUSTOMER_FIELDS[key], raw);
    if (result.success) values[key] = result.output;
    else errors[key] = result.issues[0].message;
  }
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, values: values as Values };
}

/**
 * Adding a customer, or changing one: only the fields changed are sent, merged field by field.
 * A customer whose email or phone another customer has is pointed out before it is saved; the
 * person may open that one instead, or save anyway.
 */
export function CustomerForm({
  customer,
  customers,
  onClose,
  onOpen,
}: {
  customer: Customer | null;
  /** Every customer on this device, to warn of the same email or phone. */
  customers: readonly Customer[];
  onClose: () => void;
  onOpen: (id: string) => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState<Typed>(() => typedOf(customer));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  // The matches the person was shown and chose to save past.
  const [warned, setWarned] = useState<string | null>(null);
  const matches = useMemo(
    () =>
      matchingCustomers(customers, { id: customer?.id, email: typed.email, phone: typed.phone }),
    [customers, customer?.id, typed.email, typed.phone],
  );
  const matchKey = matches.map((match) => `${match.customer.id}:${match.by}`).join();

  async function save(event: FormEvent) {
    event.preventDefault();
    const result = checked(typed);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    if (matches.length > 0 && warned !== matchKey) {
      setWarned(matchKey);
      return;
    }
    setBusy(true);
    try {
      if (customer) {
        const changes = Object.fromEntries(
          Object.entries(result.values).filter(
            ([key, value]) => !sameValue(customer[key as CustomerField], value),
          ),
        ) as CustomerChanges;
        if (Object.keys(changes).length > 0) await editCustomer(customer, changes);
      } else {
        await addCustomer(result.values);
      }
      showToast(CUSTOMERS_TEXT.saved(result.values.name), 'success');
      onClose();
    } finally {
      setBusy(false);
    }
  }

  const set = (key: keyof Typed) => (value: string) =>
    setTyped((was) => ({ ...was, [key]: value }));
  const text = (
    key: TextField | 'tags',
    extra: { type?: string; autoComplete?: string; hint?: string; rows?: number } = {},
  ) => (
    <Field key={key} label={CUSTOMER_FIELD_LABELS[key]} error={errors[key]} hint={extra.hint}>
      {(control) =>
        extra.rows ? (
          <textarea
            {...control}
            className="field__input"
            rows={extra.rows}
            value={typed[key]}
            onChange={(event) => set(key)(event.target.value)}
          />
        ) : (
          <input
            {...control}
            className="field__input"
            type={extra.type ?? 'text'}
            autoComplete={extra.autoComplete ?? 'off'}
            value={typed[key]}
            onChange={(event) => set(key)(event.target.value)}
          />
        )
      }
    </Field>
  );
  const showWarning = matches.length > 0 && warned === matchKey;

  return (
    <Modal
      title={customer ? CUSTOMERS_TEXT.editCustomer : CUSTOMERS_TEXT.addCustomer}
      onClose={onClose}
      footer={
        <DialogFooter
          confirmLabel={showWarning ? CUSTOMERS_TEXT.saveAnyway : 'Save'}
          form={`${id}-form`}
          busy={busy}
          onCancel={onClose}
        />
      }
    >
      <form id={`${id}-form`} className="customer-form" noValidate onSubmit={save}>
        {text('name', { autoComplete: 'off' })}
        <div className="customer-form__pair">
          {text('email', { type: 'email' })}
          {text('phone', { type: 'tel' })}
        </div>
        {matches.length > 0 ? (
          <div
            className={`customer-note${showWarning ? ' customer-note--warning' : ''}`}
            role={showWarning ? 'alert' : 'status'}
          >
            {matches.map((match) => (
              <p key={`${match.customer.id}:${match.by}`} className="customer-note__line">
                {match.by === 'email'
                  ? CUSTOMERS_TEXT.sameEmail(match.customer.name)
                  : CUSTOMERS_TEXT.samePhone(match.customer.name)}{' '}
                <button
                  type="button"
                  className="button button--link"
                  onClick={() => onOpen(match.customer.id)}
                >
                  {CUSTOMERS_TEXT.open(match.customer.name)}
                </button>
              </p>
            ))}
            {showWarning ? (
              <p className="customer-note__line">{CUSTOMERS_TEXT.duplicateQuestion}</p>
            ) : null}
          </div>
        ) : null}
        {text('address', { rows: 2 })}
        <div className="customer-form__pair">
          {text('birthday', { type: 'date' })}
          {text('member_number', { hint: CUSTOMERS_TEXT.memberNumberHint })}
        </div>
        {text('tags', { hint: CUSTOMERS_TEXT.tagsHint })}
        <Field
          label={CUSTOMER_FIELD_LABELS.marketing_consent}
          error={errors.marketing_consent}
          hint={
            typed.marketing_consent
              ? CUSTOMERS_TEXT.consentSince(calendarDayText(typed.marketing_consent))
              : CUSTOMERS_TEXT.consentHint
          }
          className="customer-form__consent"
        >
          {(control) => (
            <input
              {...control}
              type="checkbox"
              className="customer-form__check"
              checked={typed.marketing_consent !== null}
              onChange={(event) =>
                setTyped((was) => ({
                  ...was,
                  // Ticked again: the day it was given stays the one first kept.
                  marketing_consent: event.target.checked
                    ? (customer?.marketing_consent ?? localDay(new Date()))
                    : null,
                }))
              }
            />
          )}
        </Field>
        {text('notes', { rows: 3 })}
      </form>
    </Modal>
  );
}
