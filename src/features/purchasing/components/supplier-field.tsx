import type { Supplier } from '#domains/purchasing/supplier.ts';

/**
 * The supplier a purchase order or a delivery is from: a labelled list of the business's
 * suppliers, with the problem said under it when there is one.
 */
export function SupplierField({
  id,
  suppliers,
  value,
  error,
  disabled = false,
  onChange,
}: {
  /** The list's id; the problem's is made from it. */
  id: string;
  suppliers: readonly Supplier[];
  value: string;
  error: string | null;
  disabled?: boolean;
  onChange: (supplierId: string) => void;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Supplier
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Choose a supplier</option>
        {suppliers.map((supplier) => (
          <option key={supplier.id} value={supplier.id}>
            {supplier.name}
          </option>
        ))}
      </select>
      {error ? (
        <span id={errorId} className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
