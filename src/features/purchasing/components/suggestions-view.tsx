import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSuppliers } from '#data/hooks/use-purchasing.ts';
import { draftOrder } from '#data/repositories/buying.ts';
import { reorderSuggestionsQuery } from '#data/repositories/purchasing.ts';
import { MAX_LINE_UNITS } from '#domains/purchasing/purchase-order.ts';
import type { ReorderLine } from '#domains/purchasing/reorder.ts';
import { formatCents } from '#domains/sales/money.ts';
import { PageSpinner } from '#ui/spinner.tsx';
import { showToast } from '#ui/toast.tsx';
import { PURCHASING_TEXT } from '../purchasing-text.ts';
import { typedUnits } from './purchasing-format.ts';

const unitsOf = (text: string) => typedUnits(text, 0, MAX_LINE_UNITS) ?? Number.NaN;

/**
 * Reorder suggestions (GET /purchasing/suggestions): the products at or under their reorder
 * point, by supplier, each with the quantity the server worked out; quantities are changed here,
 * then each supplier's lines become a draft purchase order.
 */
export function SuggestionsView({ online, onDrafted }: { online: boolean; onDrafted: () => void }) {
  const id = useId();
  const suggestions = useQuery({ ...reorderSuggestionsQuery(), enabled: online });
  const suppliers = useSuppliers();
  // Units typed per product, where they differ from the suggestion.
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);

  if (!online && !suggestions.data) {
    return (
      <p className="card purchasing-section purchasing-note">{PURCHASING_TEXT.needsConnection}</p>
    );
  }
  if (suggestions.isPending) return <PageSpinner />;
  if (suggestions.isError) {
    return (
      <div className="card purchasing-section">
        <p className="purchasing-note" role="alert">
          {suggestions.error.message}
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void suggestions.refetch()}
        >
          Try again
        </button>
      </div>
    );
  }
  const groups = suggestions.data.suppliers;
  const unitsText = (line: ReorderLine) => typed[line.product_id] ?? String(line.quantity ?? 0);
  const invalid = (line: ReorderLine) => {
    const units = unitsOf(unitsText(line));
    return !Number.isInteger(units) || units > MAX_LINE_UNITS;
  };
  const anyInvalid = groups.some((group) => group.lines.some(invalid));

  async function createDrafts() {
    if (anyInvalid) return;
    setBusy(true);
    try {
      let made = 0;
      for (const group of groups) {
        const supplier = suppliers?.find((entry) => entry.id === group.supplier_id);
        if (!supplier) continue;
        const lines = group.lines
          .map((line) => ({
            product_id: line.product_id,
            name: line.name,
            units: unitsOf(unitsText(line)),
            unit_cost_cents: line.unit_cost_cents,
          }))
          .filter((line) => line.units > 0);
        if (lines.length === 0) continue;
        await draftOrder(supplier, lines);
        made += 1;
      }
      showToast(PURCHASING_TEXT.draftsMade(made), 'success');
      if (made > 0) onDrafted();
    } finally {
      setBusy(false);
    }
  }

  if (groups.length === 0) {
    return (
      <p className="card purchasing-section purchasing-note">{PURCHASING_TEXT.noSuggestions}</p>
    );
  }

  return (
    <section className="card purchasing-section" aria-label={PURCHASING_TEXT.tabs.suggestions}>
      <div className="purchasing-section__header">
        <h2 className="purchasing-section__title">{PURCHASING_TEXT.tabs.suggestions}</h2>
        <button
          type="button"
          className="button button--primary"
          disabled={busy || anyInvalid || !groups.some((group) => group.supplier_id)}
          onClick={() => void createDrafts()}
        >
          {PURCHASING_TEXT.createDrafts}
        </button>
      </div>
      {groups.map((group) => {
        const value = group.lines.reduce((sum, line) => {
          const units = unitsOf(unitsText(line));
          return sum + (Number.isInteger(units) ? units * line.unit_cost_cents : 0);
        }, 0);
        return (
          <div key={group.supplier_id ?? 'none'} className="purchasing-group">
            <h3 className="purchasing-section__subtitle">
              {group.name ?? PURCHASING_TEXT.noSupplier} · {formatCents(value)}
            </h3>
            {group.supplier_id === null ? (
              <p className="purchasing-note">{PURCHASING_TEXT.noSupplierHint}</p>
            ) : group.minimum_order_cents !== null && value < group.minimum_order_cents ? (
              <p className="purchasing-note purchasing-note--warning">
                {PURCHASING_TEXT.belowMinimum(group.minimum_order_cents)}
              </p>
            ) : null}
            <div className="detail-table-wrap">
              <table className="detail-table purchasing-table">
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Stock</th>
                    <th scope="col">Reorder point</th>
                    <th scope="col">Units to order</th>
                    <th scope="col">Unit cost</th>
                    <th scope="col">Value</th>
                    <th scope="col">Worked out</th>
                  </tr>
                </thead>
                <tbody>
                  {group.lines.map((line) => {
                    const units = unitsOf(unitsText(line));
                    const wrong = invalid(line);
                    return (
                      <tr key={line.product_id}>
                        <td>{line.name}</td>
                        <td>{line.stock}</td>
                        <td>{line.point ?? '—'}</td>
                        <td>
                          <input
                            className="field__input purchasing-units"
                            inputMode="numeric"
                            autoComplete="off"
                            aria-label={`Units of ${line.name}`}
                            aria-invalid={wrong ? true : undefined}
                            aria-describedby={wrong ? `${id}-units` : undefined}
                            value={unitsText(line)}
                            disabled={group.supplier_id === null}
                            onChange={(event) =>
                              setTyped((was) => ({ ...was, [line.product_id]: event.target.value }))
                            }
                          />
                        </td>
                        <td>{formatCents(line.unit_cost_cents)}</td>
                        <td>
                          {Number.isInteger(units)
                            ? formatCents(units * line.unit_cost_cents)
                            : '—'}
                        </td>
                        <td className="purchasing-table__why">
                          {line.automatic
                            ? PURCHASING_TEXT.fromSales(line.explanation)
                            : PURCHASING_TEXT.ownFigures(line.explanation)}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </div>
        );
      })}
      {anyInvalid ? (
        <p id={`${id}-units`} className="field__error" role="alert">
          Enter a whole number of units from 0 to {MAX_LINE_UNITS.toLocaleString('en')}
        </p>
      ) : null}
    </section>
  );
}
