import type { Supplier } from '#domains/purchasing/supplier.ts';
import { Field } from '#ui/field.tsx';

/** The supplier a purchase order or a delivery is from: the business's suppliers to pick from. */
export function SupplierChoice({
  id,
  suppliers,
  value,
  error,
  disabled = false,
  onChange,
}: {
  id: string;
  suppliers: readonly Supplier[];
  value: string;
  error: string | null;
  disabled?: boolean;
  onChange: (supplierId: string) => void;
}) {
  return (
    <Field id={id} label="Supplier" error={error}>
      {(control) => (
        <select
          {...control}
          className="field__input"
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">Choose a supplier</option>
          {suppliers.map((supplier) => (
            <option key={supplier.id} value={supplier.id}>
              {supplier.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
