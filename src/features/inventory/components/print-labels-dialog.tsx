import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { barcodeModules } from '#domains/products/barcode-bars.ts';
import { unusualSize } from '#domains/products/display-name.ts';
import { formatCurrency } from '#domains/products/format.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { plural } from '#shared/words.ts';
import { DialogFooter } from '#ui/dialog-footer.tsx';
import { Modal } from '#ui/modal.tsx';

export const MAX_LABELS = 100;

/** The most products one sheet of labels takes: beyond it, a search narrows the rows. */
export const MAX_SHEET_PRODUCTS = 500;

export const LABEL_TEXT = {
  count: `Enter a whole number from 1 to ${MAX_LABELS}`,
  noBarcode: 'This product has no barcode: the label shows its SKU instead.',
  sheet: (products: number) =>
    `One label for each of the ${plural(products, 'product')} the table shows, in its order.`,
  tooMany: (products: number) =>
    `The table shows ${plural(products, 'product')}: search to narrow them to ${MAX_SHEET_PRODUCTS.toLocaleString('en')} or fewer to print their labels.`,
  noBarcodes: (products: number) =>
    `${plural(products, 'product')} without a barcode: their labels show the SKU instead.`,
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
  const vintage = item.vintage ?? vintageOf(item.product);
  return (
    <div className="shelf-label">
      <p className="shelf-label__name">{item.product}</p>
      <p className="shelf-label__meta">
        {[item.producer, vintage, unusualSize(item.bottle_ml)].filter(Boolean).join(' · ')}
      </p>
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
 * Print Label: for one product, how many labels (1 to 100); for the rows the table shows (a
 * search picks them), one label each. A preview of the first, and Print, which prints a sheet
 * of them (the page's print styles show only the sheet).
 */
export function PrintLabelsDialog({
  items,
  onClose,
}: {
  /** One product, or the rows the table shows, in its order. */
  items: readonly InventoryItem[];
  onClose: () => void;
}) {
  const id = useId();
  const [count, setCount] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const [first] = items;
  const single = items.length === 1;
  const copies = /^\d+$/.test(count.trim()) ? Number(count.trim()) : Number.NaN;
  const valid = single
    ? Number.isInteger(copies) && copies >= 1 && copies <= MAX_LABELS
    : items.length >= 1 && items.length <= MAX_SHEET_PRODUCTS;
  const withoutBarcode = items.filter(
    (item) => !(item.barcode && barcodeModules(item.barcode)),
  ).length;

  function print() {
    if (!valid) {
      setError(single ? LABEL_TEXT.count : LABEL_TEXT.tooMany(items.length));
      return;
    }
    window.print();
  }

  if (!first) return null;
  const sheet = !valid ? [] : single ? Array.from({ length: copies }, () => first) : items;
  return (
    <>
      <Modal
        title={
          single
            ? `Print labels: ${first.product}`
            : `Print labels: ${plural(items.length, 'product')}`
        }
        size="small"
        onClose={onClose}
        footer={<DialogFooter confirmLabel="Print" onCancel={onClose} onConfirm={print} />}
      >
        {single ? (
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
        ) : (
          <p className="dialog-text">
            {valid ? LABEL_TEXT.sheet(items.length) : LABEL_TEXT.tooMany(items.length)}
          </p>
        )}
        {error && single ? (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        {withoutBarcode === 0 ? null : (
          <p className="dialog-text">
            {single ? LABEL_TEXT.noBarcode : LABEL_TEXT.noBarcodes(withoutBarcode)}
          </p>
        )}
        <div className="shelf-label-preview">
          <ShelfLabel item={first} />
        </div>
      </Modal>
      {sheet.length > 0
        ? createPortal(
            <div className="print-sheet print-sheet--labels" aria-hidden="true">
              {sheet.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a product may repeat, in order
                <ShelfLabel key={index} item={item} />
              ))}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
