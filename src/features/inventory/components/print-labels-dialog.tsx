import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { barcodeModules } from '#domains/products/barcode-bars.ts';
import { formatCurrency } from '#domains/products/format.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { Modal } from '#ui/modal.tsx';

export const MAX_LABELS = 100;

export const LABEL_TEXT = {
  count: `Enter a whole number from 1 to ${MAX_LABELS}`,
  noBarcode: 'This product has no barcode: the label shows its SKU instead.',
} as const;

/** The vintage a product's name carries ('… 2018'), 'NV' for a non-vintage one, else none. */
export function vintageOf(name: string): string | null {
  const year = /\b(19|20)\d{2}\b/.exec(name);
  if (year) return year[0];
  return /\bNV\b/.test(name) ? 'NV' : null;
}

/** A barcode's bars as an SVG: one rect per run of bars, quiet zones on both sides. */
export function BarcodeBars({ code }: { code: string }) {
  const modules = barcodeModules(code);
  if (!modules) return null;
  const quiet = 9;
  const bars: { x: number; width: number }[] = [];
  for (let at = 0; at < modules.length; at += 1) {
    if (modules[at] !== '1') continue;
    const last = bars.at(-1);
    if (last && last.x + last.width === at + quiet) last.width += 1;
    else bars.push({ x: at + quiet, width: 1 });
  }
  return (
    <svg
      className="shelf-label__bars"
      viewBox={`0 0 ${modules.length + 2 * quiet} 40`}
      preserveAspectRatio="none"
      role="img"
      aria-label={`Barcode ${code}`}
    >
      {bars.map((bar) => (
        <rect key={bar.x} x={bar.x} y={0} width={bar.width} height={40} fill="#000" />
      ))}
    </svg>
  );
}

/** One shelf label: name, vintage, price, and the barcode drawn as bars (or the SKU). */
export function ShelfLabel({ item }: { item: InventoryItem }) {
  const vintage = vintageOf(item.product);
  return (
    <div className="shelf-label">
      <p className="shelf-label__name">{item.product}</p>
      <p className="shelf-label__meta">{[item.producer, vintage].filter(Boolean).join(' · ')}</p>
      <p className="shelf-label__price">{formatCurrency(item.listPrice)}</p>
      {item.barcode && barcodeModules(item.barcode) ? (
        <>
          <BarcodeBars code={item.barcode} />
          <p className="shelf-label__code">{item.barcode}</p>
        </>
      ) : (
        <p className="shelf-label__code">{item.sku ?? ''}</p>
      )}
    </div>
  );
}

/**
 * Print Label: how many labels, a preview of one, and Print, which prints a sheet of them (the
 * page's print styles show only the sheet).
 */
export function PrintLabelsDialog({ item, onClose }: { item: InventoryItem; onClose: () => void }) {
  const id = useId();
  const [count, setCount] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const labels = /^\d+$/.test(count.trim()) ? Number(count.trim()) : Number.NaN;
  const valid = Number.isInteger(labels) && labels >= 1 && labels <= MAX_LABELS;

  function print() {
    if (!valid) {
      setError(LABEL_TEXT.count);
      return;
    }
    window.print();
  }

  return (
    <>
      <Modal
        title={`Print labels: ${item.product}`}
        size="small"
        onClose={onClose}
        footer={
          <>
            <button type="button" className="button button--secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="button" className="button button--primary" onClick={print}>
              Print
            </button>
          </>
        }
      >
        <label className="field" htmlFor={`${id}-count`}>
          <span className="field__label">Labels</span>
          <input
            id={`${id}-count`}
            className="field__input"
            inputMode="numeric"
            value={count}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setCount(event.target.value);
              setError(null);
            }}
          />
        </label>
        {error ? (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        {item.barcode && barcodeModules(item.barcode) ? null : (
          <p className="dialog-text">{LABEL_TEXT.noBarcode}</p>
        )}
        <div className="shelf-label-preview">
          <ShelfLabel item={item} />
        </div>
      </Modal>
      {valid
        ? createPortal(
            <div className="print-sheet" aria-hidden="true">
              {Array.from({ length: labels }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: identical labels, in order
                <ShelfLabel key={index} item={item} />
              ))}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
