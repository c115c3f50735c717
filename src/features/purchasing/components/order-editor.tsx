import { Trash2 } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useSuppliers } from '#data/hooks/use-purchasing.ts';
import { draftOrder, editDraftOrder } from '#data/repositories/buying.ts';
import { itemName } from '#domains/products/display-name.ts';
import { codeIndex, lookUpScan } from '#domains/products/lookup.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { MAX_LINE_UNITS, ORDER_MESSAGES, type Order } from '#domains/purchasing/purchase-order.ts';
import { caseSizeOf } from '#domains/purchasing/receiving-scan.ts';
import { centsOf, formatCents, parseCents } from '#domains/sales/money.ts';
import { MoneyInput } from '#ui/money-input.tsx';
import { SCAN_TEXT } from '#ui/scanning/scan-text.ts';
import { PageSpinner } from '#ui/spinner.tsx';
import { showToast } from '#ui/toast.tsx';
import { PURCHASING_TEXT } from '../purchasing-text.ts';
import { centsText, typedUnits } from './purchasing-format.ts';
import { SupplierChoice } from './supplier-choice.tsx';

const MATCHES = 8;

interface TypedLine {
  productId: number;
  name: string;
  caseSize: number;
  units: string;
  cost: string;
}

const wholeUnits = (text: string) => typedUnits(text, 1, MAX_LINE_UNITS);

/**
 * A purchase order made by hand, or a draft's lines changed: products found by name, SKU or
 * barcode, each in units (a case adds the product's case size) at an expected cost ex GST.
 */
