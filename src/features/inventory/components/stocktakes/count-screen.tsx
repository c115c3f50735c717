import { Minus, Plus } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useCountLines } from '#data/hooks/use-stocktakes.ts';
import { countProduct } from '#data/repositories/stocktakes.ts';
import { itemName } from '#domains/products/display-name.ts';
import { lookUpScan } from '#domains/products/lookup.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { MAX_COUNT, type StocktakeSummary } from '#domains/stocktakes/stocktake.ts';
import { ScanField, type ScanFieldHandle } from '#ui/scanning/scan-field.tsx';
import '../../scanning/scan-product.css';
import { SCAN_TEXT } from '#ui/scanning/scan-text.ts';

/** Matches offered for a search. */
const MATCHES = 8;

export const COUNT_TEXT = {
  rule: "Everyone's counts of a product add up (two shelves, two people); counting a product again replaces your own earlier count of it.",
  notSynced: 'This product has not reached the server yet. Count it once it is synced.',
  quantity: 'Enter a whole number of 0 or more',
  outsideScope: (item: InventoryItem, category: string) =>
    `${itemName(item)} is ${item.category ? `in ${item.category}` : 'in no category'}, outside this count of ${category}. Count it anyway?`,
} as const;

/** A product a partial count does not cover: of another category than the count's. */
const outsideScope = (stocktake: StocktakeSummary, item: InventoryItem) =>
  stocktake.scope === 'partial' &&
  stocktake.category !== null &&
  (item.category ?? '').trim().toLowerCase() !== stocktake.category.trim().toLowerCase();

/**
 * Counting on a tablet: scan a code (a hardware scanner types it and presses Enter) or search,
 * then count. With 'each scan adds 1', a scan of a product counts one more at once; otherwise the
 * quantity is typed or stepped. Every count is kept on this device at once and sent as it can
 * be, so counting goes on offline.
 */
