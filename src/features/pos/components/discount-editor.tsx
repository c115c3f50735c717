import { useId, useState } from 'react';
import type { Discount } from '#domains/sales/money.ts';
import { formatCents, parseCents } from '#domains/sales/money.ts';
import { Field } from '#ui/field.tsx';
import { MoneyInput } from '#ui/money-input.tsx';
import { parseDiscount } from '../basket.ts';

/**
 * A discount (% or $) and, for a line, a price for one unit replacing the shelf price: typed,
 * checked, and applied with Apply or Enter; Escape or Cancel leaves things as they were.
 */
export function DiscountEditor({
  label,
  discount,
  price,
  onApply,
  onCancel,
}: {
  label: string;
  discount: Discount | undefined;
  /** For a line: the price charged now and the shelf's. */
  price?: { unitCents: number; shelfCents: number };
  onApply: (change: { discount: Discount | undefined; unitCents?: number | undefined }) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [kind, setKind] = useState<Discount['kind']>(discount?.kind ?? 'percent');
  const [value, setValue] = useState(
    discount
      ? discount.kind === 'percent'
        ? String(discount.value)
        : (discount.cents / 100).toFixed(2)
      : '',
  );
  const [unit, setUnit] = useState(price ? (price.unitCents / 100).toFixed(2) : '');
  const [problem, setProblem] = useState<string | null>(null);

  function apply() {
    const parsed = parseDiscount(kind, value);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    if (!price) {
      onApply({ discount: parsed.discount });
      return;
    }
    const unitCents = parseCents(unit);
    if (unitCents === null) {
      setProblem('Enter a price such as 39.99');
      return;
    }
    onApply({
      discount: parsed.discount,
      unitCents: unitCents === price.shelfCents ? undefined : unitCents,
    });
  }

  return (
    <fieldset
      className="discount-editor"
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          apply();
        } else if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <legend className="visually-hidden">{label}</legend>
      {price ? (
        <Field label={`Price each (shelf ${formatCents(price.shelfCents)})`} id={`${id}-price`}>
          {(control) => (
            <MoneyInput
              {...control}
              value={unit}
              onValueChange={(text) => {
                setUnit(text);
                setProblem(null);
              }}
            />
          )}
        </Field>
      ) : null}
      <Field id={`${id}-value`} label="Discount">
        {(control) => (
          <div className="discount-editor__row">
            <input
              {...control}
              className="field__input"
              inputMode="decimal"
              value={value}
              // biome-ignore lint/a11y/noAutofocus: the editor opens to take the discount.
              autoFocus={!price}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => {
                setValue(event.target.value);
                setProblem(null);
              }}
            />
            <select
              className="field__input discount-editor__kind"
              aria-label="Discount in"
              value={kind}
              onChange={(event) => setKind(event.target.value as Discount['kind'])}
            >
              <option value="percent">%</option>
              <option value="amount">$</option>
            </select>
          </div>
        )}
      </Field>
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="discount-editor__actions">
        <button type="button" className="button button--secondary button--small" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button button--primary button--small" onClick={apply}>
          Apply
        </button>
      </div>
    </fieldset>
  );
}
