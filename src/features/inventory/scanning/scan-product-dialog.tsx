import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { itemName } from '#domains/products/display-name.ts';
import { formatCurrency } from '#domains/products/format.ts';
import { lookUpScan, searchProducts } from '#domains/products/lookup.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { statusBadge } from '#domains/products/status.ts';
import { Modal } from '#ui/modal.tsx';
import { ScanField } from '#ui/scanning/scan-field.tsx';
import './scan-product.css';
import { SCAN_TEXT } from '#ui/scanning/scan-text.ts';

/** Products offered for a search. */
const MATCHES = 8;

type View =
  | { kind: 'idle' }
  | { kind: 'product'; id: number; note?: string }
  | { kind: 'choose'; title: string; items: InventoryItem[] }
  | { kind: 'new'; code: string }
  | { kind: 'attach'; code: string; query: string }
  | { kind: 'confirm'; code: string; id: number; error?: string }
  | { kind: 'message'; text: string };

export type CatalogueReadiness = 'loading' | 'absent' | 'held';

/**
 * Scan Product (Quick Actions): a code scanned, read by the camera or typed finds its product,
 * to open or to adjust; a code several products share asks which; a new barcode can be added as
 * a product or attached to one. Looks up the catalogue held on the device, so it works offline.
 */
export function ScanProductDialog({
  catalogue,
  readiness,
  onAttach,
  onOpen,
  onAdd,
  onClose,
  canEditCatalogue = true,
}: {
  catalogue: readonly InventoryItem[];
  readiness: CatalogueReadiness;
  /** Adding a product or attaching a code to one: owners and managers. */
  canEditCatalogue?: boolean;
  /** Saves the barcode on the product; answers the problems by field, or null. */
  onAttach: (item: InventoryItem, code: string) => Promise<Record<string, string> | null>;
  onOpen: (item: InventoryItem, action: 'detail' | 'adjust') => void;
  /** Add Inventory, with the barcode filled in. */
  onAdd: (code: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [view, setView] = useState<View>({ kind: 'idle' });
  const byId = useMemo(() => new Map(catalogue.map((item) => [item.id, item])), [catalogue]);

  // A code scanned while the catalogue is still coming is judged once it is here, not against
  // the empty list (it would be called a new barcode).
  const [waiting, setWaiting] = useState<string | null>(null);
  useEffect(() => {
    if (readiness !== 'held' || waiting === null) return;
    setWaiting(null);
    find(waiting);
  });

  function find(typed: string) {
    if (readiness !== 'held') {
      setWaiting(typed);
      return;
    }
    const found = lookUpScan(catalogue, typed, MATCHES);
    switch (found.kind) {
      case 'code': {
        const [only] = found.items;
        if (found.items.length === 1 && only) show(only);
        else
          setView({
            kind: 'choose',
            title: SCAN_TEXT.several(found.items.length),
            items: found.items,
          });
        break;
      }
      case 'new-barcode':
        setView({ kind: 'new', code: found.code });
        break;
      case 'bad-barcode':
        setView({ kind: 'message', text: SCAN_TEXT.badBarcode });
        break;
      case 'search':
        setView(
          found.items.length === 0
            ? { kind: 'message', text: SCAN_TEXT.notFound }
            : { kind: 'choose', title: SCAN_TEXT.matches, items: found.items },
        );
        break;
    }
  }

  function show(item: InventoryItem, note?: string) {
    setText('');
    setView({ kind: 'product', id: item.id, ...(note ? { note } : {}) });
  }

  async function attach(code: string, item: InventoryItem) {
    const errors = await onAttach(item, code);
    if (errors) {
      setView({ kind: 'confirm', code, id: item.id, error: Object.values(errors).join(' ') });
      return;
    }
    show(item, SCAN_TEXT.attached(code));
  }

  let body: ReactNode = null;
  if (readiness !== 'held') {
    body = (
      <p className="scan-product__note" role="status">
        {readiness === 'loading' ? SCAN_TEXT.loading : SCAN_TEXT.absent}
      </p>
    );
  } else if (view.kind === 'product') {
    const item = byId.get(view.id);
    body = item ? (
      <ProductCard item={item} note={view.note} onOpen={onOpen} />
    ) : (
      <p className="scan-product__note" role="status">
        {SCAN_TEXT.notFound}
      </p>
    );
  } else if (view.kind === 'choose') {
    body = <ProductChoice title={view.title} items={view.items} onChoose={(item) => show(item)} />;
  } else if (view.kind === 'new') {
    body = (
      <div className="scan-product__result">
        <p className="scan-product__note" role="status">
          {SCAN_TEXT.newBarcode(view.code)}
          {canEditCatalogue ? '' : ` ${SCAN_TEXT.askToAdd}`}
        </p>
        <div className="scan-product__actions" hidden={!canEditCatalogue}>
          <button type="button" className="button button--primary" onClick={() => onAdd(view.code)}>
            Add as a new product
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setView({ kind: 'attach', code: view.code, query: '' })}
          >
            Attach to a product
          </button>
        </div>
      </div>
    );
  } else if (view.kind === 'attach') {
    const matches = searchProducts(catalogue, view.query, MATCHES);
    body = (
      <div className="scan-product__result">
        <label className="field__label" htmlFor={`${id}-attach`}>
          {SCAN_TEXT.attachPrompt(view.code)}
        </label>
        <input
          id={`${id}-attach`}
          className="field__input"
          value={view.query}
          autoComplete="off"
          placeholder="Product name, producer or SKU"
          // biome-ignore lint/a11y/noAutofocus: the next thing to do is to type the product's name
          autoFocus
          onChange={(event) => setView({ ...view, query: event.target.value })}
        />
        {view.query.trim() && matches.length === 0 ? (
          <p className="scan-product__note" role="status">
            {SCAN_TEXT.notFound}
          </p>
        ) : null}
        {matches.length > 0 ? (
          <ProductChoice
            title={SCAN_TEXT.matches}
            items={matches}
            onChoose={(item) => setView({ kind: 'confirm', code: view.code, id: item.id })}
          />
        ) : null}
        <div className="scan-product__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setView({ kind: 'new', code: view.code })}
          >
            Back
          </button>
        </div>
      </div>
    );
  } else if (view.kind === 'confirm') {
    const item = byId.get(view.id);
    body = item ? (
      <div className="scan-product__result">
        <p className="scan-product__note">
          {SCAN_TEXT.confirmAttach(view.code, itemName(item))}
          {item.barcode ? ` ${SCAN_TEXT.replaces(item.barcode)}` : ''}
        </p>
        {view.error ? (
          <p className="field__error" role="alert">
            {view.error}
          </p>
        ) : null}
        <div className="scan-product__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => void attach(view.code, item)}
          >
            Attach barcode
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setView({ kind: 'attach', code: view.code, query: '' })}
          >
            Back
          </button>
        </div>
      </div>
    ) : null;
  } else if (view.kind === 'message') {
    body = (
      <p className="scan-product__note" role="status">
        {view.text}
      </p>
    );
  }

  return (
    <Modal title="Scan Product" onClose={onClose} size="medium">
      <div className="scan-product">
        <ScanField
          label="Scan or search"
          placeholder="Barcode, SKU or name"
          submitLabel="Find"
          value={text}
          onChange={setText}
          onScan={find}
          closeCameraOnScan
        />
        {body}
      </div>
    </Modal>
  );
}