export function CountScreen({
  stocktake,
  catalogue,
  online,
  onReview,
  onBack,
}: {
  stocktake: StocktakeSummary;
  catalogue: readonly InventoryItem[];
  online: boolean;
  /** Review and close; absent for a role that only counts. */
  onReview?: (() => void) | undefined;
  onBack: () => void;
}) {
  const id = useId();
  const lines = useCountLines(stocktake.id);
  const counted = useMemo(
    () => new Map((lines ?? []).map((line) => [line.productId, line.quantity])),
    [lines],
  );
  const byId = useMemo(() => new Map(catalogue.map((item) => [item.id, item])), [catalogue]);
  const [code, setCode] = useState('');
  const [matches, setMatches] = useState<InventoryItem[] | null>(null);
  const [selected, setSelected] = useState<InventoryItem | null>(null);
  const [quantity, setQuantity] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  // A product outside the count's scope, waiting for the counter to say whether to count it.
  const [asking, setAsking] = useState<InventoryItem | null>(null);
  const codeRef = useRef<ScanFieldHandle>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  // Counting starts at the scan field, so that a scanner's first code lands there.
  useEffect(() => codeRef.current?.focus(), []);

  // Counts saved from this screen, ahead of the stored lines: a scanner's scans of one product
  // can follow each other faster than the stored lines come back.
  const saved = useRef(new Map<number, number>());
  const countOf = (item: InventoryItem) => saved.current.get(item.id) ?? counted.get(item.id);

  async function save(item: InventoryItem, total: number) {
    saved.current.set(item.id, total);
    await countProduct(stocktake, item.id, total);
    setSaid(`${itemName(item)}: ${total} counted`);
  }

  async function choose(item: InventoryItem, outsideConfirmed = false) {
    setMatches(null);
    setCode('');
    setAsking(null);
    if (!outsideConfirmed && outsideScope(stocktake, item)) {
      setSelected(null);
      setAsking(item);
      return;
    }
    // Added on this device and not yet on the server: a line could not name it.
    if (item.id <= 0) {
      setSelected(null);
      setSaid(COUNT_TEXT.notSynced);
      return;
    }
    if (stocktake.scan_mode === 'scan') {
      setSelected(item);
      await save(item, (countOf(item) ?? 0) + 1);
      codeRef.current?.focus();
      return;
    }
    setSelected(item);
    setQuantity(String(countOf(item) ?? ''));
    setError(null);
    requestAnimationFrame(() => quantityRef.current?.focus());
  }

  async function find(text: string) {
    setSaid(null);
    // A new code or search: the last product's Counted box goes, so that nothing typed next is
    // saved against the wrong bottle.
    setSelected(null);
    setQuantity('');
    setError(null);
    setAsking(null);
    const found = lookUpScan(catalogue, text, MATCHES);
    if (found.kind === 'code' && found.items.length === 1) {
      await choose(found.items[0] as InventoryItem);
      return;
    }
    if (found.kind === 'code' || found.kind === 'search') {
      setMatches(found.items);
      return;
    }
    setMatches(null);
    setSaid(found.kind === 'bad-barcode' ? SCAN_TEXT.badBarcode : SCAN_TEXT.notFound);
  }

  async function saveTyped(event: FormEvent) {
    event.preventDefault();
    if (!selected) return;
    const text = quantity.trim();
    const total = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(total) || total > MAX_COUNT) {
      setError(COUNT_TEXT.quantity);
      return;
    }
    await save(selected, total);
    setSelected(null);
    setQuantity('');
    codeRef.current?.focus();
  }

  const step = (by: number) => {
    const current = Number(quantity) || 0;
    setQuantity(String(Math.max(0, current + by)));
    setError(null);
  };

  // A product deleted since it was counted has left the catalogue, and the count (on the server).
  const countedRows = (lines ?? [])
    .flatMap((line) => {
      const item = byId.get(line.productId);
      return item ? [{ line, item }] : [];
    })
    .map((entry) => ({ ...entry, name: itemName(entry.item) }))
    .sort((a, b) => a.name.localeCompare(b.name));

  return (
    <section className="card stocktake-count" aria-labelledby={`${id}-title`}>
      <div className="stocktake__header">
        <h2 id={`${id}-title`} className="stocktake__title">
          Counting: {stocktake.name}
        </h2>
        <div className="stocktake__actions">
          <button type="button" className="button button--secondary" onClick={onBack}>
            Back to counts
          </button>
          {onReview ? (
            <button
              type="button"
              className="button button--primary"
              onClick={onReview}
              disabled={!online}
            >
              Review and close
            </button>
          ) : null}
        </div>
      </div>
      <p className="stocktake__rule">{COUNT_TEXT.rule}</p>
      {online ? null : (
        <p className="stocktake__note" role="status">
          Offline: counts are kept on this tablet and sent when the connection is back. Reviewing
          needs the connection.
        </p>
      )}
      <ScanField
        handle={codeRef}
        label="Scan or search"
        placeholder="Barcode, SKU or name"
        submitLabel="Find"
        value={code}
        onChange={setCode}
        onScan={(text) => void find(text)}
      />
      {matches !== null ? (
        matches.length === 0 ? (
          <p className="stocktake__note" role="status">
            {SCAN_TEXT.notFound}
          </p>
        ) : (
          <ul className="product-choices" aria-label="Matching products">
            {matches.map((item) => (
              <li key={item.id}>
                <button type="button" className="product-choice" onClick={() => void choose(item)}>
                  <span>{itemName(item)}</span>
                  <span className="product-choice__meta">
                    {item.sku ?? ''}{' '}
                    {counted.has(item.id) ? `· counted ${counted.get(item.id)}` : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {asking && stocktake.category ? (
        <div className="stocktake-count__ask" role="alertdialog" aria-labelledby={`${id}-ask`}>
          <p id={`${id}-ask`}>{COUNT_TEXT.outsideScope(asking, stocktake.category)}</p>
          <div className="stocktake__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setAsking(null);
                codeRef.current?.focus();
              }}
            >
              Skip
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void choose(asking, true)}
            >
              Count it
            </button>
          </div>
        </div>
      ) : null}
      {selected && stocktake.scan_mode === 'type' ? (
        <form className="stocktake-count__entry" noValidate onSubmit={saveTyped}>
          <p className="stocktake-count__product">{itemName(selected)}</p>
          <label className="field__label" htmlFor={`${id}-quantity`}>
            Counted
          </label>
          <div className="stocktake-count__stepper">
            <button
              type="button"
              className="button button--secondary"
              aria-label="One less"
              onClick={() => step(-1)}
            >
              <Minus size={18} aria-hidden="true" />
            </button>
            <input
              ref={quantityRef}
              id={`${id}-quantity`}
              className="field__input"
              inputMode="numeric"
              autoComplete="off"
              value={quantity}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-quantity-error` : undefined}
              onChange={(event) => {
                setQuantity(event.target.value);
                setError(null);
              }}
            />
            <button
              type="button"
              className="button button--secondary"
              aria-label="One more"
              onClick={() => step(1)}
            >
              <Plus size={18} aria-hidden="true" />
            </button>
            <button type="submit" className="button button--primary">
              Save count
            </button>
          </div>
          {error ? (
            <span id={`${id}-quantity-error`} className="field__error" role="alert">
              {error}
            </span>
          ) : null}
        </form>
      ) : null}
      <p className="stocktake__said" role="status">
        {said ?? ''}
      </p>
      <h3 className="stocktake__subtitle">Counted on this tablet ({countedRows.length})</h3>
      {countedRows.length === 0 ? (
        <p className="stocktake__note">Nothing counted here yet.</p>
      ) : (
        <table className="detail-table stocktake__table">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Counted</th>
            </tr>
          </thead>
          <tbody>
            {countedRows.map(({ line, item }) => (
              <tr key={line.productId}>
                <td>{itemName(item)}</td>
                <td>{line.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