export function OrderEditor({
  catalogue,
  order,
  onSaved,
  onCancel,
}: {
  catalogue: readonly InventoryItem[];
  /** The draft to change; without it, a new order. */
  order?: Order | undefined;
  onSaved: (orderId: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const suppliers = useSuppliers();
  const byId = useMemo(() => new Map(catalogue.map((item) => [item.id, item])), [catalogue]);
  const codes = useMemo(() => codeIndex(catalogue), [catalogue]);
  const [supplierId, setSupplierId] = useState(order?.supplier_id ?? '');
  const [lines, setLines] = useState<TypedLine[]>(() =>
    (order?.lines ?? []).map((line) => ({
      productId: line.product_id,
      name: line.name,
      caseSize: caseSizeOf(byId.get(line.product_id) ?? {}),
      units: String(line.units),
      cost: centsText(line.unit_cost_cents),
    })),
  );
  const [search, setSearch] = useState('');
  const [matches, setMatches] = useState<InventoryItem[] | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);

  if (suppliers === undefined) return <PageSpinner />;

  const lineProblem = (line: TypedLine) =>
    wholeUnits(line.units) === null
      ? ORDER_MESSAGES.units
      : parseCents(line.cost) === null
        ? ORDER_MESSAGES.cost
        : null;
  const total = lines.reduce(
    (sum, line) => sum + (wholeUnits(line.units) ?? 0) * (parseCents(line.cost) ?? 0),
    0,
  );

  function add(item: InventoryItem) {
    setMatches(null);
    setSearch('');
    if (item.id <= 0) {
      setSaid(PURCHASING_TEXT.notSynced);
      return;
    }
    setSaid(null);
    setLines((was) => {
      const held = was.find((line) => line.productId === item.id);
      const size = caseSizeOf(item);
      if (held) {
        return was.map((line) =>
          line === held ? { ...line, units: String((wholeUnits(line.units) ?? 0) + size) } : line,
        );
      }
      return [
        ...was,
        {
          productId: item.id,
          name: itemName(item),
          caseSize: size,
          units: String(size),
          cost: centsText(centsOf(item.luc)),
        },
      ];
    });
  }

  function find(event: FormEvent) {
    event.preventDefault();
    const found = lookUpScan(catalogue, search, MATCHES, codes);
    if (found.kind === 'code' && found.items.length === 1) {
      add(found.items[0] as InventoryItem);
      return;
    }
    if (found.kind === 'code' || found.kind === 'search') {
      setMatches(found.items);
      setSaid(found.items.length === 0 ? SCAN_TEXT.notFound : null);
      return;
    }
    setMatches(null);
    setSaid(found.kind === 'bad-barcode' ? SCAN_TEXT.badBarcode : SCAN_TEXT.notFound);
  }

  const change = (productId: number, patch: Partial<TypedLine>) =>
    setLines((was) =>
      was.map((line) => (line.productId === productId ? { ...line, ...patch } : line)),
    );

  async function save() {
    setChecked(true);
    const supplier = suppliers?.find((entry) => entry.id === supplierId);
    if (!supplier || lines.length === 0 || lines.some((line) => lineProblem(line) !== null)) return;
    const typed = lines.map((line) => ({
      product_id: line.productId,
      name: line.name,
      units: wholeUnits(line.units) as number,
      unit_cost_cents: parseCents(line.cost) as number,
    }));
    setBusy(true);
    try {
      if (order) {
        await editDraftOrder(order, typed);
        showToast(`${order.number || PURCHASING_TEXT.notNumbered}: saved`, 'success');
        onSaved(order.id);
      } else {
        const made = await draftOrder(supplier, typed);
        showToast(PURCHASING_TEXT.draftsMade(1), 'success');
        onSaved(made.id);
      }
    } finally {
      setBusy(false);
    }
  }

  const supplierError = checked && !suppliers.some((entry) => entry.id === supplierId);
  return (
    <section className="card purchasing-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="purchasing-section__title">
        {order
          ? `${PURCHASING_TEXT.editOrder}: ${order.number || PURCHASING_TEXT.notNumbered}`
          : PURCHASING_TEXT.newOrder}
      </h2>
      <SupplierChoice
        id={`${id}-supplier`}
        suppliers={suppliers}
        value={supplierId}
        error={supplierError ? 'Choose the supplier to order from' : null}
        disabled={order !== undefined}
        onChange={setSupplierId}
      />
      <form className="purchasing-search" onSubmit={find}>
        <label className="field__label" htmlFor={`${id}-search`}>
          Add a product
        </label>
        <div className="purchasing-actions">
          <input
            id={`${id}-search`}
            className="field__input purchasing-search__input"
            placeholder="Name, SKU or barcode"
            autoComplete="off"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <button type="submit" className="button button--secondary">
            Find
          </button>
        </div>
      </form>
      {said ? (
        <p className="purchasing-note" role="status">
          {said}
        </p>
      ) : null}
      {matches && matches.length > 0 ? (
        <ul className="product-choices" aria-label={SCAN_TEXT.matches}>
          {matches.map((item) => (
            <li key={item.id}>
              <button type="button" className="product-choice" onClick={() => add(item)}>
                <span>{itemName(item)}</span>
                <span className="product-choice__meta">
                  {item.sku ?? ''} · LUC {formatCents(centsOf(item.luc))}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {lines.length === 0 ? (
        <p className="purchasing-note" role={checked ? 'alert' : undefined}>
          {checked ? ORDER_MESSAGES.lines : 'No products on this order yet.'}
        </p>
      ) : (
        <div className="detail-table-wrap">
          <table className="detail-table purchasing-table">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Units</th>
                <th scope="col">Unit cost (ex GST)</th>
                <th scope="col">Total</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => {
                const problem = checked ? lineProblem(line) : null;
                const units = wholeUnits(line.units);
                const cost = parseCents(line.cost);
                return (
                  <tr key={line.productId}>
                    <th scope="row" className="receiving-line__name">
                      {line.name}
                      {problem ? (
                        <span className="field__error" role="alert">
                          {problem}
                        </span>
                      ) : null}
                    </th>
                    <td>
                      <div className="purchasing-actions">
                        <input
                          className="field__input purchasing-units"
                          inputMode="numeric"
                          autoComplete="off"
                          aria-label={`Units of ${line.name}`}
                          aria-invalid={problem === ORDER_MESSAGES.units ? true : undefined}
                          value={line.units}
                          onChange={(event) =>
                            change(line.productId, { units: event.target.value })
                          }
                        />
                        {line.caseSize > 1 ? (
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            onClick={() =>
                              change(line.productId, {
                                units: String((units ?? 0) + line.caseSize),
                              })
                            }
                          >
                            + case of {line.caseSize}
                          </button>
                        ) : null}
                      </div>
                    </td>
                    <td>
                      <MoneyInput
                        className="receiving-line__cost"
                        aria-label={`Unit cost of ${line.name}`}
                        aria-invalid={problem === ORDER_MESSAGES.cost ? true : undefined}
                        value={line.cost}
                        onValueChange={(text) => change(line.productId, { cost: text })}
                      />
                    </td>
                    <td>{units !== null && cost !== null ? formatCents(units * cost) : '—'}</td>
                    <td>
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-label={`Remove ${line.name}`}
                        onClick={() =>
                          setLines((was) =>
                            was.filter((entry) => entry.productId !== line.productId),
                          )
                        }
                      >
                        <Trash2 size={16} aria-hidden="true" />
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  Total
                </th>
                <td>{formatCents(total)}</td>
                <td />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <div className="purchasing-actions purchasing-actions--end">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void save()}
        >
          {order ? 'Save order' : 'Save draft'}
        </button>
      </div>
    </section>
  );
}
