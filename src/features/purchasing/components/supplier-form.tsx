import { type FormEvent, useId, useState } from 'react';
import * as v from 'valibot';
import { addSupplier, editSupplier } from '#data/repositories/buying.ts';
import {
  SUPPLIER_FIELD_LABELS,
  SUPPLIER_FIELDS,
  SUPPLIER_MESSAGES,
  type Supplier,
  type SupplierChanges,
  type SupplierField,
} from '#domains/purchasing/supplier.ts';
import { parseCents } from '#domains/sales/money.ts';
import { DialogFooter } from '#ui/dialog-footer.tsx';
import { Field } from '#ui/field.tsx';
import { Modal } from '#ui/modal.tsx';
import { MoneyInput } from '#ui/money-input.tsx';
import { showToast } from '#ui/toast.tsx';
import { PURCHASING_TEXT } from '../purchasing-text.ts';
import { centsText } from './purchasing-format.ts';

type Typed = Record<SupplierField, string>;

const typedOf = (supplier: Supplier | null): Typed => ({
  name: supplier?.name ?? '',
  contact: supplier?.contact ?? '',
  email: supplier?.email ?? '',
  phone: supplier?.phone ?? '',
  account_number: supplier?.account_number ?? '',
  lead_days: supplier?.lead_days === null || !supplier ? '' : String(supplier.lead_days),
  minimum_order_cents:
    supplier?.minimum_order_cents === null || !supplier
      ? ''
      : centsText(supplier.minimum_order_cents),
  notes: supplier?.notes ?? '',
});

/** What was typed, as the supplier's values, or each field's problem. */
function checked(
  typed: Typed,
): { ok: true; values: Required<SupplierChanges> } | { ok: false; errors: Partial<Typed> } {
  const errors: Partial<Typed> = {};
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(SUPPLIER_FIELDS) as SupplierField[]) {
    const text = typed[key].trim();
    let raw: unknown = typed[key];
    if (key === 'lead_days')
      raw = text === '' ? null : /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (key === 'minimum_order_cents') {
      const cents = text === '' ? null : parseCents(text);
      if (cents === null && text !== '') {
        errors[key] = SUPPLIER_MESSAGES.minimumOrder;
        continue;
      }
      raw = cents;
    }
    const result = v.safeParse(SUPPLIER_FIELDS[key], raw);
    if (result.success) values[key] = result.output;
    else errors[key] = result.issues[0].message;
  }
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, values: values as Required<SupplierChanges> };
}

/** Adding a supplier, or changing one: only the fields changed are sent, merged field by field. */
export function SupplierForm({
  supplier,
  onClose,
}: {
  supplier: Supplier | null;
  onClose: () => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState<Typed>(() => typedOf(supplier));
  const [errors, setErrors] = useState<Partial<Typed>>({});
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const result = checked(typed);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setBusy(true);
    try {
      if (supplier) {
        const changes = Object.fromEntries(
          Object.entries(result.values).filter(
            ([key, value]) => supplier[key as SupplierField] !== value,
          ),
        ) as SupplierChanges;
        if (Object.keys(changes).length > 0) await editSupplier(supplier, changes);
      } else {
        await addSupplier(result.values);
      }
      showToast(`${result.values.name} saved`, 'success');
      onClose();
    } finally {
      setBusy(false);
    }
  }

  const input = (key: SupplierField, extra: { type?: string; inputMode?: 'numeric' } = {}) => (
    <Field key={key} label={SUPPLIER_FIELD_LABELS[key]} error={errors[key]}>
      {(control) =>
        key === 'minimum_order_cents' ? (
          <MoneyInput
            {...control}
            value={typed[key]}
            onValueChange={(text) => setTyped((was) => ({ ...was, [key]: text }))}
          />
        ) : key === 'notes' ? (
          <textarea
            {...control}
            className="field__input"
            rows={3}
            value={typed[key]}
            onChange={(event) => setTyped((was) => ({ ...was, [key]: event.target.value }))}
          />
        ) : (
          <input
            {...control}
            className="field__input"
            type={extra.type ?? 'text'}
            inputMode={extra.inputMode}
            autoComplete="off"
            value={typed[key]}
            onChange={(event) => setTyped((was) => ({ ...was, [key]: event.target.value }))}
          />
        )
      }
    </Field>
  );

  return (
    <Modal
      title={supplier ? PURCHASING_TEXT.editSupplier : PURCHASING_TEXT.addSupplier}
      onClose={onClose}
      footer={
        <DialogFooter confirmLabel="Save" form={`${id}-form`} busy={busy} onCancel={onClose} />
      }
    >
      <form id={`${id}-form`} className="purchasing-form" noValidate onSubmit={save}>
        {input('name')}
        {input('contact')}
        {input('email', { type: 'email' })}
        {input('phone', { type: 'tel' })}
        {input('account_number')}
        {input('lead_days', { inputMode: 'numeric' })}
        {input('minimum_order_cents')}
        {input('notes')}
      </form>
    </Modal>
  );
}