function ProductCard({
  item,
  note,
  onOpen,
}: {
  item: InventoryItem;
  note?: string | undefined;
  onOpen: (item: InventoryItem, action: 'detail' | 'adjust') => void;
}) {
  const badge = statusBadge(item.status);
  return (
    <article className="scan-product__card" aria-label={itemName(item)}>
      {note ? (
        <p className="scan-product__note" role="status">
          {note}
        </p>
      ) : null}
      <h3 className="scan-product__name">{itemName(item)}</h3>
      <dl className="scan-product__facts">
        <div>
          <dt>Producer</dt>
          <dd>{item.producer || '—'}</dd>
        </div>
        <div>
          <dt>SKU</dt>
          <dd>{item.sku || '—'}</dd>
        </div>
        <div>
          <dt>Barcode</dt>
          <dd>{item.barcode || '—'}</dd>
        </div>
        <div>
          <dt>Stock</dt>
          <dd>
            {item.stock_quantity ?? 0}{' '}
            <span className={`status-badge status-badge--${badge.tone}`}>{badge.label}</span>
          </dd>
        </div>
        <div>
          <dt>List Price</dt>
          <dd>{formatCurrency(item.listPrice)}</dd>
        </div>
      </dl>
      <div className="scan-product__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => onOpen(item, 'detail')}
        >
          Open product
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onOpen(item, 'adjust')}
        >
          Adjust stock
        </button>
      </div>
    </article>
  );
}

function ProductChoice({
  title,
  items,
  onChoose,
}: {
  title: string;
  items: readonly InventoryItem[];
  onChoose: (item: InventoryItem) => void;
}) {
  const id = useId();
  return (
    <div className="scan-product__result">
      <p id={id} className="scan-product__note" role="status">
        {title}
      </p>
      <ul className="product-choices" aria-labelledby={id}>
        {items.map((item) => (
          <li key={item.id}>
            <button type="button" className="product-choice" onClick={() => onChoose(item)}>
              <span>{itemName(item)}</span>
              <span className="product-choice__meta">
                {[item.sku, item.barcode, `${item.stock_quantity ?? 0} in stock`]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
